import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { dayPage } from "~/console/day.server";
import { dayPath } from "~/console/paths";
import { requireStaff } from "~/console/staff.server";
import { ConsolePage } from "~/ui/console";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.studio.name}, ${data.day.label} — Studio console` : "Studio console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  return json(await dayPage(user, params.slug, params.date));
}

export default function StudioDay() {
  const { studio, studios, day, free } = useLoaderData<typeof loader>();
  return (
    <ConsolePage title={`${studio.name}: ${day.label}`}>
      <nav className="day-nav" aria-label="Days and studios">
        <Link to={dayPath(studio.slug, day.previous)} rel="prev">
          ← Previous day
        </Link>
        <Link to={dayPath(studio.slug, day.next)} rel="next">
          Next day →
        </Link>
        <form method="get" action="/staff/day">
          {studios.length > 1 ? (
            <div className="field">
              <label htmlFor="studio">Studio</label>
              <select id="studio" name="studio" defaultValue={studio.slug}>
                {studios.map((s) => (
                  <option key={s.slug} value={s.slug}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <input type="hidden" name="studio" value={studio.slug} />
          )}
          <div className="field">
            <label htmlFor="date">Date</label>
            <input id="date" name="date" type="date" defaultValue={day.day} />
          </div>
          <button type="submit" className="button button-secondary button-small">
            Show
          </button>
        </form>
        <span className="no-print">Print this page for a paper day sheet.</span>
      </nav>
      <p className="no-print">
        <Link to={`/staff/studios/${studio.slug}/book`} className="button">
          New visit
        </Link>
      </p>
      {day.closed ? (
        <p className="notice notice-warning">The studio is closed this day{day.closed.reason ? `: ${day.closed.reason}` : ""}.</p>
      ) : null}
      {day.toMove.length ? (
        <section className="to-move" aria-labelledby="to-move-title">
          <h2 id="to-move-title">To move ({day.toMove.length})</h2>
          <p>These visits fall on a closure or a provider’s time off. They are still booked: move or cancel each one with the patient.</p>
          <ul>
            {day.toMove.map((v) => (
              <li key={v.id}>
                <Link to={v.href}>
                  {v.time} {v.patient}
                </Link>{" "}
                ({v.provider}, {v.reason})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        {day.counts.live} visit{day.counts.live === 1 ? "" : "s"}
        {day.counts.total > day.counts.live ? ` (and ${day.counts.total - day.counts.live} cancelled)` : ""}.
      </p>
      {day.byProvider.map(({ provider, visits }) => (
        <div className="table-scroll" key={provider.id}>
          <table className="console-table">
            <caption>
              {provider.name} <span className="hint">({provider.role})</span>
            </caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Patient</th>
                <th scope="col">Service</th>
                <th scope="col">New or returning</th>
                <th scope="col">Intake</th>
                <th scope="col">Insurance</th>
                <th scope="col">Status</th>
                <th scope="col">Booked</th>
              </tr>
            </thead>
            <tbody>
              {/* A lean row: plain cells, strings made by the loader, no component or closure per row (bench/console-day.ts). */}
              {visits.map((v) => (
                <tr key={v.id}>
                  <td>{v.when}</td>
                  <th scope="row">
                    <a href={v.href}>{v.patient}</a>
                  </th>
                  <td>{v.service}</td>
                  <td>{v.isNew ? <span className="tag">New</span> : "Returning"}</td>
                  <td>{v.intake}</td>
                  <td>{v.insurance}</td>
                  <td>
                    <span className={v.statusClass}>{v.statusLabel}</span>
                    {v.fee}
                    {v.confirmedByText ? <span className="tag tag-good tag-after">Confirmed by text</span> : null}
                    {v.toMove ? <span className="tag tag-bad tag-after">To move</span> : null}
                    {v.squeeze ? <span className="tag tag-warn tag-after">Squeezed in: {v.squeeze}</span> : null}
                    {v.cardRequested ? <span className="tag tag-warn tag-after">Card requested</span> : null}
                  </td>
                  <td>{v.booked}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {day.byProvider.length === 0 ? <p>No visits this day.</p> : null}
      {free.some((f) => f.times.length) ? (
        <section className="free-times no-print" aria-labelledby="free-title">
          <h2 id="free-title">Free times</h2>
          <p>The times a patient sees online, per provider. Open a provider and choose a time to book a caller into it (you find the caller next).</p>
          {free.map((f) =>
            f.times.length ? (
              <details key={f.providerId}>
                <summary>
                  {f.provider}: {f.times.length} free time{f.times.length === 1 ? "" : "s"} <span className="hint">({f.service})</span>
                </summary>
                <ul className="free-time-list">
                  {f.times.map((t) => (
                    <li key={t.href}>
                      <Link to={t.href}>
                        {t.label}
                        <span className="visually-hidden"> with {f.provider}: book a visit</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null,
          )}
        </section>
      ) : null}
    </ConsolePage>
  );
}
