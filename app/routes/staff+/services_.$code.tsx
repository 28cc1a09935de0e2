import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { readFormPost } from "~/flow/forms.server";
import { PROVIDER_ROLE_LABELS, PROVIDER_ROLES } from "~/console/availability.server";
import { serviceFromForm, serviceOf, servicePage } from "~/console/availability-pages.server";
import { requireStaff } from "~/console/staff.server";
import { ConsoleForm, ConsolePage } from "~/ui/console";
import { TextField, useField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Change a service — Studio console" }];

/** Services are one chain-wide list: admins change them (decision 023); anyone else gets the 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, ["admin"]);
  return json(await servicePage(params.code));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request, ["admin"]);
  const service = await serviceOf(params.code);
  const { form } = await readFormPost(request);
  return serviceFromForm(user, service.code, form);
}

export default function ChangeService() {
  const { service, values } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <ConsolePage title={`Change ${service.name}`} narrow>
      <p>
        For every studio. Visits already booked keep their length and price. <Link to="/staff/services">Back to services</Link>
      </p>
      <ConsoleForm result={result} values={values} submitLabel="Save the service">
        <TextField name="durationMinutes" label="Length (minutes)" hint="From 5 to 480, in steps of 5." inputMode="numeric" />
        <TextField name="price" label="Self-pay price (US dollars)" hint="0 for a free visit." />
        <RolesField />
      </ConsoleForm>
    </ConsolePage>
  );
}

/** The kinds of provider who offer the service: native checkboxes in a fieldset, its error above them. */
function RolesField() {
  const { error, values } = useField("roles");
  return (
    <fieldset className="field" id="roles" aria-describedby={error ? "roles-hint roles-error" : "roles-hint"}>
      <legend>Offered by</legend>
      <p className="hint" id="roles-hint">
        Whose hours count for this service at every studio.
      </p>
      {error ? (
        <p className="field-error" id="roles-error">
          {error}
        </p>
      ) : null}
      {PROVIDER_ROLES.map((role) => (
        <label className="choice" htmlFor={`roles-${role}`} key={role}>
          <input type="checkbox" id={`roles-${role}`} name="roles" value={role} defaultChecked={values.includes(role)} />
          <span>
            <span className="choice-title">{PROVIDER_ROLE_LABELS[role]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
