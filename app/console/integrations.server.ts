/**
 * The admins' integrations pages (decisions 032, 033, 058): API keys and webhook endpoints. Both choose studios from
 * the same list, and both show their secret once, in the answer to the post.
 */
import { json, redirect } from "@remix-run/node";
import { createApiKey, keyableStudios, listApiKeys, revokeApiKey } from "~/api/keys.server";
import { getDb, type Db } from "~/db/client.server";
import { readFormPost, rejected, validateForm, type FieldErrors } from "~/flow/forms.server";
import { getEnv } from "~/platform/env.server";
import { formatShortDateTime } from "~/rules/zoned-time";
import {
  addEndpoint,
  DELIVERIES_PER_PAGE,
  EVENT_LABELS,
  findEndpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  rotateSecret,
  setEndpointEnabled,
} from "~/webhooks/endpoints.server";
import { WEBHOOK_EVENT_TYPES } from "~/webhooks/payload";
import { apiKeySchema, consoleWords, webhookEndpointSchema } from "./schemas.server";
import type { StaffUser } from "./staff.server";
import { CONSOLE_TZ } from "./team.server";

const adminOf = (user: StaffUser) => ({ id: user.id, email: user.email });
const notFound = () => new Response("Not found", { status: 404 });
const idOf = (raw: unknown) => (typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null);
const when = (at: Date | null) => (at ? formatShortDateTime(at, CONSOLE_TZ) : null);

/** Studios a key or an endpoint may name are the real ones: anything else is refused on the studios field. */
async function onlyKnownStudios<V extends { studios: string[] }>(value: V): Promise<V | { fieldErrors?: FieldErrors; formErrors?: string[] }> {
  const known = new Set((await keyableStudios(await getDb())).map((s) => s.slug));
  return value.studios.every((s) => known.has(s)) ? value : { fieldErrors: { studios: ["Choose studios from the list."] } };
}

export async function apiKeysPage() {
  const db = await getDb();
  const [keys, studios] = await Promise.all([listApiKeys(db), keyableStudios(db)]);
  const names = new Map(studios.map((s) => [s.slug, s.name]));
  return {
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
  };
}

/** The page's posts: revoke a key (by id), or make one, shown once in this answer (the database keeps its hash). */
export async function apiKeysPost(user: StaffUser, form: FormData) {
  const db = await getDb();
  if (form.get("intent") === "revoke") {
    const id = String(form.get("id") ?? "");
    if (/^\d{1,9}$/.test(id)) await revokeApiKey(db, Number(id), adminOf(user));
    throw redirect("/staff/api-keys?done=revoked", 303);
  }
  const parsed = await validateForm(form, apiKeySchema, consoleWords(), onlyKnownStudios);
  if (!parsed.ok) return parsed.response;
  const created = await createApiKey(db, parsed.value, adminOf(user));
  return json({ intent: null, status: "success" as const, initialValue: {}, error: {}, created: { name: parsed.value.name, key: created.key } });
}

export async function webhooksPage() {
  const db = await getDb();
  const [endpoints, studios] = await Promise.all([listEndpoints(db), keyableStudios(db)]);
  const names = new Map(studios.map((s) => [s.slug, s.name]));
  return {
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
  };
}

/** A new endpoint; its signing secret shown once, in this answer (signing needs it, so the database keeps it). */
export async function addEndpointFromForm(user: StaffUser, form: FormData) {
  const parsed = await validateForm(form, webhookEndpointSchema(getEnv().WEBHOOK_ALLOW_PRIVATE), consoleWords(), onlyKnownStudios);
  if (!parsed.ok) return parsed.response;
  const value = { ...parsed.value, eventTypes: [...new Set(parsed.value.eventTypes)], studios: [...new Set(parsed.value.studios)].sort() };
  const { endpoint, secret } = await addEndpoint(await getDb(), adminOf(user), value);
  return json({ intent: null, status: "success" as const, initialValue: {}, error: {}, created: { id: endpoint.id, url: endpoint.url, secret } });
}

/** An endpoint by its id in the URL; an unknown or malformed id is a 404. */
async function endpointOf(db: Db, rawId: string | undefined) {
  const id = idOf(rawId);
  const endpoint = id === null ? null : await findEndpoint(db, id);
  if (!endpoint) throw notFound();
  return endpoint;
}

/** The endpoint, its deliveries (newest first, a page at a time, older than `before`). */
export async function endpointPage(rawId: string | undefined, url: URL) {
  const db = await getDb();
  const endpoint = await endpointOf(db, rawId);
  const before = idOf(url.searchParams.get("before")) ?? undefined;
  const [rows, studios] = await Promise.all([listDeliveries(db, endpoint.id, before), keyableStudios(db)]);
  const names = new Map(studios.map((s) => [s.slug, s.name]));
  const now = new Date();
  const page = rows.slice(0, DELIVERIES_PER_PAGE);
  return {
    endpoint: {
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.eventTypes.map((t) => EVENT_LABELS[t as keyof typeof EVENT_LABELS] ?? t).join(", "),
      studios: endpoint.studios.map((s) => names.get(s) ?? s).join(", "),
      state: endpoint.disabledAt === null ? ("enabled" as const) : endpoint.disabledReason === "failing" ? ("failing" as const) : ("disabled" as const),
      disabledAt: when(endpoint.disabledAt),
      added: when(endpoint.createdAt),
      previousSecretUntil: endpoint.previousSecretUntil && endpoint.previousSecretUntil > now ? when(endpoint.previousSecretUntil) : null,
    },
    deliveries: page.map((d) => ({
      id: d.id,
      event: EVENT_LABELS[d.type as keyof typeof EVENT_LABELS] ?? d.type,
      type: d.type,
      visitId: d.visitId,
      messageId: d.messageId,
      status: d.status,
      attempts: d.attempts,
      lastStatusCode: d.lastStatusCode,
      lastError: d.lastError,
      nextTry: d.status === "pending" ? when(d.nextAttemptAt) : null,
      sending: d.claimedUntil !== null && d.claimedUntil > now,
      made: when(d.createdAt),
    })),
    older: rows.length > DELIVERIES_PER_PAGE ? page[page.length - 1]!.id : null,
    newer: before !== undefined,
  };
}

/** An endpoint's forms (`intent`): rotate its secret (shown once, in this answer), disable or enable, replay a delivery. */
export async function endpointPost(user: StaffUser, rawId: string | undefined, request: Request) {
  const db = await getDb();
  const endpoint = await endpointOf(db, rawId);
  const { form } = await readFormPost(request);
  const by = adminOf(user);
  const intent = String(form.get("intent") ?? "");
  const done = (what: string) => redirect(`/staff/webhooks/${endpoint.id}?done=${what}`, 303);
  if (intent === "rotate") {
    const secret = await rotateSecret(db, by, endpoint.id);
    if (!secret) throw notFound();
    // Shown once, in this answer only.
    return json({ intent, status: "success" as const, initialValue: {}, error: {}, rotated: { secret } });
  }
  if (intent === "disable" || intent === "enable") {
    await setEndpointEnabled(db, by, endpoint.id, intent === "enable");
    throw done(intent === "enable" ? "enabled" : "disabled");
  }
  if (intent === "replay") {
    const delivery = idOf(form.get("delivery"));
    const replayed = delivery !== null && (await replayDelivery(db, by, endpoint.id, delivery));
    if (!replayed) return rejected({}, { "": ["That delivery is being sent right now, or is not this endpoint’s: reload the page and try again."] }, { intent, status: 409, extra: { rotated: null } });
    throw done("replayed");
  }
  return rejected({}, { "": ["Reload the page and try again."] }, { intent, extra: { rotated: null } });
}
