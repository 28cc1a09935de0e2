import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { fieldErrors, readFormPost, rejected, textValues } from "~/flow/forms.server";
import { setWeeklyHours, shaperStudio, studioProvider } from "~/console/availability.server";
import { hoursSchema, weekdayField } from "~/console/schemas.server";
import { getDb } from "~/db/client.server";
import { WEEKDAYS, WEEK_ORDER } from "~/rules/weekly-hours";
import { ConsoleForm, ConsolePage } from "~/ui/console";
import { TextField } from "~/ui/form";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Change weekly hours, ${data.studio.name} — Studio console` : "Studio console" }];

const notFound = () => new Response("Not found", { status: 404 });
const FIELDS = WEEK_ORDER.map(weekdayField);

async function providerOf(request: Request, params: { slug?: string; providerId?: string }) {
  const { user, studio } = await shaperStudio(request, params.slug);
  const db = await getDb();
  const provider = await studioProvider(db, studio, params.providerId);
  if (!provider) throw notFound();
  return { user, studio, db, provider };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { studio, provider } = await providerOf(request, params);
  return json({
    studio: { slug: studio.slug, name: studio.name },
    provider: { id: provider.id, name: provider.name, role: provider.role },
    values: Object.fromEntries(provider.week.map((d) => [weekdayField(d.weekday), d.text])),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, studio, db, provider } = await providerOf(request, params);
  const { form } = await readFormPost(request);
  const values = textValues(form, FIELDS);
  const parsed = hoursSchema.safeParse(values);
  if (!parsed.success) return rejected(values, fieldErrors(parsed.error));
  const outcome = await setWeeklyHours(db, user, studio, provider.id, parsed.data);
  if (outcome === "not_found") throw notFound();
  if (outcome === "overlap") return rejected(values, { "": ["Two stretches of hours overlap on one day. Check each day and try again."] });
  throw redirect(`/staff/studios/${studio.slug}/hours?saved=${provider.id}`, 303);
}

export default function ChangeHours() {
  const { studio, provider, values } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <ConsolePage title={`${provider.name}’s weekly hours`} narrow>
      <p>
        At {studio.name}, in the studio’s local time. <Link to={`/staff/studios/${studio.slug}/hours`}>Back to all hours</Link>
      </p>
      <p>
        For each day, the stretches of time {provider.name} sees patients, separated by commas, like <q>8:00 AM–12:00 PM, 1:00 PM–5:00 PM</q>. Leave a
        day empty when they do not work. Visits already booked stay booked.
      </p>
      <ConsoleForm result={result} values={values} submitLabel="Save the hours">
        {WEEK_ORDER.map((d) => (
          <TextField key={d} name={weekdayField(d)} label={WEEKDAYS[d]!} />
        ))}
      </ConsoleForm>
    </ConsolePage>
  );
}
