import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { reportsPage } from "~/console/reports.server";
import { percent, RECALL_REBOOK_DAYS } from "~/rules/report-range";
import { requireStaff } from "~/console/staff.server";
import { BarChart, HeatMap } from "~/ui/charts";
import { ConsolePage, EmptyRow, SelectField } from "~/ui/console";
import { ErrorSummary, FormStateProvider, TextField } from "~/ui/form";
import { CheckboxField } from "~/ui/form-choices";

export const meta: MetaFunction = () => [{ title: "Reports — Studio console" }];

/** Managers (their studios) and admins (every studio, the chain); the front desk: 404. A GET form, JS off. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request, ["manager", "admin"]);
  const page = await reportsPage(user, new URL(request.url));
  return json(page.data, { status: page.status, headers: { "Cache-Control": "private, no-store" } });
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const pct = (v: number | null) => (v === null ? "—" : `${v}%`);
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function Csv({ query, table, visits }: { query: string; table: string; visits?: { table: string; label: string }[] }) {
  return (
    <p className="report-downloads">
      <a href={`/staff/reports/csv?${query}&table=${table}`} download>
        Download this table (CSV)
      </a>
      {visits?.map((v) => (
        <a key={v.table} href={`/staff/reports/csv?${query}&table=${v.table}`} download>
          {v.label}
        </a>
      ))}
    </p>
  );
}

const RANGES = [
  { value: "week", label: "This week" },
  { value: "4weeks", label: "Last 4 weeks" },
  { value: "quarter", label: "This quarter" },
  { value: "custom", label: "Custom (the days below)" },
];

export default function Reports() {
  const { values, options, definitions, errors, figures, csvQuery, isAdmin } = useLoaderData<typeof loader>();
  // The form kit reads each field's value and message by name (a GET form: the query is the "posted" answer).
  const result = { error: Object.fromEntries(Object.entries(errors as Record<string, string>).map(([name, message]) => [name, [message]])) };
  return (
    <ConsolePage title="Reports">
      <FormStateProvider result={result} values={{ ...values, compare: values.compare ? "1" : "" }}>
        <ErrorSummary />
        <form method="get" className="form day-nav" noValidate>
          <SelectField name="range" label="Range" options={RANGES} />
          <TextField name="from" label="First day (custom)" type="date" />
          <TextField name="to" label="Last day (custom, at most 2 years)" type="date" />
          <SelectField name="studio" label="Studio" options={options.studios.map((s) => ({ value: s.slug, label: s.name }))} empty={{ value: "", label: isAdmin ? "Every studio (the chain)" : "All my studios" }} />
          <SelectField name="provider" label="Provider" options={options.providers.map((p) => ({ value: String(p.id), label: p.name }))} empty={{ value: "", label: "Every provider" }} />
          <CheckboxField name="compare" value="1" label="Compare with the previous period" />
          <button type="submit" className="button button-small">
            Show
          </button>
        </form>
      </FormStateProvider>
      {figures ? <Figures figures={figures} definitions={definitions} csvQuery={csvQuery} /> : <p role="alert">Correct the range above to see the report.</p>}
    </ConsolePage>
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function Figures({ figures: f, definitions: d, csvQuery }: { figures: NonNullable<Data["figures"]>; definitions: Data["definitions"]; csvQuery: string }) {
  const o = f.outcomes;
  const p = f.previousOutcomes;
  return (
    <>
      <p>
        {f.range.from} to {f.range.to}
        {f.previousRange ? `, compared with ${f.previousRange.from} to ${f.previousRange.to}` : ""}. Each studio's days in its own time.
      </p>
      <section className="report-figure" aria-labelledby="h-outcomes">
        <h2 id="h-outcomes">No-shows and late cancels</h2>
        <p>{d.noShows}</p>
        <p>{d.lateCancels}</p>
        <ul className="report-headline">
          <li>
            No-shows <strong>{o.noShows}</strong> {pct(o.noShowRate)}
            {p ? ` (before: ${p.noShows}, ${pct(p.noShowRate)})` : ""}
          </li>
          <li>
            Late cancels <strong>{o.lateCancels}</strong> {pct(o.lateCancelRate)}
            {p ? ` (before: ${p.lateCancels}, ${pct(p.lateCancelRate)})` : ""}
          </li>
          <li>
            Chair use <strong>{pct(f.chairUse.rate)}</strong>
          </li>
          <li>
            New patients <strong>{f.newPatients.total}</strong>
            {f.previousNewPatients !== null ? ` (before: ${f.previousNewPatients})` : ""}
          </li>
        </ul>
        <div className="table-scroll" tabIndex={0} role="region" aria-label="No-shows and late cancels table">
          <table className="console-table" id="t-outcomes">
            <caption>Visits of the range</caption>
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Booked</th>
                <th scope="col">Not cancelled</th>
                <th scope="col">No-shows</th>
                <th scope="col">No-show rate</th>
                <th scope="col">Cancels</th>
                <th scope="col">Late cancels</th>
                <th scope="col">Late-cancel rate</th>
              </tr>
            </thead>
            <tbody>
              {[{ label: "This period", v: o }, ...(p ? [{ label: "Previous period", v: p }] : [])].map(({ label, v }) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{v.booked}</td>
                  <td>{v.kept}</td>
                  <td>{v.noShows}</td>
                  <td>{pct(v.noShowRate)}</td>
                  <td>{v.cancels}</td>
                  <td>{v.lateCancels}</td>
                  <td>{pct(v.lateCancelRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Csv
          query={csvQuery}
          table="outcomes"
          visits={[
            { table: "visits-no-shows", label: "Download the no-shows, one row per visit (CSV)" },
            { table: "visits-late-cancels", label: "Download the late cancels, one row per visit (CSV)" },
          ]}
        />
      </section>

      <section className="report-figure" aria-labelledby="h-chair">
        <h2 id="h-chair">Chair use</h2>
        <p>{d.chairUse}</p>
        <BarChart id="c-chair" title="Chair use by provider, percent of open minutes booked" unit="%" max={100} rows={f.chairUse.byProvider.map((r) => ({ label: r.provider, value: r.rate ?? 0 }))} />
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Chair use table">
          <table className="console-table" id="t-chair">
            <caption>By provider (the CSV has each day)</caption>
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">Booked minutes</th>
                <th scope="col">Open minutes</th>
                <th scope="col">Chair use</th>
              </tr>
            </thead>
            <tbody>
              {f.chairUse.byProvider.length ? (
                f.chairUse.byProvider.map((r) => (
                  <tr key={r.providerId}>
                    <th scope="row">{r.provider}</th>
                    <td>{r.booked}</td>
                    <td>{r.open}</td>
                    <td>{pct(r.rate)}</td>
                  </tr>
                ))
              ) : (
                <EmptyRow columns={4}>No open hours in this range.</EmptyRow>
              )}
            </tbody>
          </table>
        </div>
        <Csv query={csvQuery} table="chair-use" />
      </section>

      <section className="report-figure" aria-labelledby="h-rebook">
        <h2 id="h-rebook">Cancelled and not rebooked</h2>
        <p>{d.notRebooked}</p>
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Cancelled and not rebooked table">
          <table className="console-table" id="t-rebook">
            <caption>Up to 200 patients; the CSV has them all</caption>
            <thead>
              <tr>
                <th scope="col">Patient</th>
                <th scope="col">Cancelled visit</th>
                <th scope="col">Service</th>
                <th scope="col">Book</th>
              </tr>
            </thead>
            <tbody>
              {f.notRebooked.length ? (
                f.notRebooked.map((r) => (
                  <tr key={r.patientId}>
                    <th scope="row">{r.name}</th>
                    <td>{r.visitDay}</td>
                    <td>{r.service}</td>
                    <td>
                      <Link to={`/staff/studios/${r.studioSlug}/book/${r.patientId}`}>Book {r.name}</Link>
                    </td>
                  </tr>
                ))
              ) : (
                <EmptyRow columns={4}>Nobody: every cancelled patient has a visit booked.</EmptyRow>
              )}
            </tbody>
          </table>
        </div>
        <Csv query={csvQuery} table="not-rebooked" />
      </section>

      <section className="report-figure" aria-labelledby="h-new">
        <h2 id="h-new">New patients</h2>
        <p>{d.newPatients}</p>
        <BarChart id="c-new" title="New patients by channel" rows={f.newPatients.byChannel.map((c) => ({ label: CHANNELS[c.key] ?? c.key, value: c.count }))} />
        <div className="table-scroll" tabIndex={0} role="region" aria-label="New patients table">
          <table className="console-table" id="t-new">
            <caption>New patients: {f.newPatients.total}</caption>
            <thead>
              <tr>
                <th scope="col">By</th>
                <th scope="col">Which</th>
                <th scope="col">New patients</th>
              </tr>
            </thead>
            <tbody>
              {f.newPatients.byChannel.map((c) => (
                <tr key={`c-${c.key}`}>
                  <td>Channel</td>
                  <th scope="row">{CHANNELS[c.key] ?? c.key}</th>
                  <td>{c.count}</td>
                </tr>
              ))}
              {f.newPatients.bySource.map((c) => (
                <tr key={`s-${c.key}`}>
                  <td>Source</td>
                  <th scope="row">{c.key === "referral" ? "A friend's referral link" : "No campaign recorded"}</th>
                  <td>{c.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Csv query={csvQuery} table="new-patients" visits={[{ table: "visits-new-patients", label: "Download the new patients' first visits (CSV)" }]} />
      </section>

      <section className="report-figure" aria-labelledby="h-lead">
        <h2 id="h-lead">Lead time</h2>
        <p>{d.leadTime}</p>
        <BarChart id="c-lead" title={`Visits by days booked ahead; median ${f.leadTime.median ?? "none"}`} rows={f.leadTime.buckets.map((b) => ({ label: b.key, value: b.count }))} />
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Lead time table">
          <table className="console-table" id="t-lead">
            <caption>Median: {f.leadTime.median === null ? "no visits" : `${f.leadTime.median} days`}</caption>
            <thead>
              <tr>
                <th scope="col">Booked ahead</th>
                <th scope="col">Visits</th>
              </tr>
            </thead>
            <tbody>
              {f.leadTime.buckets.map((b) => (
                <tr key={b.key}>
                  <th scope="row">{b.key}</th>
                  <td>{b.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Csv query={csvQuery} table="lead-time" />
      </section>

      <section className="report-figure" aria-labelledby="h-busy">
        <h2 id="h-busy">Busy hours</h2>
        <p>{d.busyHours}</p>
        <HeatMap id="c-busy" title="Visits by weekday and starting hour, darker is busier" cells={f.busyHours} />
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Busy hours table">
          <table className="console-table" id="t-busy">
            <caption>Weekday and hour with visits</caption>
            <thead>
              <tr>
                <th scope="col">Weekday</th>
                <th scope="col">Hour</th>
                <th scope="col">Visits</th>
              </tr>
            </thead>
            <tbody>
              {f.busyHours.length ? (
                [...f.busyHours]
                  .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)
                  .map((c) => (
                    <tr key={`${c.weekday}-${c.hour}`}>
                      <th scope="row">{WEEKDAYS[c.weekday]}</th>
                      <td>{c.hour}:00</td>
                      <td>{c.count}</td>
                    </tr>
                  ))
              ) : (
                <EmptyRow columns={3}>No visits in this range.</EmptyRow>
              )}
            </tbody>
          </table>
        </div>
        <Csv query={csvQuery} table="busy-hours" />
      </section>

      <section className="report-figure" aria-labelledby="h-recall">
        <h2 id="h-recall">Recall</h2>
        <p>{d.recall}</p>
        <BarChart
          id="c-recall"
          title={`Recall: patients due, reminded, and rebooked within ${RECALL_REBOOK_DAYS} days`}
          rows={[
            { label: "Due", value: f.recall.due },
            { label: "Reminded", value: f.recall.reminded },
            { label: "Rebooked", value: f.recall.rebooked },
          ]}
        />
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Recall table">
          <table className="console-table" id="t-recall">
            <caption>Patients due in the range</caption>
            <thead>
              <tr>
                <th scope="col">Stage</th>
                <th scope="col">Patients</th>
                <th scope="col">Of those due</th>
              </tr>
            </thead>
            <tbody>
              {(
                [
                  ["Due", f.recall.due],
                  ["Sent a recall email", f.recall.reminded],
                  [`Booked within ${RECALL_REBOOK_DAYS} days of the email`, f.recall.rebooked],
                ] as const
              ).map(([label, n]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{n}</td>
                  <td>{pct(percent(n, f.recall.due))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Csv query={csvQuery} table="recall" />
      </section>

      <section className="report-figure" aria-labelledby="h-fees">
        <h2 id="h-fees">Fees</h2>
        <p>{d.fees}</p>
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Fees table">
          <table className="console-table" id="t-fees">
            <caption>Late-cancel fees</caption>
            <thead>
              <tr>
                <th scope="col">State</th>
                <th scope="col">Fees</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {(
                [
                  ["Charged", f.fees.charged],
                  ["Paid", f.fees.paid],
                  ["Failed", f.fees.failed],
                  ["Not yet charged", f.fees.pending],
                ] as const
              ).map(([label, v]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{v.count}</td>
                  <td>{usd(v.cents)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">Refunded</th>
                <td>—</td>
                <td>{usd(f.fees.refundedCents)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <Csv query={csvQuery} table="fees" />
      </section>
    </>
  );
}

const CHANNELS: Record<string, string> = { online: "Online", phone: "Phone (desk)", waitlist: "Waitlist" };
