import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { readFormPost } from "~/flow/forms.server";
import { requireStaff } from "~/console/staff.server";
import { searchPatients } from "~/console/visit.server";
import { ConsolePage } from "~/ui/console";

export const meta: MetaFunction = () => [{ title: "Find a patient — Studio console" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return null;
}

/** A POST, not a GET: a patient's name or phone never lands in a URL (history, logs, Referer). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const { form } = await readFormPost(request);
  const q = String(form.get("q") ?? "").slice(0, 100);
  return json({ q, results: await searchPatients(user, q) });
}

export default function Search() {
  const answer = useActionData<typeof action>();
  const q = answer?.q ?? "";
  const results = answer ? answer.results : null;
  return (
    <ConsolePage title="Find a patient">
      <Form method="post" className="form" reloadDocument>
        <div className="field">
          <label htmlFor="q">Name, email or phone</label>
          <p className="hint" id="q-hint">
            Patients with a visit at your studios. At least 2 characters.
          </p>
          <input id="q" name="q" type="search" defaultValue={q} aria-describedby="q-hint" />
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </Form>
      {results ? (
        results.length ? (
          <div className="table-scroll">
            <table className="console-table">
              <caption>
                {results.length} patient{results.length === 1 ? "" : "s"}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Patient</th>
                  <th scope="col">Email</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Latest visit</th>
                </tr>
              </thead>
              <tbody>
                {results.map((r) => (
                  <tr key={r.patientId}>
                    <th scope="row">{r.name || "(no name)"}</th>
                    <td>{r.email}</td>
                    <td>{r.phone}</td>
                    <td>
                      <Link to={`/staff/visits/${r.visitId}`}>
                        {r.when}, {r.studio}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>No patient found at your studios.</p>
        )
      ) : null}
    </ConsolePage>
  );
}
