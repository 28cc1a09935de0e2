// The console's webhook pages (issue 30 B, decisions 032 and 058) on PGlite and PostgreSQL, through their loaders and
// actions: only admins; an endpoint added with its secret shown once (never listed, never audited); bad input a 400
// with values kept and a message per field (http://, a private address unless WEBHOOK_ALLOW_PRIVATE); a real
// receiver on loopback verifies a delivery with the shown secret, and both signatures after a rotation in the console
// (only the new one once the overlap is over); disable, enable and replay; every change audited.
import { desc, eq, like } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { getEnv } from "~/platform/env.server";
import { action as listAction, loader as listLoader } from "~/routes/staff+/webhooks";
import { action as endpointAction, loader as endpointLoader } from "~/routes/staff+/webhooks_.$id";
import { bookAppointment } from "~/scheduling/book.server";
import { deliverDue, fanOut } from "~/webhooks/deliveries.server";
import { ROTATION_OVERLAP_HOURS } from "~/webhooks/endpoints.server";
import { localTimeAhead } from "../fixtures/clock";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { signedInStaff } from "../helpers/staff";
import { webhookReceiver } from "../helpers/webhook-receiver";

const ORIGIN = "http://localhost:3000";
const get = (path: string, cookie: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
function post(path: string, cookie: string, fields: [string, string][]) {
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } });
}
const settings = { schedule: [1000, 2000, 4000], allowPrivate: true, siteOrigin: "https://dental.example.com" };

/** The webhooks job's work at `now` until nothing is due then. */
async function run(db: Db, now = new Date()) {
  await fanOut(db, now);
  while ((await deliverDue(db, now, settings)) > 0) {
    // next batch
  }
}

async function book(db: Db, slug: string, days: number) {
  const startsAt = localTimeAhead(days, "10:00");
  const outcome = await bookAppointment(db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt, patient: patientInput(), needsInsurance: false, details: {} });
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.appointment;
}

const recv = webhookReceiver();
beforeAll(() => recv.start());
afterAll(() => recv.stop());

/** WEBHOOK_ALLOW_PRIVATE for a test (the receiver is on loopback); off again after each. */
const allowPrivate = (on: boolean) => (getEnv().WEBHOOK_ALLOW_PRIVATE = on);
afterEach(() => allowPrivate(false));

describeEachEngine("console webhooks", ({ db }) => {
  let admin: { email: string; cookie: string };
  beforeAll(async () => {
    admin = await signedInStaff(db().db, "admin");
  });

  async function lastAudit(action: string) {
    const [line] = await db().db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
    return line;
  }

  it("only admins: a manager and a front desk get 404 for every page and post; signed out, the sign-in page", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const [endpoint] = await db().db.insert(webhookEndpoints).values({ url: "https://hooks.example.com/x", eventTypes: ["visit.booked"], studios: [slug], secret: "whsec_AAAA" }).returning();
    const id = String(endpoint!.id);
    for (const who of [manager, desk]) {
      expect((await callRoute(listLoader, get("/staff/webhooks", who.cookie))).status).toBe(404);
      expect((await callRoute(listAction, post("/staff/webhooks", who.cookie, [["url", "https://hooks.example.com/y"], ["eventTypes", "visit.booked"], ["studios", slug]]))).status).toBe(404);
      expect((await callRoute(endpointLoader, get(`/staff/webhooks/${id}`, who.cookie), { params: { id } })).status).toBe(404);
      for (const intent of ["rotate", "disable"]) {
        expect((await callRoute(endpointAction, post(`/staff/webhooks/${id}`, who.cookie, [["intent", intent]]), { params: { id } })).status).toBe(404);
      }
    }
    const out = await callRoute(listLoader, get("/staff/webhooks", ""));
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toMatch(/^\/staff\/login\?redirectTo=/);
    // Nothing was changed by them.
    const [after] = await db().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
    expect(after).toMatchObject({ secret: "whsec_AAAA", disabledAt: null });
    expect(await db().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, "https://hooks.example.com/y"))).toEqual([]);
    // An admin: an unknown or malformed id is a 404 too.
    for (const bad of ["999999", "abc", "1e3"]) {
      expect((await callRoute(endpointLoader, get(`/staff/webhooks/${bad}`, admin.cookie), { params: { id: bad } })).status).toBe(404);
    }
  });

  it("bad input: 400, what was typed kept, a message per field; http:// and a private address refused unless WEBHOOK_ALLOW_PRIVATE", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const add = (fields: [string, string][]) => callRoute(listAction, post("/staff/webhooks", admin.cookie, fields));
    const before = (await db().db.select().from(webhookEndpoints)).length;

    const empty = await add([]);
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toEqual({
      url: ["Enter the receiver’s URL, starting with https://."],
      eventTypes: ["Choose at least one event."],
      studios: ["Choose at least one studio."],
    });

    const plain = await add([["url", "http://hooks.example.com/in"], ["description", "CRM"], ["eventTypes", "visit.booked"], ["studios", slug]]);
    expect(plain.status).toBe(400);
    const plainBody = await plain.json();
    expect(plainBody.error).toEqual({ url: ["The URL must start with https://."] });
    // What was typed and ticked comes back (one ticked box as its value, several as a list: the form reads both).
    expect(plainBody.initialValue).toEqual({ url: "http://hooks.example.com/in", description: "CRM", eventTypes: "visit.booked", studios: slug });

    for (const url of ["https://127.0.0.1:8443/in", "https://10.1.2.3/in", "https://[::1]/in", "https://localhost/in", "https://169.254.169.254/latest"]) {
      const refused = await add([["url", url], ["eventTypes", "visit.booked"], ["studios", slug]]);
      expect(refused.status, url).toBe(400);
      expect((await refused.json()).error, url).toEqual({ url: ["The URL must point at a public address, not a private, loopback or link-local one."] });
    }
    for (const [fields, error] of [
      [[["url", "not a url"], ["eventTypes", "visit.booked"], ["studios", slug]], { url: ["Enter a full URL, starting with https://."] }],
      [[["url", "https://hooks.example.com/in"], ["eventTypes", "visit.exploded"], ["studios", slug]], { eventTypes: ["Choose events from the list."] }],
      [[["url", "https://hooks.example.com/in"], ["eventTypes", "visit.booked"], ["studios", "no-such-studio"]], { studios: ["Choose studios from the list."] }],
      [[["url", "https://hooks.example.com/\u0000"], ["eventTypes", "visit.booked"], ["studios", slug]], { url: ["Enter a full URL, starting with https://."] }],
      [[["url", "https://hooks.example.com/in"], ["description", "x".repeat(201)], ["eventTypes", "visit.booked"], ["studios", slug]], { description: ["Keep the description under 200 characters."] }],
    ] as [[string, string][], object][]) {
      const refused = await add(fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect((await refused.json()).error).toEqual(error);
    }
    expect((await db().db.select().from(webhookEndpoints)).length).toBe(before);

    // With WEBHOOK_ALLOW_PRIVATE (local testing) the same loopback http:// URL is taken.
    allowPrivate(true);
    const taken = await add([["url", "http://127.0.0.1:9/in"], ["eventTypes", "visit.booked"], ["studios", slug]]);
    expect(taken.status).toBe(200);
  });

  it("added in the console, a delivery to a real receiver verifies with the shown secret; rotated in the console, both signatures verify until the overlap ends; each change audited", async () => {
    allowPrivate(true);
    const { slug } = await createStudioWithProviders(db().db);
    const path = `/console/${slug}`;
    const made = await callRoute(
      listAction,
      post("/staff/webhooks", admin.cookie, [["url", `${recv.url()}${path}`], ["description", "PMS sync"], ["eventTypes", "visit.booked"], ["eventTypes", "visit.cancelled"], ["studios", slug]]),
    );
    expect(made.status).toBe(200);
    const { created } = await made.json();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = String(created.id);

    // Shown once: the list and the endpoint's page never hold it; the audit says what was added, not the secret.
    const listed = await (await callRoute(listLoader, get("/staff/webhooks", admin.cookie))).text();
    expect(listed).toContain(`${recv.url()}${path}`);
    expect(listed).not.toContain(created.secret);
    const added = await lastAudit("webhook.add");
    expect(added).toMatchObject({ staffEmail: admin.email, after: { id: created.id, url: `${recv.url()}${path}`, eventTypes: ["visit.booked", "visit.cancelled"], studios: [slug], disabled: false } });
    expect(JSON.stringify(added)).not.toContain(created.secret);

    const visit = await book(db().db, slug, 3);
    await run(db().db);
    const [first] = recv.received.filter((r) => r.path === path);
    expect(JSON.parse(first!.body)).toMatchObject({ type: "visit.booked", data: { visitId: String(visit.id), studio: slug } });
    expect(() => new Webhook(created.secret).verify(first!.body, first!.headers as Record<string, string>)).not.toThrow();

    // The endpoint's page lists the delivery: event, attempts, last status code, no next try.
    const page = await (await callRoute(endpointLoader, get(`/staff/webhooks/${id}`, admin.cookie), { params: { id } })).json();
    expect(page.deliveries).toEqual([expect.objectContaining({ event: "Booked", type: "visit.booked", visitId: visit.id, status: "delivered", attempts: 1, lastStatusCode: 200, nextTry: null })]);
    expect(page.endpoint).toMatchObject({ state: "enabled", previousSecretUntil: null });
    expect(JSON.stringify(page)).not.toContain(created.secret);

    // Rotated: the new secret in the answer once, the page says until when the old one signs; the replay goes signed twice.
    const rotated = await callRoute(endpointAction, post(`/staff/webhooks/${id}`, admin.cookie, [["intent", "rotate"]]), { params: { id } });
    expect(rotated.status).toBe(200);
    const fresh: string = (await rotated.json()).rotated.secret;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(created.secret);
    const rotateLine = await lastAudit("webhook.rotate");
    expect(rotateLine).toMatchObject({ staffEmail: admin.email, after: { id: created.id } });
    expect(JSON.stringify(rotateLine)).not.toContain(fresh);
    const afterRotation = await (await callRoute(endpointLoader, get(`/staff/webhooks/${id}`, admin.cookie), { params: { id } })).json();
    expect(afterRotation.endpoint.previousSecretUntil).toEqual(expect.any(String));
    expect(JSON.stringify(afterRotation)).not.toContain(fresh);

    const replay = await callRoute(endpointAction, post(`/staff/webhooks/${id}`, admin.cookie, [["intent", "replay"], ["delivery", String(page.deliveries[0].id)]]), { params: { id } });
    expect(replay.status).toBe(303);
    expect(replay.headers.get("Location")).toBe(`/staff/webhooks/${id}?done=replayed`);
    expect(await lastAudit("webhook.replay")).toMatchObject({ after: { endpointId: created.id, deliveryId: page.deliveries[0].id, messageId: first!.headers["webhook-id"] } });
    await run(db().db);
    const again = recv.received.filter((r) => r.path === path);
    expect(again).toHaveLength(2);
    expect(again[1]!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(String(again[1]!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const secret of [created.secret, fresh]) expect(() => new Webhook(secret).verify(again[1]!.body, again[1]!.headers as Record<string, string>)).not.toThrow();
    const replayedRow = (await (await callRoute(endpointLoader, get(`/staff/webhooks/${id}`, admin.cookie), { params: { id } })).json()).deliveries[0];
    expect(replayedRow).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200 });

    // After the overlap only the new secret signs: the old one no longer verifies.
    await book(db().db, slug, 4);
    await run(db().db, new Date(Date.now() + (ROTATION_OVERLAP_HOURS + 1) * 3_600_000));
    const late = recv.received.filter((r) => r.path === path)[2]!;
    expect(String(late.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(() => new Webhook(fresh).verify(late.body, late.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(created.secret).verify(late.body, late.headers as Record<string, string>)).toThrow();
  });

  it("disabled in the console nothing is queued or sent; enabled again it hears the next change; each audited once", async () => {
    allowPrivate(true);
    const { slug } = await createStudioWithProviders(db().db);
    const path = `/toggle/${slug}`;
    const made = await callRoute(listAction, post("/staff/webhooks", admin.cookie, [["url", `${recv.url()}${path}`], ["eventTypes", "visit.booked"], ["studios", slug]]));
    const id = String((await made.json()).created.id);
    const act = (intent: string) => callRoute(endpointAction, post(`/staff/webhooks/${id}`, admin.cookie, [["intent", intent]]), { params: { id } });

    const disabled = await act("disable");
    expect(disabled.status).toBe(303);
    expect(disabled.headers.get("Location")).toBe(`/staff/webhooks/${id}?done=disabled`);
    expect(await lastAudit("webhook.disable")).toMatchObject({ staffEmail: admin.email, before: { id: Number(id), disabled: false }, after: { id: Number(id), disabled: true } });
    expect((await (await callRoute(endpointLoader, get(`/staff/webhooks/${id}`, admin.cookie), { params: { id } })).json()).endpoint.state).toBe("disabled");
    await book(db().db, slug, 3);
    await run(db().db);
    expect(recv.received.filter((r) => r.path === path)).toEqual([]);
    // A second disable (a double post) changes and audits nothing.
    const lines = async () => (await db().db.select().from(auditLog).where(like(auditLog.action, "webhook.%"))).length;
    const count = await lines();
    await act("disable");
    expect(await lines()).toBe(count);

    expect((await act("enable")).headers.get("Location")).toBe(`/staff/webhooks/${id}?done=enabled`);
    expect(await lastAudit("webhook.enable")).toMatchObject({ after: { id: Number(id), disabled: false } });
    const visit = await book(db().db, slug, 4);
    await run(db().db);
    expect(recv.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body).data.visitId)).toEqual([String(visit.id)]);

    // Another endpoint's delivery cannot be replayed from this page; an unknown intent changes nothing.
    const [foreign] = await db().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.visitId, visit.id));
    const otherId = String((await (await callRoute(listAction, post("/staff/webhooks", admin.cookie, [["url", "https://hooks.example.com/other"], ["eventTypes", "visit.booked"], ["studios", slug]]))).json()).created.id);
    const wrong = await callRoute(endpointAction, post(`/staff/webhooks/${otherId}`, admin.cookie, [["intent", "replay"], ["delivery", String(foreign!.id)]]), { params: { id: otherId } });
    expect(wrong.status).toBe(409);
    expect((await callRoute(endpointAction, post(`/staff/webhooks/${id}`, admin.cookie, [["intent", "explode"]]), { params: { id } })).status).toBe(400);
    const [row] = await db().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, foreign!.id));
    expect(row).toMatchObject({ status: "delivered", attempts: 1 });
  });
});
