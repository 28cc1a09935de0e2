import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { readFormPost, validateForm } from "~/flow/forms.server";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import { newCallerSchema } from "~/console/schemas.server";
import { carriedChoice, findCallers, newCaller, type CallerRow } from "~/console/desk.server";
import { viewerStudio } from "~/console/scope.server";
import { requireStaff } from "~/console/staff.server";
import { ConsoleForm, ConsolePage, Tag } from "~/ui/console";
import { TextField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "New visit: the caller — Studio console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const studio = viewerStudio(user, params.slug ?? "");
  // A free time chosen on the day view travels with the desk to the caller's booking page.
  return json({ studio: { slug: studio.slug, name: studio.name }, carry: carriedChoice(new URL(request.url)) });
}

const CALLER_FIELDS = ["firstName", "lastName", "phone", "dateOfBirth", "email"];

/** Two forms: find the caller (a POST: no name or phone in a URL), or make them a patient after seeing likely duplicates. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const studio = viewerStudio(user, params.slug ?? "");
  const { form } = await readFormPost(request);
  const carry = carriedChoice(new URL(`http://carry/?${String(form.get("carry") ?? "").slice(0, 300)}`));
  if (form.get("intent") === "search") {
    const q = String(form.get("q") ?? "").slice(0, 100);
    return json({ intent: "search" as const, q, results: await findCallers(user, q) });
  }
  const parsed = await validateForm(form, newCallerSchema, tFor(DEFAULT_LOCALE), undefined, { intent: "new", keep: CALLER_FIELDS });
  if (!parsed.ok) return parsed.response;
  const values = Object.fromEntries(CALLER_FIELDS.map((name) => [name, String(form.get(name) ?? "").slice(0, 300)]));
  const outcome = await newCaller(user, parsed.value, form.get("seen") === "yes");
  if (outcome.ok) throw redirect(`/staff/studios/${studio.slug}/book/${outcome.patientId}${carry ? `?${carry}` : ""}`, 303);
  return json({ intent: "duplicates" as const, code: outcome.code, values, duplicates: outcome.duplicates }, { status: outcome.code === "email_taken" ? 409 : 200 });
}

function Callers({ rows, slug, caption, carry }: { rows: CallerRow[]; slug: string; caption: string; carry: string }) {
  return (
    <div className="table-scroll">
      <table className="console-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Patient</th>
            <th scope="col">Date of birth</th>
            <th scope="col">Phone</th>
            <th scope="col">Email</th>
            <th scope="col">Last visit</th>
            <th scope="col">Book</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                {r.name} {r.account ? <Tag>Account</Tag> : null} {r.family ? <Tag>Family member</Tag> : null} {r.closed ? <Tag>Account closed</Tag> : null}
              </th>
              <td>{r.born}</td>
              <td>{r.phone}</td>
              <td>{r.email}</td>
              <td>{r.lastVisit}</td>
              <td>
                {r.closed ? (
                  "Closed: make a new patient to book"
                ) : (
                  <Link to={`/staff/studios/${slug}/book/${r.id}${carry ? `?${carry}` : ""}`}>Book for {r.name}</Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function BookCaller() {
  const { studio, carry } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const search = answer && "results" in answer ? answer : null;
  const duplicates = answer && "duplicates" in answer ? answer : null;
  const failed = answer && "status" in answer && answer.status === "error" ? answer : undefined;
  return (
    <ConsolePage title={`New visit at ${studio.name}`}>
      <p>
        Step 1 of 3: the caller{carry.includes("at=") ? " (the free time you chose comes next)" : ""}. Find them first; make a new patient only if they are not here.{" "}
        <Link to={`/staff/day?studio=${studio.slug}`}>Back to the day</Link>
      </p>
      <h2>Find the caller</h2>
      <Form method="post" className="form" reloadDocument>
        <input type="hidden" name="intent" value="search" />
        <input type="hidden" name="carry" value={carry} />
        <div className="field">
          <label htmlFor="q">Phone, name, email or date of birth</label>
          <p className="hint" id="q-hint">
            A whole phone number, the start of a name (“garc” or “maria garc”), of an email, or a date of birth (03/09/1984).
          </p>
          <input id="q" name="q" type="search" defaultValue={search?.q ?? ""} aria-describedby="q-hint" />
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </Form>
      {search ? (
        search.results.length ? (
          <Callers rows={search.results} slug={studio.slug} caption={`${search.results.length} patient${search.results.length === 1 ? "" : "s"} found`} carry={carry} />
        ) : (
          <p className="notice">No patient found. If the caller is new, make them a patient below.</p>
        )
      ) : null}
      <h2 id="new-caller">A new patient</h2>
      {duplicates ? (
        <section className="notice notice-warning" aria-labelledby="duplicates-title">
          <h3 id="duplicates-title">{duplicates.code === "email_taken" ? "This email is already a patient’s" : "Is the caller one of these?"}</h3>
          <p>
            {duplicates.code === "email_taken"
              ? "One email is one patient: book for this patient (check the date of birth with the caller)."
              : "Same phone, same email, or same name and date of birth. Check with the caller and book for the right one; make a new patient only if none is them."}
          </p>
          <Callers rows={duplicates.duplicates} slug={studio.slug} caption="Likely the same person" carry={carry} />
        </section>
      ) : null}
      <ConsoleForm result={failed} values={duplicates?.values} submitLabel={duplicates && duplicates.code === "duplicates" ? "None of these: make a new patient" : "Make a new patient"}>
        <input type="hidden" name="intent" value="new" />
        <input type="hidden" name="carry" value={carry} />
        {duplicates && duplicates.code === "duplicates" ? <input type="hidden" name="seen" value="yes" /> : null}
        <TextField name="firstName" label="First name" autoComplete="off" />
        <TextField name="lastName" label="Last name" autoComplete="off" />
        <TextField name="phone" label="Phone" type="tel" inputMode="tel" hint="10 digits, e.g. (617) 555-0171." autoComplete="off" />
        <TextField name="dateOfBirth" label="Date of birth" type="date" autoComplete="off" />
        <TextField name="email" label="Email" type="email" optional hint="Leave empty if the caller has none: the confirmation goes by text." autoComplete="off" />
      </ConsoleForm>
    </ConsolePage>
  );
}
