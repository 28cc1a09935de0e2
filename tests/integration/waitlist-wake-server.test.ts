/**
 * A freed time reaches the waitlist at once in the BUILT server (issue 30 A, decisions 031 and 065): server.ts (run by
 * tsx) starts the jobs, the Remix build's own copy of app/jobs/job.server.ts serves the cancel, and the cancel's
 * `wake("visit-events")` must reach the jobs server.ts started. The waitlist's own tick is 10 minutes here
 * (WAITLIST_EVERY_MS), so an offer within seconds of the cancel can only come from the wake.
 * Needs the build and TEST_DATABASE_URL (CI sets both).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { addDays, localMidnight, localToday } from "~/rules/zoned-time";
import { bookAppointment } from "~/scheduling/book.server";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { findSlots } from "~/scheduling/slots.server";
import { joinWaitlist } from "~/waitlist/entries.server";
import { patientInput } from "../fixtures/factories";
import { createEmptyPostgresDatabase } from "../helpers/db";
import { ROOT, startServer, stop, waitFor, type ServerChild } from "../helpers/process";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres) throw new Error("CI must set TEST_DATABASE_URL for the built-server PostgreSQL tests");
const TZ = "America/New_York";

describe.skipIf(!hasPostgres)("the built server wakes its waitlist on a freed time [postgres]", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dental-wake-"));
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let app: Database;
  let server: ServerChild;

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, "build/index.js"))) throw new Error("No build: run `npm run build` first");
    database = await createEmptyPostgresDatabase();
    server = await startServer(
      { DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET: "wake-test-secret-0123456789abcdefghijklmn", NODE_ENV: "production", SITE_ORIGIN: "https://dental.example.com", WAITLIST_EVERY_MS: process.env.WAKE_TEST_TICK ?? "600000" },
      { port: Number(process.env.WAKE_TEST_PORT ?? 0) || undefined },
    );
    app = await openDatabase({ databaseUrl: database.url, migrate: false });
  });
  afterAll(async () => {
    if (server) await stop(server, "SIGKILL").catch(() => undefined);
    await app?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a patient's cancel through the server sends the waitlist's offer within seconds, not at the next tick", async () => {
    const db = app.db;
    const studio = (await getBookableStudio(db, "fenway", { fresh: true }))!;
    const service = (await getService(db, "CLNCHK", { fresh: true }))!;
    // A cleaning a week or so ahead, booked (here: the test's process, whose wake reaches no job of the server's): the
    // first day from a week on that the studio is open (a week from a Sunday is a Sunday, when Fenway is closed).
    const now = new Date();
    const freeOn = (day: string) => findSlots(db, studio, service, { from: localMidnight(day, TZ), to: localMidnight(addDays(day, 1), TZ), now }, { fresh: true, now });
    let day = addDays(localToday(now, TZ), 7);
    let [slot] = await freeOn(day);
    for (let tries = 1; !slot && tries < 7; tries++) {
      day = addDays(day, 1);
      [slot] = await freeOn(day);
    }
    if (!slot) throw new Error("no free time at Fenway in the week from a week ahead");
    const booked = await bookAppointment(db, { studioSlug: "fenway", serviceCode: "CLNCHK", startsAt: slot.startsAt, patient: patientInput(), needsInsurance: false, details: {} });
    if (!booked.ok) throw new Error(`booking failed: ${booked.code}`);
    // Someone waiting for any time around that day.
    const waiting = "waiting-for-a-cleaning@example.com";
    await joinWaitlist(db, { email: waiting, personId: null, studio, service, firstDay: addDays(day, -1), lastDay: addDays(day, 1), parts: ["morning", "afternoon", "evening"], sendEmail: true, now: new Date() });

    // The patient cancels on the server (its guest page's form).
    const answer = await fetch(`${server.url}/booking/confirmed/${booked.appointment.token}/cancel`, {
      method: "POST",
      body: new URLSearchParams({ sequence: "0", shownFee: "none" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect([200, 302, 303]).toContain(answer.status);
    const offered = () => db.select().from(emailOutbox).where(and(eq(emailOutbox.to, waiting), like(emailOutbox.subject, "%a time for your%")));
    // Seconds, not the 10-minute tick: only the cancel's wake can have run the waitlist's job.
    const offers = await waitFor(async () => ((await offered()).length > 0 ? offered() : undefined), 20_000, "the waitlist's offer email");
    expect(offers).toHaveLength(1);
  });
});
