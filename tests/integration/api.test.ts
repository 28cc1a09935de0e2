// The read API and its keys (issue 30 C, decision 033) on PGlite and PostgreSQL: an admin makes a key in the
// console (shown once, stored hashed, audited), the key reads its studios' visits with the patient's contact
// details (each read audited), nothing of another studio; wrong and revoked keys are 401, bad queries 400, too many
// requests 429 — every answer a JSON body that matches the OpenAPI document, as do sample webhook payloads.
import Ajv2020 from "ajv/dist/2020";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { hashApiKey } from "~/api/keys.server";
import { openApiDocument, WEBHOOK_TYPES } from "~/api/openapi";
import { consume, resetRateLimiters } from "~/auth/rate-limit.server";
import { apiKeys, appointments, auditLog } from "~/db/schema";
import { getEnv } from "~/platform/env.server";
import { loader as listLoader } from "~/routes/api+/v1.visits";
import { loader as visitLoader } from "~/routes/api+/v1.visits_.$id";
import { loader as openApiLoader } from "~/routes/api+/v1.openapi[.json]";
import { action as keysAction, loader as keysLoader } from "~/routes/staff+/api-keys";
import { createPatient, createStudioWithProviders } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { signedInStaff } from "../helpers/staff";

const ORIGIN = "http://localhost:3000";
const api = (path: string, key?: string) => new Request(`${ORIGIN}${path}`, { headers: key ? { Authorization: `Bearer ${key}` } : {} });
function post(path: string, cookie: string, fields: [string, string][]) {
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } });
}

/** The OpenAPI document's schemas, compiled by a JSON Schema 2020-12 validator (what OAS 3.1 uses). */
function validators() {
  const doc = openApiDocument(ORIGIN);
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  // The document's components as one schema's $defs; its "#/components/schemas/X" refs point there.
  const local = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/$defs/')) as object;
  ajv.addSchema({ $id: "doc", $defs: local(doc.components.schemas) });
  const schema = (name: string) => ajv.compile({ $ref: `doc#/$defs/${name}` });
  const responseSchema = (path: string, status: string) => {
    const op = (doc.paths as Record<string, { get: { responses: Record<string, { content: { "application/json": { schema: object } } }> } }>)[path]!.get;
    return ajv.compile(local(op.responses[status]!.content["application/json"].schema));
  };
  const webhook = (type: string) =>
    ajv.compile(local((doc.webhooks as Record<string, { post: { requestBody: { content: { "application/json": { schema: object } } } } }>)[type]!.post.requestBody.content["application/json"].schema));
  return { schema, responseSchema, webhook };
}

async function conforms(response: Response, validate: ReturnType<ReturnType<typeof validators>["schema"]>) {
  const body: unknown = await response.clone().json();
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  return body as Record<string, unknown>;
}

describeEachEngine("read API and API keys", ({ db }) => {
  const v = validators();
  let admin: { email: string; cookie: string };
  let studio: { slug: string; providerIds: number[] };
  let other: { slug: string; providerIds: number[] };
  let key: string;
  let keyId: number;
  const visits: number[] = [];
  let otherVisit: number;

  beforeAll(async () => {
    resetRateLimiters();
    admin = await signedInStaff(db().db, "admin");
    studio = await createStudioWithProviders(db().db);
    other = await createStudioWithProviders(db().db);
    const patient = await createPatient(db().db, { firstName: "Ana", lastName: "Lee", phone: "6175550100" });
    const day = Date.UTC(2027, 2, 1, 14);
    for (let i = 0; i < 5; i++) {
      const startsAt = new Date(day + i * 3600_000);
      const [row] = await db()
        .db.insert(appointments)
        .values({ token: `tok-api-${studio.slug}-${i}`, patientId: patient.id, studioSlug: studio.slug, providerId: studio.providerIds[0]!, serviceType: "CLNCHK", startsAt, endsAt: new Date(startsAt.getTime() + 3600_000) })
        .returning();
      visits.push(row!.id);
    }
    const someoneElse = await createPatient(db().db);
    const [elsewhere] = await db()
      .db.insert(appointments)
      .values({ token: `tok-api-${other.slug}`, patientId: someoneElse.id, studioSlug: other.slug, providerId: other.providerIds[0]!, serviceType: "CLNCHK", startsAt: new Date(day), endsAt: new Date(day + 3600_000) })
      .returning();
    otherVisit = elsewhere!.id;
  });

  it("an admin makes a key in the console: shown once, stored as its SHA-256, scoped to studios, audited; other roles get 404", async () => {
    const made = await callRoute(keysAction, post("/staff/api-keys", admin.cookie, [["name", "PMS sync"], ["studios", studio.slug]]));
    expect(made.status).toBe(200);
    const body = (await made.json()) as { created: { key: string } };
    key = body.created.key;
    expect(key).toMatch(/^dbk_[A-Za-z0-9_-]{43}$/);
    const [row] = await db().db.select().from(apiKeys).where(eq(apiKeys.keyHash, hashApiKey(key)));
    expect(row).toMatchObject({ name: "PMS sync", studios: [studio.slug], revokedAt: null, lastUsedAt: null });
    keyId = row!.id;
    // Nothing stores the key itself: not the row, not the audit line.
    expect(JSON.stringify(row)).not.toContain(key.slice(4));
    const [line] = await db().db.select().from(auditLog).where(eq(auditLog.action, "api_key.create")).orderBy(desc(auditLog.id)).limit(1);
    expect(line).toMatchObject({ actor: "staff", staffEmail: admin.email, after: { id: keyId, name: "PMS sync", studios: [studio.slug] } });
    expect(JSON.stringify(line)).not.toContain(key.slice(4));
    // The list shows it without the key.
    const page = await callRoute(keysLoader, new Request(`${ORIGIN}/staff/api-keys`, { headers: { Cookie: admin.cookie } }));
    const listed = JSON.stringify(await page.json());
    expect(listed).toContain("PMS sync");
    expect(listed).not.toContain(key);

    const missing = await callRoute(keysAction, post("/staff/api-keys", admin.cookie, [["name", ""]]));
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toMatch(/Name the integration[\s\S]*Choose at least one studio/);
    const manager = await signedInStaff(db().db, "manager", [studio.slug]);
    expect((await callRoute(keysLoader, new Request(`${ORIGIN}/staff/api-keys`, { headers: { Cookie: manager.cookie } }))).status).toBe(404);
    expect((await callRoute(keysAction, post("/staff/api-keys", manager.cookie, [["name", "x"], ["studios", studio.slug]]))).status).toBe(404);
  });

  it("reads a visit of its studio with the patient's contact details, audited per read, no-store; another studio's or an unknown visit is 404", async () => {
    const answer = await callRoute(visitLoader, api(`/api/v1/visits/${visits[0]}`, key), { params: { id: String(visits[0]) } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const visit = await conforms(answer, v.responseSchema("/api/v1/visits/{id}", "200"));
    expect(visit).toMatchObject({ id: String(visits[0]), studio: studio.slug, service: "CLNCHK", start: "2027-03-01T09:00:00-05:00", status: "booked", patient: { firstName: "Ana", lastName: "Lee", phone: "6175550100" } });
    const [line] = await db().db.select().from(auditLog).where(and(eq(auditLog.action, "api.visit_read"), eq(auditLog.appointmentId, visits[0]!)));
    expect(line).toMatchObject({ actor: "api", studioSlug: studio.slug, after: { apiKeyId: keyId } });
    expect(line!.note).toContain("PMS sync");
    const [row] = await db().db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row!.lastUsedAt).not.toBeNull();

    for (const id of [String(otherVisit), "999999999", "abc"]) {
      const refused = await callRoute(visitLoader, api(`/api/v1/visits/${id}`, key), { params: { id } });
      expect(refused.status, id).toBe(404);
      expect(await conforms(refused, v.responseSchema("/api/v1/visits/{id}", "404"))).toMatchObject({ error: { code: "not_found" } });
    }
    expect(await db().db.select().from(auditLog).where(and(eq(auditLog.action, "api.visit_read"), eq(auditLog.appointmentId, otherVisit)))).toHaveLength(0);
  });

  it("lists a studio's visits a page at a time with an opaque cursor; each visit read is audited; another studio is 404", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query = new URLSearchParams({ studio: studio.slug, from: "2027-03-01T00:00:00-05:00", to: "2027-03-02T00:00:00-05:00", limit: "2", ...(cursor ? { cursor } : {}) });
      const answer = await callRoute(listLoader, api(`/api/v1/visits?${query}`, key));
      expect(answer.status).toBe(200);
      const page = (await conforms(answer, v.responseSchema("/api/v1/visits", "200"))) as { data: { id: string }[]; nextCursor: string | null };
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((d) => d.id));
      cursor = page.nextCursor;
      if (cursor) expect(cursor).not.toMatch(/\d{4}-\d{2}/); // opaque: not a readable time
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(visits.map(String));
    expect(pages).toBe(3);
    const lines = await db().db.select().from(auditLog).where(and(eq(auditLog.action, "api.visit_read"), eq(auditLog.studioSlug, studio.slug)));
    expect(lines.length).toBeGreaterThanOrEqual(visits.length + 1);

    const elsewhere = await callRoute(listLoader, api(`/api/v1/visits?studio=${other.slug}&from=2027-03-01T00:00:00Z&to=2027-03-02T00:00:00Z`, key));
    expect(elsewhere.status).toBe(404);
    await conforms(elsewhere, v.responseSchema("/api/v1/visits", "404"));
  });

  // Issue 42 E: what the document allows is accepted — a date alone, from equal to to, an empty cursor.
  it("a date alone is the studio's midnight; from equal to to is an empty page; an empty cursor is the first page", async () => {
    const list = async (query: string) => {
      const answer = await callRoute(listLoader, api(`/api/v1/visits?studio=${studio.slug}&${query}`, key));
      expect(answer.status, query).toBe(200);
      return (await conforms(answer, v.responseSchema("/api/v1/visits", "200"))) as { data: { id: string }[] };
    };
    const byInstant = await list("from=2027-03-01T00:00:00-05:00&to=2027-03-02T00:00:00-05:00");
    expect(byInstant.data.length).toBe(5);
    expect(await list("from=2027-03-01&to=2027-03-02")).toEqual(byInstant);
    expect(await list("from=2027-03-01&to=2027-03-02&cursor=")).toEqual(byInstant);
    // the studio's midnight, not UTC's: a visit at 11:30 PM New York time on Feb 28 (04:30Z on Mar 1) is on the 28th
    const late = await createPatient(db().db);
    const lateStart = new Date("2027-03-01T04:30:00Z");
    const [lateVisit] = await db()
      .db.insert(appointments)
      .values({ token: `tok-api-late-${studio.slug}`, patientId: late.id, studioSlug: studio.slug, providerId: studio.providerIds[0]!, serviceType: "CLNCHK", startsAt: lateStart, endsAt: new Date(lateStart.getTime() + 1800_000) })
      .returning();
    expect((await list("from=2027-03-01&to=2027-03-02")).data.map((d) => d.id)).toEqual(byInstant.data.map((d) => d.id));
    expect((await list("from=2027-02-28&to=2027-03-01")).data.map((d) => d.id)).toEqual([String(lateVisit!.id)]);
    expect((await list("from=2027-03-01T10:00:00-05:00&to=2027-03-01T10:00:00-05:00")).data).toEqual([]);
  });

  it("a bad query is 400 with a JSON error naming the parameter", async () => {
    const cases: [string, RegExp][] = [
      [`studio=${studio.slug}&from=2027-03-01T09:00&to=2027-03-02`, /^from: a date-time with its offset .* or a date/],
      [`studio=${studio.slug}&from=2027-02-30&to=2027-03-02`, /^from/],
      [`studio=${studio.slug}&from=2027-03-02T00:00:00Z&to=2027-03-01T00:00:00Z`, /^to/],
      [`studio=${studio.slug}&from=2027-01-01T00:00:00Z&to=2027-12-01T00:00:00Z`, /^to/],
      [`from=2027-03-01T00:00:00Z&to=2027-03-02T00:00:00Z`, /^studio/],
      [`studio=${studio.slug}&from=2027-03-01T00:00:00Z&to=2027-03-02T00:00:00Z&limit=101`, /^limit/],
      [`studio=${studio.slug}&from=2027-03-01T00:00:00Z&to=2027-03-02T00:00:00Z&cursor=bm90LWEtY3Vyc29y`, /^cursor/],
      [`studio=%00&from=2027-03-01T00:00:00Z&to=2027-03-02T00:00:00Z`, /^studio/],
    ];
    for (const [query, message] of cases) {
      const answer = await callRoute(listLoader, api(`/api/v1/visits?${query}`, key));
      expect(answer.status, query).toBe(400);
      const body = (await conforms(answer, v.responseSchema("/api/v1/visits", "400"))) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("bad_request");
      expect(body.error.message, query).toMatch(message);
    }
  });

  it("no key, a wrong key, another scheme and a revoked key are 401 with a JSON body; revoking is audited", async () => {
    const wrong = `dbk_${"A".repeat(43)}`;
    for (const auth of [null, `Bearer ${wrong}`, `Basic ${Buffer.from(`x:${key}`).toString("base64")}`, `Bearer ${key}x`, `Bearer ${key.slice(0, -1)}B`]) {
      const request = new Request(`${ORIGIN}/api/v1/visits/${visits[0]}`, { headers: auth ? { Authorization: auth } : {} });
      const answer = await callRoute(visitLoader, request, { params: { id: String(visits[0]) }, context: { clientIp: "203.0.113.7" } });
      expect(answer.status, String(auth)).toBe(401);
      expect(answer.headers.get("WWW-Authenticate")).toContain("Bearer");
      expect(await conforms(answer, v.responseSchema("/api/v1/visits/{id}", "401"))).toMatchObject({ error: { code: "unauthorized" } });
    }
    const revoke = await callRoute(keysAction, post("/staff/api-keys", admin.cookie, [["intent", "revoke"], ["id", String(keyId)]]));
    expect(revoke.status).toBe(303);
    const [line] = await db().db.select().from(auditLog).where(eq(auditLog.action, "api_key.revoke")).orderBy(desc(auditLog.id)).limit(1);
    expect(line).toMatchObject({ actor: "staff", staffEmail: admin.email, after: { id: keyId, revoked: true } });
    const after = await callRoute(visitLoader, api(`/api/v1/visits/${visits[0]}`, key), { params: { id: String(visits[0]) } });
    expect(after.status).toBe(401);
  });

  it("too many requests: 429 with Retry-After and a JSON body, per key and (without a good key) per address", async () => {
    const made = await callRoute(keysAction, post("/staff/api-keys", admin.cookie, [["name", "Busy CRM"], ["studios", studio.slug]]));
    const busy = ((await made.json()) as { created: { key: string } }).created.key;
    const [row] = await db().db.select().from(apiKeys).where(eq(apiKeys.keyHash, hashApiKey(busy)));
    const limit = getEnv().API_REQUESTS_PER_MINUTE;
    for (let i = 0; i < limit; i++) await consume("api", `key:${row!.id}`);
    const limited = await callRoute(visitLoader, api(`/api/v1/visits/${visits[0]}`, busy), { params: { id: String(visits[0]) } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await conforms(limited, v.responseSchema("/api/v1/visits/{id}", "429"))).toMatchObject({ error: { code: "rate_limited" } });

    const guess = { context: { clientIp: "203.0.113.99" }, params: { id: "1" } };
    let status = 0;
    for (let i = 0; i <= limit && status !== 429; i++) status = (await callRoute(visitLoader, api("/api/v1/visits/1", `dbk_${"B".repeat(43)}`), guess)).status;
    expect(status).toBe(429);
  });

  it("the OpenAPI 3.1 document describes the API and every webhook type; sample webhook payloads match it", async () => {
    const answer = await callRoute(openApiLoader, api("/api/v1/openapi.json"));
    const doc = (await answer.json()) as { openapi: string; paths: Record<string, unknown>; webhooks: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(["/api/v1/visits", "/api/v1/visits/{id}"]);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_TYPES].sort());
    // Every operation, the webhooks' too, has its own operationId (issue 42 E).
    const operations = [...Object.values(doc.paths), ...Object.values(doc.webhooks)].flatMap((item) => Object.values(item as Record<string, { operationId?: string }>));
    const ids = operations.map((op) => op.operationId);
    expect(ids.every((id) => typeof id === "string" && /^[A-Za-z]+$/.test(id)), JSON.stringify(ids)).toBe(true);
    expect(new Set(ids).size).toBe(operations.length);
    // Sample payloads of the shape the webhook sender uses (issue 30 B); checked against the real ones once it lands.
    const sample = (type: string, changes: Record<string, string> = {}) => ({
      type,
      timestamp: "2027-03-01T14:00:05.000Z",
      data: { visitId: String(visits[0]), studio: studio.slug, service: "CLNCHK", start: "2027-03-01T09:00:00-05:00", status: "booked", series: null, changes },
    });
    for (const type of WEBHOOK_TYPES) expect(v.webhook(type)(sample(type)), type).toBe(true);
    expect(v.webhook("visit.moved")(sample("visit.moved", { previousStart: "2027-03-01T08:00:00-05:00" }))).toBe(true);
    expect(v.webhook("visit.cancelled")(sample("visit.cancelled", { cancelledBy: "staff" }))).toBe(true);
    // A series visit's place (decision 081): its series, position and count; anything else in it is refused.
    const ofSeries = (series: unknown) => ({ ...sample("visit.cancelled"), data: { ...sample("visit.cancelled").data, series } });
    expect(v.webhook("visit.cancelled")(ofSeries({ id: "7", position: 3, count: 8 }))).toBe(true);
    expect(v.webhook("visit.cancelled")(ofSeries({ id: "7", position: 3 }))).toBe(false);
    expect(v.webhook("visit.cancelled")(ofSeries({ id: "7", position: 25, count: 8 }))).toBe(false);
    // The document refuses what a webhook must never carry, and a type under another type's name.
    expect(v.webhook("visit.booked")({ ...sample("visit.booked"), data: { ...sample("visit.booked").data, email: "a@b.c" } })).toBe(false);
    expect(v.webhook("visit.booked")(sample("visit.moved"))).toBe(false);
  });
});
