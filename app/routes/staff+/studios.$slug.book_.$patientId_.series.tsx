import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { readFormPost, rejected, validateForm } from "~/flow/forms.server";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import { deskDetailsSchema } from "~/console/schemas.server";
import { confirmForCaller, previewForCaller, ruleRefusal, seriesConfirmSchema, seriesFormPage, seriesRuleSchema, type SeriesPreviewPage } from "~/console/series.server";
import { requireStaff } from "~/console/staff.server";
import { newBookingId } from "~/scheduling/holds.server";
import { ConsoleForm, ConsolePage, SelectField, Tag } from "~/ui/console";
import { ChoiceGroup, TextField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Repeat this visit: a series — Studio console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  return json(await seriesFormPage(user, params.slug ?? "", params.patientId, new URL(request.url)));
}

const RULE = ["service", "provider", "day", "time", "every", "unit", "ends", "count", "until", "hold"];
const CONFIRM = [...RULE, "draft", "forceProvider", "reason", "other", "insurance", "note", ...Array.from({ length: 24 }, (_, i) => `v${i + 1}`)];

/** Two posts: the rule (→ the preview, free times held) and the confirm (→ the series booked, or the preview again). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const slug = params.slug ?? "";
  const { form } = await readFormPost(request);
  const t = tFor(DEFAULT_LOCALE);
  if (form.get("intent") === "preview") {
    const parsed = await validateForm(form, seriesRuleSchema, t, (v) => ruleRefusal(v), { intent: "rule", keep: RULE });
    if (!parsed.ok) return parsed.response;
    return json(await previewForCaller(user, slug, params.patientId, parsed.value, newBookingId()));
  }
  if (form.get("intent") === "confirm") {
    const parsed = await validateForm(form, seriesConfirmSchema, t, (v) => ruleRefusal(v), { intent: "rule", keep: RULE });
    if (!parsed.ok) return parsed.response;
    const details = await validateForm(form, deskDetailsSchema, t, undefined, { intent: "rule", keep: RULE });
    if (!details.ok) return details.response;
    const outcome = await confirmForCaller(user, slug, params.patientId, parsed.value, details.value);
    if (outcome.ok) throw redirect(`/staff/visits/${outcome.visitId}?done=booked`, 303);
    if (outcome.code === "forbidden") return rejected({}, { "": ["Only a manager can squeeze a visit in. Choose a free time or skip it, or ask your manager."] }, { status: 403, intent: "confirm" });
    if (outcome.code === "refused") return rejected(Object.fromEntries(CONFIRM.map((k) => [k, String(form.get(k) ?? "")])), outcome.fieldErrors, { intent: "confirm", extra: { page: outcome.page } });
    return json(outcome.page, { status: 409 });
  }
  return rejected({}, { "": ["Reload the page and try again."] });
}

export default function BookSeries() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const preview = answer && "rows" in answer ? (answer as SeriesPreviewPage) : answer && "page" in answer ? (answer.page as SeriesPreviewPage) : null;
  const failed = answer && "status" in answer && answer.status === "error" ? answer : undefined;
  return (
    <ConsolePage title={`Repeat this visit for ${page.patient.name}`}>
      <p>
        {page.service.name} at {page.studio.name}.{" "}
        <Link to={`/staff/studios/${page.studio.slug}/book/${page.patient.id}?service=${page.service.code}&provider=${page.values.provider}`}>Book one visit instead</Link>
      </p>
      {preview ? <Preview page={preview} failed={failed} /> : <RuleForm page={page} failed={failed} />}
    </ConsolePage>
  );
}

type FormPage = ReturnType<typeof useLoaderData<typeof loader>>;
type Failed = Parameters<typeof ConsoleForm>[0]["result"];

function RuleForm({ page, failed }: { page: FormPage; failed: Failed }) {
  return (
    <>
      {page.held ? (
        <p className="notice notice-success" role="status">
          The first visit is the held time, {page.held}. The series’ times are held for you once you preview them.
        </p>
      ) : null}
      <h2>How often, and until when</h2>
      <ConsoleForm result={failed} values={page.values} submitLabel="Preview the series">
        <input type="hidden" name="intent" value="preview" />
        <input type="hidden" name="service" value={page.values.service} />
        <input type="hidden" name="hold" value={page.values.hold} />
        <TextField name="day" label="First visit" type="date" />
        <TextField name="time" label="Time (studio’s local)" type="time" hint="Every visit is at this time, across daylight-saving changes." />
        <TextField name="every" label="Every" inputMode="numeric" />
        <ChoiceGroup name="unit" legend="Weeks or months" choices={[{ value: "weeks", label: "Weeks" }, { value: "months", label: "Months" }]} />
        <ChoiceGroup name="ends" legend="Ends" choices={[{ value: "count", label: "After a number of visits" }, { value: "until", label: "On a last day" }]} />
        <TextField name="count" label="Number of visits (2–24)" inputMode="numeric" optional />
        <TextField name="until" label="Last day (at most two years on)" type="date" optional />
        <SelectField name="provider" label="Provider" options={page.providers} empty={{ value: "any", label: "Any provider" }} />
      </ConsoleForm>
    </>
  );
}

function Preview({ page, failed }: { page: SeriesPreviewPage; failed: Failed }) {
  const values = failed?.initialValue ? (failed.initialValue as Record<string, string>) : undefined;
  return (
    <>
      <h2>The series: {page.rows.length} visits</h2>
      <p>{page.summary}.</p>
      {page.message ? (
        <p className="notice notice-warning" role="alert">
          {page.message}
        </p>
      ) : null}
      <p className="notice" role="status">
        {page.rows.length - page.conflicts} free {page.rows.length - page.conflicts === 1 ? "time is" : "times are"} held for you until {page.heldUntil}
        {page.conflicts ? `; ${page.conflicts} in conflict: choose for each below.` : "."}
      </p>
      <ol className="series-preview">
        {page.rows.map((row) => (
          <li key={row.position}>
            <strong>
              {row.position} of {row.of}
            </strong>
            : {row.when} {row.conflict ? <Tag>In conflict</Tag> : <Tag>Held</Tag>}
            {row.why ? <> — {row.why}</> : null}
          </li>
        ))}
      </ol>
      <ConsoleForm result={failed} values={values} submitLabel="Book the series">
        <input type="hidden" name="intent" value="confirm" />
        {Object.entries(page.rule).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {page.rows
          .filter((row) => row.conflict)
          .map((row) => (
            <ChoiceGroup
              key={row.position}
              name={`v${row.position}`}
              legend={`Visit ${row.position} of ${row.of}: ${row.when} — ${row.why}`}
              choices={[
                ...row.alternatives.map((a) => ({ value: a.value, label: `Instead: ${a.label}` })),
                { value: "skip", label: "Skip this visit" },
                ...(page.canSqueeze && row.forceable ? [{ value: "force", label: "Squeeze it in at this time (managers)" }] : []),
              ]}
            />
          ))}
        {page.canSqueeze && page.rows.some((row) => row.forceable) ? (
          <fieldset className="fieldset">
            <legend>If you squeeze a visit in</legend>
            {page.rule.provider === "any" ? <SelectField name="forceProvider" label="Provider for the squeezed-in visits" options={page.providers} empty={{ value: "", label: "Choose…" }} /> : null}
            <ChoiceGroup name="reason" legend="Why" choices={page.squeezeReasons} />
            <TextField name="other" label="The reason, if other" optional />
          </fieldset>
        ) : null}
        <SelectField name="insurance" label="Insurance" options={[{ value: "self-pay", label: "Self-pay (no insurance)" }]} defaultValue="none" empty={{ value: "none", label: "Not asked" }} />
        <TextField name="note" label="Note for the studio" optional multiline />
      </ConsoleForm>
    </>
  );
}
