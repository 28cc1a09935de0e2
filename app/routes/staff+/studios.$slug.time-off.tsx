import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { fieldErrors, readFormPost, rejected, textValues } from "~/flow/forms.server";
import { addTimeOff, removeTimeOff, shaperStudio, studioRoster, timeOffImpact, upcomingTimeOff } from "~/console/availability.server";
import { removeSchema, timeOffSchema } from "~/console/schemas.server";
import { dayPath } from "~/console/paths";
import { getDb } from "~/db/client.server";
import { localToday } from "~/rules/zoned-time";
import { ConsoleForm, ConsolePage } from "~/ui/console";
import { AvailabilityNav, RemoveButton } from "~/ui/console-availability";
import { TextField } from "~/ui/form";
import { SelectField } from "~/ui/form-choices";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Time off, ${data.studio.name} — Studio console` : "Studio console" }];

const FIELDS = ["provider", "startDate", "startTime", "endDate", "endTime", "reason"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, studio } = await shaperStudio(request, params.slug);
  const db = await getDb();
  const query = new URL(request.url).searchParams;
  const [roster, upcoming, added] = await Promise.all([studioRoster(db, studio), upcomingTimeOff(db, studio), timeOffImpact(db, studio, query.get("added"))]);
  return json({
    studio: { slug: studio.slug, name: studio.name },
    studios: user.studios.map((s) => ({ slug: s.slug, name: s.name })),
    providers: roster.map((p) => ({ value: String(p.id), label: `${p.name} (${p.role})` })),
    upcoming,
    added: added ? { ...added, days: added.days.map((d) => ({ ...d, href: dayPath(studio.slug, d.day) })) } : null,
    removed: query.get("removed") === "1",
    today: localToday(new Date(), studio.tz),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, studio } = await shaperStudio(request, params.slug);
  const db = await getDb();
  const { form } = await readFormPost(request);
  if (form.get("intent") === "remove") {
    const parsed = removeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success || !(await removeTimeOff(db, user, studio, parsed.data.id))) return rejected({}, { "": ["That time off is no longer there. Reload the page."] }, { status: 404 });
    throw redirect(`/staff/studios/${studio.slug}/time-off?removed=1`, 303);
  }
  const values = textValues(form, FIELDS);
  const roster = await studioRoster(db, studio);
  const parsed = timeOffSchema(studio.tz, roster.map((p) => p.id), new Date()).safeParse(values);
  if (!parsed.success) return rejected(values, fieldErrors(parsed.error));
  const outcome = await addTimeOff(db, user, studio, parsed.data);
  if (!outcome.ok) return rejected(values, { provider: ["Choose whose time off it is."] });
  throw redirect(`/staff/studios/${studio.slug}/time-off?added=${outcome.id}`, 303);
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
