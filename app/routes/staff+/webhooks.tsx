import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { keyableStudios } from "~/api/keys.server";
import { webhookEndpointSchema } from "~/console/schemas.server";
import { requireStaff } from "~/console/staff.server";
import { getDb } from "~/db/client.server";
import { fieldErrors, readFormPost, rejected } from "~/flow/forms.server";
import { getEnv } from "~/platform/env.server";
import { ConsoleForm, ConsolePage, ShownOnce, Tag } from "~/ui/console";
import { ChoiceFieldset, TextField, useField } from "~/ui/form";
import { addEndpoint, EVENT_LABELS, listEndpoints } from "~/webhooks/endpoints.server";
import { WEBHOOK_EVENT_TYPES } from "~/webhooks/payload";

export const meta: MetaFunction = () => [{ title: "Webhooks — Studio console" }];
/** The new secret is in the answer to the post: never cached, never in a URL. */
export const headers = () => ({ "Cache-Control": "no-store" });

/** Admins only (anyone else: 404): the endpoints, a form for a new one. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, ["admin"]);
  const db = await getDb();
  const [endpoints, studios] = await Promise.all([listEndpoints(db), keyableStudios(db)]);
  const names = new Map(studios.map((s) => [s.slug, s.name]));
  return json({
    studios,
    // Made here, not at module level: a top-level call kept the event payloads' module (and zod) in the browser build.
    events: WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: EVENT_LABELS[type], detail: type })),
    endpoints: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      description: e.description,
      events: e.eventTypes.map((t) => EVENT_LABELS[t as keyof typeof EVENT_LABELS] ?? t).join(", "),
      studios: e.studios.map((s) => names.get(s) ?? s).join(", "),
      state: e.disabledAt === null ? ("enabled" as const) : e.disabledReason === "failing" ? ("failing" as const) : ("disabled" as const),
      pending: e.pending,
      failed: e.failed,
    })),
  });
}

const refused = (values: Record<string, unknown>, error: Record<string, string[]>) => rejected(values, error, { extra: { created: null } });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, ["admin"]);
  const { form } = await readFormPost(request);
  const db = await getDb();
  const values = {
    url: String(form.get("url") ?? "").slice(0, 2100),
    description: String(form.get("description") ?? "").slice(0, 300),
    eventTypes: form.getAll("eventTypes").map(String).slice(0, 50),
    studios: form.getAll("studios").map(String).slice(0, 200),
  };
  const parsed = webhookEndpointSchema(getEnv().WEBHOOK_ALLOW_PRIVATE).safeParse(values);
  if (!parsed.success) return refused(values, fieldErrors(parsed.error));
  const known = new Set((await keyableStudios(db)).map((s) => s.slug));
  if (parsed.data.studios.some((s) => !known.has(s))) return refused(values, { studios: ["Choose studios from the list."] });
  const value = { ...parsed.data, eventTypes: [...new Set(parsed.data.eventTypes)], studios: [...new Set(parsed.data.studios)].sort() };
  const { endpoint, secret } = await addEndpoint(db, { id: user.id, email: user.email }, value);
  // Shown once, in this answer only (signing needs the secret, so the database keeps it; no page shows it again).
  return json({ intent: null, status: "success" as const, initialValue: {}, error: {}, created: { id: endpoint.id, url: endpoint.url, secret } });
}

function Checkboxes({ name, legend, hint, choices }: { name: string; legend: string; hint: string; choices: { value: string; label: string; detail?: string }[] }) {
  const chosen = useField(name).values;
  return (
    <ChoiceFieldset name={name} legend={legend} hint={hint}>
      <div className="choices choices-columns">
        {choices.map((c) => (
          <label className="choice" key={c.value} htmlFor={`${name}-${c.value}`}>
            <input type="checkbox" id={`${name}-${c.value}`} name={name} value={c.value} defaultChecked={chosen.includes(c.value)} />
            <span>
              <span className="choice-title">{c.label}</span>
              {c.detail ? <span className="choice-detail"> {c.detail}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </ChoiceFieldset>
  );
}

const STATE_TAGS = {
  enabled: <Tag tone="good">Enabled</Tag>,
  disabled: <Tag>Disabled</Tag>,
  failing: <Tag tone="bad">Disabled: kept failing</Tag>,
};

export default function Webhooks() {
  const { endpoints, studios, events } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const created = result?.created ?? null;
  return (
    <ConsolePage title="Webhooks">
      <p>
        An endpoint is another system&rsquo;s URL (the practice-management system, a CRM) that hears when a visit is booked, moved, cancelled, checked in,
        completed or missed: a signed POST (Standard Webhooks) saying which visit, never who the patient is.
      </p>
      {created ? (
        <section className="notice notice-success" role="status" aria-labelledby="new-secret-title">
          <h2 id="new-secret-title">Endpoint added</h2>
          <p>
            Copy its signing secret into the receiving system now: it is shown only this once. The receiver checks every delivery&rsquo;s signature with
            it.
          </p>
          <ShownOnce id="new-secret" label="Signing secret" value={created.secret} />
          <p>
            <Link to={`/staff/webhooks/${created.id}`}>Its deliveries</Link>
          </p>
        </section>
      ) : null}
      <div className="table-scroll">
        <table className="console-table">
          <caption>Endpoints</caption>
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Events</th>
              <th scope="col">Studios</th>
              <th scope="col">State</th>
              <th scope="col">Waiting</th>
              <th scope="col">Given up</th>
            </tr>
          </thead>
          <tbody>
            {endpoints.length === 0 ? (
              <tr>
                <td colSpan={6}>No endpoints yet.</td>
              </tr>
            ) : null}
            {endpoints.map((e) => (
              <tr key={e.id}>
                <th scope="row">
                  <Link to={`/staff/webhooks/${e.id}`}>
                    <code>{e.url}</code>
                  </Link>
                  {e.description ? <div>{e.description}</div> : null}
                </th>
                <td>{e.events}</td>
                <td>{e.studios}</td>
                <td>{STATE_TAGS[e.state]}</td>
                <td>{e.pending}</td>
                <td>{e.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="console-panel narrow-form" aria-labelledby="new-title">
        <h2 id="new-title">Add an endpoint</h2>
        <ConsoleForm result={result?.status === "error" ? result : undefined} submitLabel="Add the endpoint">
          <TextField name="url" label="URL" hint="Where the deliveries go: https://, a public address." inputMode="url" autoComplete="off" />
          <TextField name="description" label="What it is for" optional hint="The system or company receiving, e.g. “Dentrix sync”." autoComplete="off" />
          <Checkboxes name="eventTypes" legend="Events" hint="What it hears about." choices={events} />
          <Checkboxes name="studios" legend="Studios" hint="Visits at these studios only." choices={studios.map((s) => ({ value: s.slug, label: s.name }))} />
        </ConsoleForm>
      </section>
    </ConsolePage>
  );
}
