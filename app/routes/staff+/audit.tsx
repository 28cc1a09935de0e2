import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AUDIT_ACTIONS, readAudit } from "~/console/audit.server";
import { requireStaff } from "~/console/staff.server";
import { ConsolePage } from "~/ui/console";

export const meta: MetaFunction = () => [{ title: "Audit log — Studio console" }];

/** Admins only (anyone else: 404). Read-only: the database refuses any change to the log. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request, ["admin"]);
  const q = new URL(request.url).searchParams;
  const filter = { action: q.get("action") ?? "", staffEmail: q.get("staff") ?? "", studio: q.get("studio") ?? "", visit: q.get("visit") ?? "", from: q.get("from") ?? "", to: q.get("to") ?? "" };
  return json({ filter, studios: user.studios.map((s) => ({ slug: s.slug, name: s.name })), lines: await readAudit(filter) });
}

export default function Audit() {
  const { filter, studios, lines } = useLoaderData<typeof loader>();
  return (
    <ConsolePage title="Audit log">
      <form method="get" className="form day-nav">
        <div className="field">
          <label htmlFor="action">What</label>
          <select id="action" name="action" defaultValue={filter.action}>
            <option value="">Everything</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="staff">Staff email</label>
          <input id="staff" name="staff" type="email" defaultValue={filter.staffEmail} />
        </div>
        <div className="field">
          <label htmlFor="studio">Studio</label>
          <select id="studio" name="studio" defaultValue={filter.studio}>
            <option value="">Every studio</option>
            {studios.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="visit">Visit number</label>
          <input id="visit" name="visit" inputMode="numeric" defaultValue={filter.visit} />
        </div>
        <div className="field">
          <label htmlFor="from">From (UTC day)</label>
          <input id="from" name="from" type="date" defaultValue={filter.from} />
        </div>
        <div className="field">
          <label htmlFor="to">To (UTC day)</label>
          <input id="to" name="to" type="date" defaultValue={filter.to} />
        </div>
        <button type="submit" className="button button-small">
          Filter
        </button>
      </form>
      <div className="table-scroll">
        <table className="console-table">
          <caption>Newest first, up to 200 lines</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Studio</th>
              <th scope="col">Visit</th>
              <th scope="col">Note</th>
              <th scope="col">Before / after</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}>
                <td className="nowrap">{l.at}</td>
                <td>{l.who}</td>
                <td>{l.action}</td>
                <td>{l.studio}</td>
                <td>{l.visit ? <Link to={`/staff/visits/${l.visit}`}>{l.visit}</Link> : null}</td>
                <td>{l.note}</td>
                <td>
                  <code>{l.change}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ConsolePage>
  );
}
