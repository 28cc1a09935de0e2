import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { fieldErrors, readFormPost, rejected, textValues } from "~/flow/forms.server";
import { listServices, PROVIDER_ROLE_LABELS, PROVIDER_ROLES, updateService } from "~/console/availability.server";
import { serviceSchema } from "~/console/schemas.server";
import { requireStaff } from "~/console/staff.server";
import { getDb } from "~/db/client.server";
import { ConsoleForm, ConsolePage } from "~/ui/console";
import { TextField, useField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Change a service — Studio console" }];

const notFound = () => new Response("Not found", { status: 404 });

/** Services are one chain-wide list: admins change them (decision 023); anyone else gets the 404. */
async function serviceOf(request: Request, code: string | undefined) {
  const user = await requireStaff(request, ["admin"]);
  const db = await getDb();
  const service = (await listServices(db)).find((s) => s.code === code);
  if (!service) throw notFound();
  return { user, db, service };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { service } = await serviceOf(request, params.code);
  return json({
    service: { code: service.code, name: service.name },
    values: {
      durationMinutes: String(service.durationMinutes),
      price: service.priceCents === null ? "" : (service.priceCents / 100).toFixed(2),
      roles: service.providerRoles,
    },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, db, service } = await serviceOf(request, params.code);
  const { form } = await readFormPost(request);
  const roles = form.getAll("roles").filter((r): r is string => typeof r === "string").slice(0, 5);
  const values = { ...textValues(form, ["durationMinutes", "price"]), roles };
  const parsed = serviceSchema.safeParse(values);
  if (!parsed.success) return rejected(values as never, fieldErrors(parsed.error));
  await updateService(db, user, service.code, { durationMinutes: parsed.data.durationMinutes, priceCents: parsed.data.price, providerRoles: parsed.data.roles });
  throw redirect(`/staff/services?saved=${service.code}`, 303);
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
