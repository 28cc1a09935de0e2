import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { closuresPage, closuresPost } from "~/console/availability-pages.server";
import { ConsoleForm, ConsolePage, Tag } from "~/ui/console";
import { AvailabilityNav, RemoveButton } from "~/ui/console-availability";
import { TextField } from "~/ui/form";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Closures, ${data.studio.name} — Studio console` : "Studio console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await closuresPage(request, params.slug));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return closuresPost(request, params.slug);
}

export default function Closures() {
  const { studio, studios, days, added, removed, today } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <ConsolePage title={`Closures at ${studio.name}`}>
      <AvailabilityNav current="closures" studio={studio} studios={studios} />
      {added ? (
        <div className="notice notice-success" role="status">
          <p>
            {studio.name} is closed on {added.label}
            {added.reason ? ` (${added.reason})` : ""}. Patients can no longer book that day.
          </p>
          <p>
            {added.total ? (
              <>
                <strong>
                  {added.total} booked visit{added.total === 1 ? "" : "s"} {added.total === 1 ? "is" : "are"} on that day.
                </strong>{" "}
                {added.total === 1 ? "It stays" : "They stay"} booked: <Link to={added.href}>see the visits to move on the day’s page</Link>.
              </>
            ) : (
              <>
                No visit is booked that day. <Link to={added.href}>See the day</Link>.
              </>
            )}
          </p>
        </div>
      ) : null}
      {removed ? (
        <p className="notice notice-success" role="status">
          The closure is removed. Patients can book that day again.
        </p>
      ) : null}
      <section className="narrow-form" aria-labelledby="add-title">
        <h2 id="add-title">Close the studio for a day</h2>
        <p>A snow day, a training day. Visits already booked that day stay booked and are listed to move on the day’s page.</p>
        <ConsoleForm result={result} submitLabel="Close the studio that day">
          <input type="hidden" name="intent" value="add" />
          <TextField name="day" label="Day" type="date" min={today} />
          <TextField name="reason" label="Reason (staff only)" hint="For example: Snow day, Staff training." />
        </ConsoleForm>
      </section>
      <section className="console-section" aria-labelledby="closed-title">
        <h2 id="closed-title">Days the studio is closed</h2>
        <p>The studio’s own closures, beside the federal holidays every studio closes for (the next twelve months).</p>
        <div className="table-scroll">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Why</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.key}>
                  <th scope="row">
                    <a href={d.href}>{d.label}</a>
                  </th>
                  <td>{d.holiday ? <Tag>Federal holiday</Tag> : <Tag tone="warn">Studio closed</Tag>} {d.what}</td>
                  <td>{d.id !== null ? <RemoveButton id={d.id} label="Reopen" /> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </ConsolePage>
  );
}
