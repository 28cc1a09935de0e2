import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getDb } from "~/db/client.server";
import { getEnv, type Env } from "~/platform/env.server";
import { latestOutboxAndVisits } from "~/scheduling/dev-outbox.server";

export const meta: MetaFunction = () => [{ title: "Dev: outbox and appointments" }, { name: "robots", content: "noindex" }];

/** Only in development or when DEV_ROUTES=true (the e2e server); otherwise the page does not exist. */
function devRoutesEnabled(env: Env = getEnv()): boolean {
  return env.DEV_ROUTES || env.NODE_ENV === "development";
}

export async function loader(_: LoaderFunctionArgs) {
  if (!devRoutesEnabled()) throw new Response("Not found", { status: 404 });
  const { mails, visits } = await latestOutboxAndVisits(await getDb());
  return json(
    {
      mails: mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      visits: visits.map((v) => ({ ...v, startsAt: v.startsAt.toISOString() })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function DevOutbox() {
  const { mails, visits } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>Outbox and appointments (development only)</h1>
      <h2>Outbox emails</h2>
      <table className="dev-table" id="outbox">
        <thead>
          <tr>
            <th scope="col">To</th>
            <th scope="col">Subject</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {mails.map((m) => (
            <tr key={m.id}>
              <td>{m.to}</td>
              <td>{m.subject}</td>
              <td>{m.status}</td>
              <td>{m.createdAt}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Latest appointments</h2>
      <table className="dev-table" id="appointments">
        <thead>
          <tr>
            <th scope="col">Token</th>
            <th scope="col">Studio</th>
            <th scope="col">Service</th>
            <th scope="col">Starts</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {visits.map((v) => (
            <tr key={v.token}>
              <td>
                <a href={`/booking/confirmed/${v.token}`}>{v.token}</a>
              </td>
              <td>{v.studio}</td>
              <td>{v.service}</td>
              <td>{v.startsAt}</td>
              <td>{v.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
