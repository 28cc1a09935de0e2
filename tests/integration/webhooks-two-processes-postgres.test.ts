/**
 * Webhook deliveries from two production servers on one PostgreSQL database to one real receiver (issue 30 B,
 * decisions 031 and 032): 24 visits booked, moved and cancelled (72 deliveries) while both servers' webhooks jobs run;
 * the receiver answers each after up to 500 ms, so one server's ticks run while the other's requests are out. Every message arrives once (its
 * `webhook-id` once, every delivery row delivered on its first attempt), verified with the `standardwebhooks` package,
 * and each visit's events arrive in their order (booked, moved, cancelled).
 * Needs the build and TEST_DATABASE_URL (CI sets both).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { webhookDeliveries } from "~/db/schema";
import { addDays, localMidnight, localToday } from "~/rules/zoned-time";
import { bookAppointment } from "~/scheduling/book.server";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { findSlots } from "~/scheduling/slots.server";
import { cancelVisit, rescheduleVisit } from "~/scheduling/visit-changes.server";
import { addEndpoint } from "~/webhooks/endpoints.server";
import { patientInput } from "../fixtures/factories";
import { createEmptyPostgresDatabase } from "../helpers/db";
import { ROOT, startServer, stop, waitFor, type ServerChild } from "../helpers/process";
import { webhookReceiver } from "../helpers/webhook-receiver";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres) throw new Error("CI must set TEST_DATABASE_URL for the two-process PostgreSQL tests");
const TZ = "America/New_York";
const VISITS = 24;

describe.skipIf(!hasPostgres)("webhook deliveries from two servers on one PostgreSQL database [postgres]", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dental-hooks-two-"));
  const receiver = webhookReceiver({ delayMs: 500 });
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let app: Database;
  const servers: ServerChild[] = [];

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, "build/index.js"))) throw new Error("No build: run `npm run build` first");
    await receiver.start();
    database = await createEmptyPostgresDatabase();
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET: "two-hooks-secret-0123456789abcdefghijklmn", NODE_ENV: "production", SITE_ORIGIN: "https://dental.example.com", WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1s,2s,4s" };
    const base = Number(process.env.TWO_HOOKS_PORT ?? 0);
    // One after the other: the first migrates and seeds (both at once is the other two-process test's subject).
    servers.push(await startServer(env, { port: base || undefined }));
    servers.push(await startServer(env, { port: base ? base + 1 : undefined }));
    app = await openDatabase({ databaseUrl: database.url, migrate: false });
  });
  afterAll(async () => {
    for (const server of servers) await stop(server, "SIGKILL").catch(() => undefined);
    await app?.close();
    await database?.drop();
    await receiver.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("each delivery is sent once, and each visit's events arrive in order", async () => {
    const db = app.db;
    const { secret } = await addEndpoint(db, { id: 1, email: "admin@example.com" }, { url: `${receiver.url()}/hooks`, description: "two senders", eventTypes: ["visit.booked", "visit.moved", "visit.cancelled"], studios: ["fenway"] });
    const studio = (await getBookableStudio(db, "fenway", { fresh: true }))!;
    const service = (await getService(db, "CLNCHK", { fresh: true }))!;
    const from = localMidnight(addDays(localToday(new Date(), TZ), 2), TZ);
    const now = new Date();
    // Free times two hours apart, each moved to the free time after it (which never meets the next visit).
    const free = await findSlots(db, studio, service, { from, to: new Date(from.getTime() + 21 * 86400_000), now }, { fresh: true, now });
    const slots = free.map((slot, i) => ({ ...slot, next: free[i + 1] })).filter((s, i) => i % 8 === 0 && s.next).slice(0, VISITS);
    expect(slots).toHaveLength(VISITS);
    // Booked, moved and cancelled while both servers send (this process's changes wake neither: their ticks find them).
    const visits: number[] = [];
    for (const slot of slots) {
      const booked = await bookAppointment(db, { studioSlug: "fenway", serviceCode: "CLNCHK", startsAt: slot.startsAt, patient: patientInput(), needsInsurance: false, details: {} });
      if (!booked.ok) throw new Error(`booking failed: ${booked.code}`);
      const id = booked.appointment.id;
      visits.push(id);
      expect((await rescheduleVisit(db, { appointmentId: id, sequence: 0, startsAt: slot.next.startsAt })).ok).toBe(true);
      expect((await cancelVisit(db, { appointmentId: id, sequence: 1, shownFeeCents: null })).ok).toBe(true);
    }
    await waitFor(async () => (receiver.received.length >= VISITS * 3 ? true : undefined), 60_000, "every delivery at the receiver");
    // A moment more: a second copy of any message would come now.
    await new Promise((r) => setTimeout(r, 3000));

    const ids = receiver.received.map((r) => String(r.headers["webhook-id"]));
    expect(ids).toHaveLength(VISITS * 3);
    expect(new Set(ids).size).toBe(VISITS * 3);
    const wh = new Webhook(secret);
    const byVisit = new Map<string, string[]>();
    for (const r of receiver.received) {
      const payload = wh.verify(r.body, r.headers as Record<string, string>) as { type: string; data: { visitId: string } };
      byVisit.set(payload.data.visitId, [...(byVisit.get(payload.data.visitId) ?? []), payload.type]);
    }
    expect([...byVisit.keys()].sort()).toEqual(visits.map(String).sort());
    for (const types of byVisit.values()) expect(types).toEqual(["visit.booked", "visit.moved", "visit.cancelled"]);
    const rows = await db.select().from(webhookDeliveries);
    expect(rows).toHaveLength(VISITS * 3);
    expect(rows.every((d) => d.status === "delivered" && d.attempts === 1)).toBe(true);
  });
});
