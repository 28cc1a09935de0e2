import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { createApiKey, keyableStudios, listApiKeys, revokeApiKey } from "~/api/keys.server";
import { apiKeySchema } from "~/console/schemas.server";
import { fieldErrors, readFormPost, rejected } from "~/flow/forms.server";
import { requireStaff } from "~/console/staff.server";
import { CONSOLE_TZ } from "~/console/team.server";
import { getDb } from "~/db/client.server";
import { formatShortDateTime } from "~/rules/zoned-time";
import { ConsoleForm, ConsolePage, ShownOnce, Tag } from "~/ui/console";
import { ChoiceFieldset, TextField, useField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "API keys — Studio console" }];
/** The new key is in the answer to the post: never cached, never in a URL. */
export const headers = () => ({ "Cache-Control": "no-store" });

/** Admins only (anyone else: 404): the keys, when each was last used, a form for a new one, revoke. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, ["admin"]);
  const db = await getDb();
  const [keys, studios] = await Promise.all([listApiKeys(db), keyableStudios(db)]);
  const names = new Map(studios.map((s) => [s.slug, s.name]));
  const when = (at: Date | null) => (at ? formatShortDateTime(at, CONSOLE_TZ) : null);
  return json({
    studios,
    keys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      studios: k.studios.map((s) => names.get(s) ?? s).join(", "),
      created: when(k.createdAt),
      lastUsed: when(k.lastUsedAt),
      revoked: when(k.revokedAt),
    })),
  });
}

const refused = (values: Record<string, unknown>, error: Record<string, string[]>) => rejected(values, error, { extra: { created: null } });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, ["admin"]);
  const { form } = await readFormPost(request);
  const db = await getDb();
  const by = { id: user.id, email: user.email };
  if (form.get("intent") === "revoke") {
    const id = String(form.get("id") ?? "");
    if (/^\d{1,9}$/.test(id)) await revokeApiKey(db, Number(id), by);
    throw redirect("/staff/api-keys?done=revoked", 303);
  }
  const values = { name: String(form.get("name") ?? "").slice(0, 200), studios: form.getAll("studios").map(String).slice(0, 200) };
  const parsed = apiKeySchema.safeParse(values);
  if (!parsed.success) return refused(values, fieldErrors(parsed.error));
  const known = new Set((await keyableStudios(db)).map((s) => s.slug));
  if (parsed.data.studios.some((s) => !known.has(s))) return refused(values, { studios: ["Choose studios from the list."] });
  const created = await createApiKey(db, parsed.data, by);
  // Shown once, in this answer only: the database keeps its hash.
  return json({ intent: null, status: "success" as const, initialValue: {}, error: {}, created: { name: parsed.data.name, key: created.key } });
}

function StudioChoices({ studios }: { studios: { slug: string; name: string }[] }) {
  const chosen = useField("studios").values;
  return (
    <ChoiceFieldset name="studios" legend="Studios" hint="The key reads visits at these studios only.">
      <div className="choices choices-columns">
        {studios.map((s) => (
          <label className="choice" key={s.slug} htmlFor={`studios-${s.slug}`}>
            <input type="checkbox" id={`studios-${s.slug}`} name="studios" value={s.slug} defaultChecked={chosen.includes(s.slug)} />
            <span>
              <span className="choice-title">{s.name}</span>
            </span>
          </label>
        ))}
      </div>
    </ChoiceFieldset>
  );
}

export default function ApiKeys() {
  const { keys, studios } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [query] = useSearchParams();
  const created = result?.created ?? null;
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
            {keys.length === 0 ? (
              <tr>
                <td colSpan={6}>No keys yet.</td>
              </tr>
            ) : null}
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
          <StudioChoices studios={studios} />
        </ConsoleForm>
      </section>
    </ConsolePage>
  );
}
