import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { timeOffPage, timeOffPost } from "~/console/availability-pages.server";
import { ConsoleForm, ConsolePage } from "~/ui/console";
import { AvailabilityNav, RemoveButton } from "~/ui/console-availability";
import { TextField } from "~/ui/form";
import { SelectField } from "~/ui/form-choices";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Time off, ${data.studio.name} — Studio console` : "Studio console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await timeOffPage(request, params.slug));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return timeOffPost(request, params.slug);
}

export default function TimeOff() {
  const { studio, studios, providers, upcoming, added, removed, today } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <ConsolePage title={`Time off at ${studio.name}`}>
      <AvailabilityNav current="time-off" studio={studio} studios={studios} />
      {added ? (
        <div className="notice notice-success" role="status">
          <p>
            Time off added for {added.provider}, {added.from} to {added.to}. Patients can no longer book {added.provider} then.
          </p>
          {added.total ? (
            <>
              <p>
                <strong>
                  {added.total} booked visit{added.total === 1 ? "" : "s"} fall{added.total === 1 ? "s" : ""} in it.
                </strong>{" "}
                {added.total === 1 ? "It stays" : "They stay"} booked and {added.total === 1 ? "is" : "are"} listed to move on the day’s page:
              </p>
              <ul>
                {added.days.map((d) => (
                  <li key={d.day}>
                    <Link to={d.href}>
                      {d.label}: {d.count} to move
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>No booked visit falls in it.</p>
          )}
        </div>
      ) : null}
      {removed ? (
        <p className="notice notice-success" role="status">
          The time off is removed. Patients can book those times again.
        </p>
      ) : null}
      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">Coming up</h2>
        {upcoming.length ? (
          <div className="table-scroll">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">Provider</th>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">Reason</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {upcoming.map((t) => (
                  <tr key={t.id}>
                    <th scope="row">{t.provider}</th>
                    <td className="nowrap">{t.from}</td>
                    <td className="nowrap">{t.to}</td>
                    <td>{t.reason}</td>
                    <td>
                      <RemoveButton id={t.id} label="Remove" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>No time off booked.</p>
        )}
      </section>
      <section className="console-section narrow-form" aria-labelledby="add-title">
        <h2 id="add-title">Add time off</h2>
        <p>A day, a range of days, or part of a day. Leave both times empty for whole days; leave the last day empty for one day. Visits already booked stay booked and are listed to move.</p>
        <ConsoleForm result={result} submitLabel="Add the time off">
          <input type="hidden" name="intent" value="add" />
          <SelectField name="provider" label="Provider" options={[{ value: "", label: "Choose a provider" }, ...providers]} />
          <TextField name="startDate" label="First day" type="date" min={today} />
          <TextField name="startTime" label="From (time, optional)" type="time" />
          <TextField name="endDate" label="Last day (optional)" type="date" min={today} />
          <TextField name="endTime" label="Until (time, optional)" type="time" />
          <TextField name="reason" label="Reason (optional, staff only)" />
        </ConsoleForm>
      </section>
    </ConsolePage>
  );
}
