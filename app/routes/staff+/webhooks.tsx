import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { addEndpointFromForm, webhooksPage } from "~/console/integrations.server";
import { requireStaff } from "~/console/staff.server";
import { readFormPost } from "~/flow/forms.server";
import { Checkboxes, ConsoleForm, ConsolePage, EmptyRow, ShownOnce, StudioChoices, Tag } from "~/ui/console";
import { TextField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Webhooks — Studio console" }];
/** The new secret is in the answer to the post: never cached, never in a URL. */
export const headers = () => ({ "Cache-Control": "no-store" });

/** Admins only (anyone else: 404): the endpoints, a form for a new one. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, ["admin"]);
  return json(await webhooksPage());
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, ["admin"]);
  const { form } = await readFormPost(request);
  return addEndpointFromForm(user, form);
}

const STATE_TAGS = {
  enabled: <Tag tone="good">Enabled</Tag>,
  disabled: <Tag>Disabled</Tag>,
  failing: <Tag tone="bad">Disabled: kept failing</Tag>,
};

export default function Webhooks() {
  const { endpoints, studios, events } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const created = result && "created" in result ? result.created : null;
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
            {endpoints.length === 0 ? <EmptyRow columns={6}>No endpoints yet.</EmptyRow> : null}
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
          <StudioChoices studios={studios} hint="Visits at these studios only." />
        </ConsoleForm>
      </section>
    </ConsolePage>
  );
}
