import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { readFormPost, rejected, textValues, validateForm } from "~/flow/forms.server";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import { deskDetailsSchema, deskHoldSchema, squeezeSchema } from "~/console/schemas.server";
import { bookForCaller, deskBookingPage, DESK_REFUSALS, holdForCaller, keepQuery, SQUEEZERS, squeezeConflicts, squeezeIn } from "~/console/desk.server";
import { requireStaff } from "~/console/staff.server";
import { ConsoleForm, ConsolePage, SelectField, Tag } from "~/ui/console";
import { ChoiceGroup, TextField } from "~/ui/form";
import { TimePickerMore, TimePickerNav, TimePickerSlots } from "~/ui/time-picker";

const DESK_TAKEN = "Sorry, that time was just taken. The times below are still free.";

export const meta: MetaFunction = () => [{ title: "New visit: service and time — Studio console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  return json(await deskBookingPage(user, params.slug ?? "", params.patientId, new URL(request.url)));
}

const KEPT = ["insurance", "memberId", "sms", "note", "together", "service", "providerId", "day", "time", "reason", "other", "hold"];

/** Three posts: hold the chosen time, book the held time, or (managers) squeeze a visit in. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const slug = params.slug ?? "";
  const base = `/staff/studios/${slug}/book/${params.patientId}`;
  const { form } = await readFormPost(request);
  const intent = form.get("intent");
  const t = tFor(DEFAULT_LOCALE);
  if (intent === "hold") {
    const parsed = await validateForm(form, deskHoldSchema, t, undefined, { intent: "hold", keep: ["slot"] });
    if (!parsed.ok) return parsed.response;
    const held = await holdForCaller(user, slug, { service: parsed.value.service, provider: parsed.value.provider, startsAt: new Date(parsed.value.slot) });
    const keep = keepQuery({ service: parsed.value.service, provider: parsed.value.provider });
    if (held.ok) throw redirect(`${base}?${keep}hold=${held.bookingId}`, 303);
    // The funnel's answer to a lost race: the times again, read fresh, with the message.
    if (held.code === "taken") throw redirect(`${base}?${keep}taken=1`, 303);
    return rejected({}, { "": [DESK_REFUSALS.generic_error] }, { status: 503, intent: "hold" });
  }
  const values = textValues(form, KEPT);
  if (intent === "book") {
    const details = await validateForm(form, deskDetailsSchema, t, undefined, { intent: "book", keep: KEPT });
    if (!details.ok) return details.response;
    const outcome = await bookForCaller(user, slug, params.patientId, { holdId: String(form.get("hold") ?? ""), service: String(form.get("service") ?? ""), details: details.value });
    if (outcome.ok) throw redirect(`/staff/visits/${outcome.visitId}?done=booked`, 303);
    if (outcome.code === "availability_conflict" || outcome.code === "hold_gone") {
      const keep = keepQuery({ service: String(form.get("service") ?? ""), provider: String(form.get("provider") ?? "any") });
      throw redirect(`${base}?${keep}taken=1`, 303);
    }
    return rejected(values, { "": [DESK_REFUSALS[outcome.code]] }, { status: outcome.code === "generic_error" ? 503 : 409, intent: "book" });
  }
  if (intent === "squeeze") {
    // The front desk's post is refused whatever it carries (issue 38 D): checked here and again in the layer below.
    if (!SQUEEZERS.includes(user.role)) return rejected(values, { "": ["Only a manager can squeeze a visit in. Choose a free time, or ask your manager."] }, { status: 403, intent: "squeeze" });
    const parsed = await validateForm(form, squeezeSchema, t, undefined, { intent: "squeeze", keep: KEPT });
    if (!parsed.ok) return parsed.response;
    const details = await validateForm(form, deskDetailsSchema, t, undefined, { intent: "squeeze", keep: KEPT });
    if (!details.ok) return details.response;
    const seen = await squeezeConflicts(user, slug, parsed.value);
    if (!seen) return rejected(values, { time: ["That provider does not give this service, or the time does not exist that day."] }, { intent: "squeeze" });
    // The conflicts are shown before anything is saved; the manager confirms having seen them.
    if (form.get("confirm") !== "yes") return json({ intent: "squeeze-check" as const, values, when: seen.when, provider: seen.provider.name, conflicts: seen.conflicts });
    const outcome = await squeezeIn(user, slug, params.patientId, { ...parsed.value, details: details.value });
    if (outcome?.ok) throw redirect(`/staff/visits/${outcome.visitId}?done=booked`, 303);
    return rejected(values, { "": [outcome ? DESK_REFUSALS[outcome.code as keyof typeof DESK_REFUSALS] : DESK_REFUSALS.generic_error] }, { status: 409, intent: "squeeze" });
  }
  return rejected({}, { "": ["Reload the page and try again."] });
}

export default function BookForCaller() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failed = answer && "status" in answer && answer.status === "error" ? answer : undefined;
  const check = answer && "conflicts" in answer ? answer : null;
  const p = page.patient;
  const step = page.held ? 3 : 2;
  return (
    <ConsolePage title={`New visit for ${p.name}`}>
      <p>
        Step {step} of 3: {page.held ? "what to tell the caller, then book" : "service and time"}.{" "}
        <Link to={`/staff/studios/${page.studio.slug}/book`}>Another caller</Link>
      </p>
      <dl className="console-dl">
        <dt>Patient</dt>
        <dd>
          {p.name} {p.returning ? "(returning)" : <Tag>New patient</Tag>}
        </dd>
        <dt>Date of birth</dt>
        <dd>{p.born}</dd>
        <dt>Phone</dt>
        <dd>{p.phoneFull || "Not given"}</dd>
        <dt>Email</dt>
        <dd>{p.email}</dd>
        <dt>Studio</dt>
        <dd>{page.studio.name}</dd>
      </dl>
      {page.held ? (
        <>
          <p className="notice notice-success" role="status">
            {page.held.when} with {page.held.provider} is held for this call until {page.held.until}.{" "}
            <Link to={`?${page.keep}`}>Choose another time</Link>
          </p>
          <p>
            Care that repeats (orthodontics, gum care, an implant)?{" "}
            <Link to={`/staff/studios/${page.studio.slug}/book/${p.id}/series?${page.keep}hold=${page.held.id}`}>Repeat this visit as a series</Link>
          </p>
          <h2>Read to the caller</h2>
          <p className="notice">{page.policy}</p>
          <ConsoleForm result={failed} submitLabel={`Book ${page.choice.serviceName} for ${p.firstName || p.name}`}>
            <input type="hidden" name="intent" value="book" />
            <input type="hidden" name="hold" value={page.held.id} />
            <input type="hidden" name="service" value={page.choice.service ?? ""} />
            <input type="hidden" name="provider" value={page.choice.provider} />
            <DetailsFields page={page} />
            {page.family.length ? (
              <SelectField
                name="together"
                label="Also book a family member"
                hint={`The same service, right after (from ${page.held.ends}), with any free provider: both are booked, or neither.`}
                options={page.family}
                empty={{ value: "", label: `No, only ${p.firstName || p.name}` }}
              />
            ) : null}
          </ConsoleForm>
        </>
      ) : (
        <>
          <h2>Service and provider</h2>
          <Form method="get" className="form">
            <SelectField name="service" label="Service" options={page.services} defaultValue={page.choice.service ?? ""} empty={{ value: "", label: "Choose…" }} />
            <SelectField name="provider" label="Provider" options={page.providers} defaultValue={page.choice.provider} empty={{ value: "any", label: "Any provider" }} />
            <div className="form-actions">
              <button type="submit" className="button button-secondary">
                Show free times
              </button>
            </div>
          </Form>
          {page.taken ? (
            <p className="notice notice-warning" role="alert">
              {DESK_TAKEN}
            </p>
          ) : null}
          {page.heldExpired ? <p className="notice notice-warning">The time is no longer held for this call. Choose it again below.</p> : null}
          {page.picker ? (
            <>
              <h2>Free times</h2>
              <p>The times a patient sees online, in the studio’s local time. The time you choose is held while you finish the call.</p>
              <TimePickerNav data={page.picker} keep={page.keep} />
              <ConsoleForm result={failed} values={page.preselected ? { slot: page.preselected } : undefined} submitLabel="Hold this time">
                <input type="hidden" name="intent" value="hold" />
                <input type="hidden" name="service" value={page.choice.service ?? ""} />
                <input type="hidden" name="provider" value={page.choice.provider} />
                <TimePickerSlots data={page.picker} />
              </ConsoleForm>
              <TimePickerMore data={page.picker} keep={page.keep} />
            </>
          ) : null}
          {page.canSqueeze && page.choice.service ? (
            <section aria-labelledby="squeeze-title">
              <h2 id="squeeze-title">Squeeze in (managers)</h2>
              <p>Outside the studio’s hours or over a provider’s visit, with a reason. Every squeeze-in is in the audit log and marked on the day.</p>
              {check ? (
                <div className="notice notice-warning" role="status">
                  <p>
                    {check.when} with {check.provider}:{" "}
                    {check.conflicts.length ? `overlaps ${check.conflicts.length} visit${check.conflicts.length === 1 ? "" : "s"}:` : "no visit of this provider overlaps it."}
                  </p>
                  {check.conflicts.length ? (
                    <ul>
                      {check.conflicts.map((c: string) => (
                        <li key={c}>{c}</li>
                      ))}
                    </ul>
                  ) : null}
                  <p>Book it anyway below, or change it.</p>
                </div>
              ) : null}
              <ConsoleForm result={failed} values={check?.values} submitLabel={check ? "Squeeze it in" : "Check for conflicts"}>
                <input type="hidden" name="intent" value="squeeze" />
                <input type="hidden" name="service" value={page.choice.service} />
                {check ? <input type="hidden" name="confirm" value="yes" /> : null}
                <SelectField name="providerId" label="Provider" options={page.providers} />
                <TextField name="day" label="Day" type="date" />
                <TextField name="time" label="Time (studio’s local)" type="time" />
                <ChoiceGroup name="reason" legend="Why" choices={page.squeezeReasons} />
                <TextField name="other" label="The reason, if other" optional />
                <DetailsFields page={page} />
              </ConsoleForm>
            </section>
          ) : null}
        </>
      )}
    </ConsolePage>
  );
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

/** Insurance, the texts the caller agreed to, a note: the same for a booked and a squeezed-in visit. */
function DetailsFields({ page }: { page: Page }) {
  return (
    <>
      <SelectField name="insurance" label="Insurance" hint={`Read out: “${page.notAccepted}”`} options={[{ value: "self-pay", label: "Self-pay (no insurance)" }, ...page.carriers]} defaultValue="none" empty={{ value: "none", label: "Not asked" }} />
      <TextField name="memberId" label="Member ID" optional hint="From the caller’s insurance card." autoComplete="off" />
      {page.patient.hasTextablePhone ? (
        <div className="field">
          <label className="choice">
            <input type="checkbox" name="sms" value="yes" />
            <span>
              <span className="choice-title">The caller agreed to texts about their visits at {page.patient.phoneFull}</span>
              <span className="choice-detail">Ask: “May we text you reminders and updates about your visits? Message and data rates may apply; reply STOP to stop.” Recorded with your name and the time.</span>
            </span>
          </label>
        </div>
      ) : null}
      <TextField name="note" label="Note for the studio" optional multiline />
    </>
  );
}
