import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { apiKeysPage, apiKeysPost } from "~/console/integrations.server";
import { requireStaff } from "~/console/staff.server";
import { readFormPost } from "~/flow/forms.server";
import { ConsoleForm, ConsolePage, EmptyRow, ShownOnce, StudioChoices, Tag } from "~/ui/console";
import { TextField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "API keys — Studio console" }];
/** The new key is in the answer to the post: never cached, never in a URL. */
export const headers = () => ({ "Cache-Control": "no-store" });

/** Admins only (anyone else: 404): the keys, when each was last used, a form for a new one, revoke. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, ["admin"]);
  return json(await apiKeysPage());
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, ["admin"]);
  const { form } = await readFormPost(request);
  return apiKeysPost(user, form);
}

export default function ApiKeys() {
  const { keys, studios } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [query] = useSearchParams();
  const created = result && "created" in result ? result.created : null;
  return (
    <ConsolePage title="API keys">
      <p>
        A key lets another system (the practice-management system, a CRM) read visits and their patients&rsquo; contact details through the API
        (<a href="/api/v1/openapi.json">its description</a>). Every read is in the audit log.
      </p>
      {created ? (
        <section className="notice notice-success" role="status" aria-labelledby="new-key-title">
          <h2 id="new-key-title">Key for {created.name}</h2>
          <p>Copy it now into the other system: it is shown only this once.</p>
          <ShownOnce id="new-key" label="API key" value={created.key} />
        </section>
      ) : null}
      {query.get("done") === "revoked" ? (
        <p className="notice notice-success" role="status">
          Revoked. The key stopped working at once.
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="console-table">
          <caption>Keys</caption>
          <thead>
            <tr>
              <th scope="col">For</th>
              <th scope="col">Starts with</th>
              <th scope="col">Studios</th>
              <th scope="col">Made</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {keys.length === 0 ? <EmptyRow columns={6}>No keys yet.</EmptyRow> : null}
            {keys.map((k) => (
              <tr key={k.id}>
                <th scope="row">{k.name}</th>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                <td>{k.studios}</td>
                <td>{k.created}</td>
                <td>{k.lastUsed ?? "Never"}</td>
                <td>
                  {k.revoked ? (
                    <Tag tone="bad">Revoked {k.revoked}</Tag>
                  ) : (
                    <Form method="post" reloadDocument className="inline-form">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="id" value={k.id} />
                      <button type="submit" className="button button-danger" aria-label={`Revoke the key for ${k.name}`}>
                        Revoke
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="console-panel" aria-labelledby="new-title">
        <h2 id="new-title">Make a key</h2>
        <ConsoleForm result={result?.status === "error" ? result : undefined} submitLabel="Make the key">
          <TextField name="name" label="What it is for" hint="The system or company using it, e.g. “Dentrix sync”." autoComplete="off" />
          <StudioChoices studios={studios} hint="The key reads visits at these studios only." />
        </ConsoleForm>
      </section>
    </ConsolePage>
  );
}
