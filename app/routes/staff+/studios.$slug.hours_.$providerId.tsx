import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { readFormPost } from "~/flow/forms.server";
import { hoursFromForm, providerHoursPage, shapedProvider } from "~/console/availability-pages.server";
import { ConsoleForm, ConsolePage } from "~/ui/console";
import { TextField } from "~/ui/form";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Change weekly hours, ${data.studio.name} — Studio console` : "Studio console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { studio, provider } = await shapedProvider(request, params);
  return json(providerHoursPage(studio, provider));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, studio, provider } = await shapedProvider(request, params);
  const { form } = await readFormPost(request);
  return hoursFromForm(user, studio, provider.id, form);
}

export default function ChangeHours() {
  const { studio, provider, values, days } = useLoaderData<typeof loader>();
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
        {days.map((d) => (
          <TextField key={d.name} name={d.name} label={d.label} />
        ))}
      </ConsoleForm>
    </ConsolePage>
  );
}
