import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { endpointPage, endpointPost } from "~/console/integrations.server";
import { requireStaff } from "~/console/staff.server";
import { ConsolePage, ShownOnce, Tag } from "~/ui/console";
import { ErrorSummary, FormStateProvider } from "~/ui/form";
import { ROTATION_OVERLAP_HOURS } from "~/webhooks/endpoints.server";

export const meta: MetaFunction = () => [{ title: "Webhook endpoint — Studio console" }];
/** A rotated secret is in the answer to the post: never cached, never in a URL. */
export const headers = () => ({ "Cache-Control": "no-store" });

/** Admins only; an unknown or malformed id is a 404. The endpoint, its deliveries (newest first, a page at a time). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, ["admin"]);
  return json(await endpointPage(params.id, new URL(request.url)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request, ["admin"]);
  return endpointPost(user, params.id, request);
}

const DONE: Record<string, string> = {
  disabled: "Disabled. Nothing is sent to it, and visit changes from now on are not queued for it.",
  enabled: "Enabled again. Deliveries still waiting go out at their next try; visit changes from now on are sent.",
  replayed: "Queued again: the same message (same webhook-id and body) goes out within seconds.",
};

const STATUS_TAGS = {
  delivered: <Tag tone="good">Delivered</Tag>,
  pending: <Tag tone="warn">Waiting</Tag>,
  failed: <Tag tone="bad">Given up</Tag>,
};

export default function WebhookEndpoint() {
  const { endpoint, deliveries, older, newer } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [query] = useSearchParams();
  const done = DONE[query.get("done") ?? ""];
  const rotated = result && "rotated" in result ? result.rotated : null;
  return (
    <ConsolePage title="Webhook endpoint">
      <p>
        <Link to="/staff/webhooks">← Webhooks</Link>
      </p>
      <FormStateProvider result={result?.status === "error" ? result : undefined} values={undefined}>
        <ErrorSummary />
      </FormStateProvider>
      {done ? (
        <p className="notice notice-success" role="status">
          {done}
        </p>
      ) : null}
      {rotated ? (
        <section className="notice notice-success" role="status" aria-labelledby="new-secret-title">
          <h2 id="new-secret-title">New signing secret</h2>
          <p>
            Copy it into the receiving system now: it is shown only this once. For {ROTATION_OVERLAP_HOURS} hours every delivery carries two signatures,
            one with this secret and one with the previous one, so the receiver can switch when it is ready.
          </p>
          <ShownOnce id="new-secret" label="Signing secret" value={rotated.secret} />
        </section>
      ) : null}
      <dl className="console-dl">
        <dt>URL</dt>
        <dd>
          <code>{endpoint.url}</code>
        </dd>
        {endpoint.description ? (
          <>
            <dt>For</dt>
            <dd>{endpoint.description}</dd>
          </>
        ) : null}
        <dt>Events</dt>
        <dd>{endpoint.events}</dd>
        <dt>Studios</dt>
        <dd>{endpoint.studios}</dd>
        <dt>Added</dt>
        <dd>{endpoint.added}</dd>
        <dt>State</dt>
        <dd>
          {endpoint.state === "enabled" ? <Tag tone="good">Enabled</Tag> : endpoint.state === "failing" ? <Tag tone="bad">Disabled: kept failing</Tag> : <Tag>Disabled</Tag>}
          {endpoint.disabledAt ? ` since ${endpoint.disabledAt}` : null}
        </dd>
        <dt>Signing secret</dt>
        <dd>{endpoint.previousSecretUntil ? `Rotated: the previous secret also signs until ${endpoint.previousSecretUntil}.` : "One secret signs."}</dd>
      </dl>
      <div className="console-actions">
        <section className="console-panel" aria-labelledby="rotate-title">
          <h2 id="rotate-title">Signing secret</h2>
          <Form method="post" reloadDocument className="form">
            <input type="hidden" name="intent" value="rotate" />
            <p>
              A new secret, shown once. The previous one keeps signing for {ROTATION_OVERLAP_HOURS} hours beside it; a secret older than that stops at
              once.
            </p>
            <button type="submit" className="button button-secondary">
              Rotate the secret
            </button>
          </Form>
        </section>
        <section className="console-panel" aria-labelledby="access-title">
          <h2 id="access-title">Sending</h2>
          <Form method="post" reloadDocument className="form">
            {endpoint.state === "enabled" ? (
              <>
                <input type="hidden" name="intent" value="disable" />
                <p>While it is disabled nothing is sent to it, and visit changes are not queued for it.</p>
                <button type="submit" className="button button-danger">
                  Disable the endpoint
                </button>
              </>
            ) : (
              <>
                <input type="hidden" name="intent" value="enable" />
                <p>Disabled: nothing is sent. Enabled again, waiting deliveries resume; replay the ones given up below.</p>
                <button type="submit" className="button button-secondary">
                  Enable the endpoint
                </button>
              </>
            )}
          </Form>
        </section>
      </div>
      <section className="console-section" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">Deliveries</h2>
        <p>Newest first. A replay sends the same message again (the same webhook-id and body), now, with a fresh retry schedule.</p>
        <div className="table-scroll">
          <table className="console-table">
            <caption>Deliveries to this endpoint</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Visit</th>
                <th scope="col">State</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last status code</th>
                <th scope="col">Next try</th>
                <th scope="col">Replay</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.length === 0 ? (
                <tr>
                  <td colSpan={7}>No deliveries yet.</td>
                </tr>
              ) : null}
              {deliveries.map((d) => (
                <tr key={d.id}>
                  <th scope="row">
                    {d.event} <code>{d.type}</code>
                    <div>
                      <code>{d.messageId}</code>
                    </div>
                    <div className="nowrap">{d.made}</div>
                  </th>
                  <td>
                    <Link to={`/staff/visits/${d.visitId}`}>{d.visitId}</Link>
                  </td>
                  <td>{STATUS_TAGS[d.status]}</td>
                  <td>{d.attempts}</td>
                  <td>{d.lastStatusCode ?? (d.lastError ? `None (${d.lastError})` : "—")}</td>
                  <td className="nowrap">{d.sending ? "Sending now" : (d.nextTry ?? "—")}</td>
                  <td>
                    <Form method="post" reloadDocument className="inline-form">
                      <input type="hidden" name="intent" value="replay" />
                      <input type="hidden" name="delivery" value={d.id} />
                      <button type="submit" className="button button-secondary" aria-label={`Replay ${d.event.toLowerCase()} of visit ${d.visitId} (${d.messageId})`}>
                        Replay
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {older !== null || newer ? (
          <nav aria-label="Older and newer deliveries" className="day-nav">
            {newer ? <Link to={`/staff/webhooks/${endpoint.id}`}>Newest</Link> : null}
            {older !== null ? <Link to={`/staff/webhooks/${endpoint.id}?before=${older}`}>Older deliveries</Link> : null}
          </nav>
        ) : null}
      </section>
    </ConsolePage>
  );
}
