import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { shaperStudio } from "~/console/availability.server";
import { hoursPage } from "~/console/availability-pages.server";
import { WEEKDAYS } from "~/rules/weekly-hours";
import { ConsolePage } from "~/ui/console";
import { AvailabilityNav } from "~/ui/console-availability";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Weekly hours, ${data.studio.name} — Studio console` : "Studio console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, studio } = await shaperStudio(request, params.slug);
  return json(await hoursPage(user, studio, new URL(request.url).searchParams.get("saved")));
}

export default function StudioHours() {
  const { studio, studios, roster, saved } = useLoaderData<typeof loader>();
  return (
    <ConsolePage title={`Weekly hours at ${studio.name}`}>
      <AvailabilityNav current="hours" studio={studio} studios={studios} />
      {saved ? (
        <p className="notice notice-success" role="status">
          {saved}’s hours are saved. Patients see the new times now.
        </p>
      ) : null}
      <p>The times patients can book are each provider’s hours, in the studio’s local time, less time off, closures and visits already booked.</p>
      {roster.length ? (
        <div className="table-scroll">
          <table className="console-table hours-table">
            <caption>Hours by provider</caption>
            <thead>
              <tr>
                <th scope="col">Provider</th>
                {roster[0]!.week.map((d) => (
                  <th scope="col" key={d.weekday}>
                    {WEEKDAYS[d.weekday]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {roster.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.name} <span className="hint">({p.role})</span>
                    <br />
                    <Link to={`/staff/studios/${studio.slug}/hours/${p.id}`} className="row-action">
                      Change<span className="visually-hidden"> {p.name}’s hours</span>
                    </Link>
                  </th>
                  {p.week.map((d) => (
                    <td key={d.weekday}>{d.text ? d.text.split(", ").map((t) => <div key={t}>{t}</div>) : <span className="hint">Off</span>}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No active providers at this studio.</p>
      )}
    </ConsolePage>
  );
}
