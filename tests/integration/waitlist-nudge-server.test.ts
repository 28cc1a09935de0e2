/**
 * A freed time reaches the waitlist at once in the BUILT server (issue 30 A): a patient cancels through the real
 * server process and the waiting patient's offer is queued although the waitlist's own tick is an hour away
 * (WAITLIST_EVERY_MS). The cancel runs inside the Remix build, the job inside server.ts: the wake-up crosses the two
 * copies of the modules through the process-wide job registry (app/jobs). Needs the build and TEST_DATABASE_URL.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { localDayKey } from "~/rules/zoned-time";
import { joinWaitlist } from "~/waitlist/entries.server";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";
import { createEmptyPostgresDatabase } from "../helpers/db";
import { ROOT, startServer, stop, waitFor, type ServerChild } from "../helpers/process";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres) throw new Error("CI must set TEST_DATABASE_URL for the server tests on PostgreSQL");

describe.skipIf(!hasPostgres)("the waitlist hears a freed time at once in the built server [postgres]", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dental-nudge-"));
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let server: ServerChild;
  let db: Database;

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, "build/index.js"))) throw new Error("No build: run `npx remix build` first");
    database = await createEmptyPostgresDatabase();
    server = await startServer({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: "nudge-test-secret-0123456789abcdefghijklmn",
      NODE_ENV: "production",
      SITE_ORIGIN: "https://dental.example.com",
      // The sender's own tick is an hour away: only the wake-up of the cancel can send the offer during this test.
      WAITLIST_EVERY_MS: String(3_600_000),
    });
    db = await openDatabase({ databaseUrl: database.url, migrate: false });
  }, 300_000);
  afterAll(async () => {
    if (server) await stop(server, "SIGKILL").catch(() => undefined);
    await db?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a patient's cancel through the server queues the waiting patient's offer before the next tick", async () => {
    const { slug } = await createStudioWithProviders(db.db);
    const studio = (await getBookableStudio(db.db, slug, { fresh: true }))!;
    const service = (await getService(db.db, "CLNCHK", { fresh: true }))!;
    const startsAt = new Date(Date.now() + 4 * 86400_000);
    startsAt.setUTCHours(15, 0, 0, 0); // 10:00 in New York: a morning
    const booked = await bookAppointment(db.db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt, patient: patientInput(), needsInsurance: false, details: {} });
    if (!booked.ok) throw new Error(booked.code);
    const day = String(localDayKey(startsAt, studio.tz));
    const waiting = `waiting-${slug}@example.com`;
    await joinWaitlist(db.db, { email: waiting, personId: null, studio, service, firstDay: day, lastDay: day, parts: ["morning"], sendEmail: false });

    const cancel = await fetch(`${server.url}/booking/confirmed/${booked.appointment.token}/cancel`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ sequence: "0", shownFee: "none" }),
    });
    expect(cancel.status).toBeLessThan(400);
    const offer = await waitFor(
      async () => (await db.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, waiting), like(emailOutbox.subject, "%a time for your%"))))[0],
      60_000,
      "the offer email",
    );
    expect(offer.text).toContain("/waitlist/offer/");
  }, 120_000);
});
