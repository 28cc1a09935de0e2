/**
 * Signed webhooks (issue 30 B, decision 032) against a real HTTP receiver on loopback: signatures verified with the
 * `standardwebhooks` package as a receiver would, in order per visit, the same webhook-id on every retry, the retry
 * schedule driven by the clock (a short WEBHOOK_RETRY_SCHEDULE), the endpoint disabled and the admins emailed after
 * the last try, the SSRF guard, and nothing personal in a body.
 */
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, emailOutbox, staff, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { cancelVisit, rescheduleVisit } from "~/scheduling/visit-changes.server";
import { deliverDue, fanOut } from "~/webhooks/deliveries.server";
import { addEndpoint, replayDelivery, rotateSecret } from "~/webhooks/endpoints.server";
import { checkEndpointUrl, postWebhook } from "~/webhooks/outbound.server";
import { webhookPayloadSchema } from "~/webhooks/payload";
import { localTimeAhead } from "../fixtures/clock";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { webhookReceiver } from "../helpers/webhook-receiver";

const SCHEDULE = [1000, 2000, 4000]; // WEBHOOK_RETRY_SCHEDULE=1s,2s,4s
const settings = { schedule: SCHEDULE, allowPrivate: true, siteOrigin: "https://dental.example.com" };
const admin = { id: 1, email: "admin@example.com" };

/** 10:00 New York time, `days` days from today there, in winter and summer alike (issue 43). */
const daysAhead = (days: number) => localTimeAhead(days, "10:00");

async function book(db: Db, slug: string, startsAt: Date, person = patientInput()) {
  const outcome = await bookAppointment(db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt, patient: person, needsInsurance: false, details: {} });
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.appointment;
}

/** Runs the webhooks job's work at `now` until nothing is due then. */
async function run(db: Db, now: Date) {
  await fanOut(db, now);
  while ((await deliverDue(db, now, settings)) > 0) {
    // next batch
  }
}

const recv = webhookReceiver();
beforeAll(() => recv.start());
afterAll(() => recv.stop());

describeEachEngine("webhooks", ({ db }) => {
  it("a booking, a move and a cancel arrive signed, in order, thin, each verified with the standardwebhooks package", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const { endpoint, secret } = await addEndpoint(db().db, admin, { url: `${recv.url()}/hooks/a-${slug}`, description: "", eventTypes: ["visit.booked", "visit.moved", "visit.cancelled"], studios: [slug] });
    const person = patientInput();
    const visit = await book(db().db, slug, daysAhead(3), person);
    expect((await rescheduleVisit(db().db, { appointmentId: visit.id, sequence: 0, startsAt: daysAhead(4) })).ok).toBe(true);
    expect((await cancelVisit(db().db, { appointmentId: visit.id, sequence: 1, shownFeeCents: null })).ok).toBe(true);
    await run(db().db, new Date());
    const mine = recv.received.filter((r) => r.path === `/hooks/a-${slug}`);
    expect(mine.map((r) => JSON.parse(r.body).type)).toEqual(["visit.booked", "visit.moved", "visit.cancelled"]);
    const wh = new Webhook(secret);
    for (const r of mine) {
      const payload = wh.verify(r.body, r.headers as Record<string, string>);
      expect(webhookPayloadSchema.parse(payload).data.visitId).toBe(String(visit.id));
      expect(r.headers["webhook-id"]).toMatch(/^msg_/);
      // Nothing personal: no name, email or phone of the patient.
      for (const personal of [person.email, person.firstName, person.lastName, person.phone]) expect(r.body).not.toContain(personal);
    }
    const [booked, moved, cancelled] = mine.map((r) => webhookPayloadSchema.parse(JSON.parse(r.body)));
    expect(booked!.data).toMatchObject({ studio: slug, service: "CLNCHK", status: "booked", start: expect.stringMatching(/T10:00:00-0[45]:00$/), changes: {} });
    expect(moved!.data.changes).toEqual({ previousStart: booked!.data.start });
    expect(cancelled!.data).toMatchObject({ status: "cancelled", changes: { cancelledBy: "patient" } });
    // A tampered body or a wrong secret is refused by the receiver's library.
    expect(() => wh.verify(mine[0]!.body.replace("booked", "moved"), mine[0]!.headers as Record<string, string>)).toThrow();
    const rows = await db().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows.every((d) => d.status === "delivered" && d.attempts === 1 && d.lastStatusCode === 200)).toBe(true);
    // An endpoint that did not ask for a studio or a type hears nothing of it.
    expect(recv.received.filter((r) => r.path === `/hooks/a-${slug}` && JSON.parse(r.body).type === "visit.arrived")).toEqual([]);
  });

  it("a receiver answering 500 twice gets the same webhook-id three times, on the clock's schedule; a later event of the visit waits", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const path = `/hooks/b-${slug}`;
    await addEndpoint(db().db, admin, { url: `${recv.url()}${path}`, description: "", eventTypes: ["visit.booked", "visit.cancelled"], studios: [slug] });
    let failures = 2;
    recv.answer((r) => (r.path === path && failures-- > 0 ? 500 : 200));
    const visit = await book(db().db, slug, daysAhead(3));
    const t0 = new Date();
    await run(db().db, t0);
    expect((await cancelVisit(db().db, { appointmentId: visit.id, sequence: 0, shownFeeCents: null })).ok).toBe(true);
    await run(db().db, t0); // the cancel waits: the booking is not delivered yet
    const at = (ms: number) => new Date(t0.getTime() + ms);
    await run(db().db, at(500)); // before the first retry (1 s ± 10 %) is due: nothing
    expect(recv.received.filter((r) => r.path === path)).toHaveLength(1);
    await run(db().db, at(1200)); // second try of the booking: 500 again
    await run(db().db, at(1200 + 2300)); // third: 200, then the cancel at once
    const mine = recv.received.filter((r) => r.path === path);
    expect(mine.map((r) => JSON.parse(r.body).type)).toEqual(["visit.booked", "visit.booked", "visit.booked", "visit.cancelled"]);
    expect(new Set(mine.slice(0, 3).map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(mine[3]!.headers["webhook-id"]).not.toBe(mine[0]!.headers["webhook-id"]);
    expect(mine[0]!.body).toBe(mine[2]!.body);
    recv.answer(() => 200);
  });

  it("a receiver that never succeeds: the endpoint is disabled after the schedule (audited), the admins emailed, what happens meanwhile queued; enabled, the queue goes and a replay sends the same id", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const path = `/hooks/c-${slug}`;
    const adminEmail = `admin-${slug}@example.com`;
    await db().db.insert(staff).values({ email: adminEmail, role: "admin" });
    const { endpoint } = await addEndpoint(db().db, admin, { url: `${recv.url()}${path}`, description: "", eventTypes: ["visit.booked"], studios: [slug] });
    recv.answer((r) => (r.path === path ? 503 : 200));
    await book(db().db, slug, daysAhead(3));
    const t0 = new Date();
    for (const ms of [0, 1200, 3500, 8000, 20_000]) await run(db().db, new Date(t0.getTime() + ms));
    const mine = recv.received.filter((r) => r.path === path);
    expect(mine).toHaveLength(1 + SCHEDULE.length);
    const [after] = await db().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(after).toMatchObject({ disabledReason: "failing" });
    const [delivery] = await db().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(delivery).toMatchObject({ status: "failed", attempts: 4, lastStatusCode: 503 });
    const mail = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, adminEmail));
    expect(mail.map((m) => m.subject)).toEqual([`Webhook endpoint disabled: ${new URL(recv.url()).host}`]);
    expect(mail[0]!.text).toContain("the events made while it is off are queued for it");
    // The automatic disable is an audit line of its own (issue 42 E), as an admin's is.
    const lines = await db().db.select().from(auditLog).where(and(eq(auditLog.action, "webhook.disable"), eq(auditLog.actor, "system")));
    expect(lines.filter((l) => (l.after as { id?: number }).id === endpoint.id).map((l) => l.after)).toEqual([expect.objectContaining({ disabled: true, reason: "failing", attempts: 4 })]);
    // Nothing goes to a disabled endpoint, but a visit booked meanwhile is queued for it (the email's promise).
    await book(db().db, slug, daysAhead(4));
    await run(db().db, new Date());
    expect(recv.received.filter((r) => r.path === path)).toHaveLength(mine.length);
    const [queued] = await db().db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "pending")));
    expect(queued).toBeDefined();
    // Enabled again: the queued one goes, and a replay sends the failed one's same message.
    recv.answer(() => 200);
    await db().db.update(webhookEndpoints).set({ disabledAt: null, disabledReason: null }).where(eq(webhookEndpoints.id, endpoint.id));
    expect(await replayDelivery(db().db, admin, endpoint.id, delivery!.id)).toBe(true);
    await run(db().db, new Date());
    const again = recv.received.filter((r) => r.path === path).slice(mine.length);
    expect(again.map((r) => r.headers["webhook-id"]).sort()).toEqual([mine[0]!.headers["webhook-id"], queued!.messageId].sort());
  });

  it("a rotated secret: both signatures during the overlap; each verifies with its own secret", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const path = `/hooks/d-${slug}`;
    const { endpoint, secret: old } = await addEndpoint(db().db, admin, { url: `${recv.url()}${path}`, description: "", eventTypes: ["visit.booked"], studios: [slug] });
    const fresh = (await rotateSecret(db().db, admin, endpoint.id))!;
    await book(db().db, slug, daysAhead(3));
    await run(db().db, new Date());
    const [r] = recv.received.filter((x) => x.path === path);
    expect(String(r!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const secret of [old, fresh]) expect(() => new Webhook(secret).verify(r!.body, r!.headers as Record<string, string>)).not.toThrow();
  });
});

it("the SSRF guard: HTTPS only, no private, loopback or link-local address (by name or resolved), no redirects followed", async () => {
  for (const url of ["http://example.com/x", "https://127.0.0.1/x", "https://10.0.0.8/x", "https://169.254.169.254/latest", "https://[::1]/x", "https://localhost/x", "https://192.168.1.1/", "https://[::ffff:127.0.0.1]/"]) {
    expect(checkEndpointUrl(url, false).ok, url).toBe(false);
  }
  expect(checkEndpointUrl("https://hooks.example.com/x", false).ok).toBe(true);
  expect(checkEndpointUrl("http://127.0.0.1:9/x", true).ok).toBe(true);
  // WEBHOOK_ALLOW_PRIVATE opens plain http:// to private and loopback hosts only (issue 42 E); a public one stays https://.
  for (const url of ["http://93.184.216.34/x", "http://[2606:4700::1]/x", "ftp://10.0.0.8/x"]) expect(checkEndpointUrl(url, true), url).toEqual({ ok: false, reason: "The URL must start with https://." });
  for (const url of ["http://localhost:9/x", "http://10.0.0.8/x", "http://[::1]:9/x", "http://receiver:8080/x"]) expect(checkEndpointUrl(url, true).ok, url).toBe(true);
  // A name that passes the URL check but resolves to loopback (/etc/hosts: vm → 127.0.0.1) is refused at connect time.
  const port = new URL(recv.url()).port;
  const before = recv.received.length;
  expect(await postWebhook(`https://vm:${port}/x`, "{}", {}, { allowPrivate: false })).toEqual({ status: null, error: "address not allowed" });
  expect(recv.received.length).toBe(before);
  // …and a name over plain http:// (WEBHOOK_ALLOW_PRIVATE) is delivered when it resolves to such an address only.
  expect(await postWebhook(`http://vm:${port}/private-name`, "{}", {}, { allowPrivate: true })).toEqual({ status: 200, error: null });
  // A redirect is an answer, not a way elsewhere: a failure, and the target hears nothing.
  recv.answer((r) => (r.path === "/redirect" ? 302 : 200));
  expect(await postWebhook(`${recv.url()}/redirect`, "{}", {}, { allowPrivate: true })).toEqual({ status: 302, error: "HTTP 302" });
  expect(recv.received.filter((r) => r.path === "/elsewhere")).toEqual([]);
  recv.answer(() => 200);
});
