/**
 * The visit emails and texts as a consumer of the visit events (issue 42 B and F, decision 070): each told once
 * however many consumers race (two processes on PostgreSQL: two connection pools; two ticks at once on PGlite), in
 * the order of the visit's changes, and a job woken by the change itself (this process's `wake`, the database's
 * NOTIFY from any process), never waiting for its safety poll.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type Database, type Db } from "~/db/client.server";
import { appointments, emailOutbox, smsOutbox } from "~/db/schema";
import { startJob, wake } from "~/jobs/job.server";
import { bookAppointment } from "~/scheduling/book.server";
import { cancelVisit, rescheduleVisit } from "~/scheduling/visit-changes.server";
import { VISIT_EVENTS_TOPIC } from "~/scheduling/visit-events.server";
import { sendVisitNotices } from "~/visit-notices/notices.server";
import { describeEachEngine } from "../helpers/db";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";

const now = new Date("2027-01-04T12:00:00Z");
const SITE = "https://dental.example.com";
const FROM = "Studio Dental <appointments@example.com>";
const tell = (db: Db) => sendVisitNotices(db, { siteOrigin: SITE, mailFrom: FROM });

async function book(db: Db, slug: string, startsAt: Date, { sms = false } = {}) {
  // A number of its own: the daily cap of texts per number is not what this tests.
  const patient = { ...patientInput(), phone: `617555${String(Math.floor(1000 + Math.random() * 9000))}` };
  const outcome = await bookAppointment(db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt, patient, needsInsurance: false, details: {}, smsConsent: sms, now });
  if (!outcome.ok) throw new Error(`booking failed: ${outcome.code}`);
  const [row] = await db.select().from(appointments).where(eq(appointments.token, outcome.appointment.token));
  return { visit: row, email: patient.email.toLowerCase() };
}

/** Which of a visit's emails it is, by its subject ("Studio Dental: your … is moved to …"). */
const kindOf = (subject: string) => (subject.includes(" is moved to ") ? "Moved" : subject.endsWith(" is cancelled") ? "Cancelled" : "Booked");
const mailsTo = (db: Db, to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(emailOutbox.id);
const textsOf = (db: Db, appointmentId: number) => db.select().from(smsOutbox).where(eq(smsOutbox.appointmentId, appointmentId)).orderBy(smsOutbox.id);

async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}

describeEachEngine("visit notices", ({ db, engine }) => {
  // The second "process": another connection pool on PostgreSQL; on PGlite (one process by design) the same handle.
  let other: Database | undefined;
  beforeAll(async () => {
    const url = (db() as Database & { url?: string }).url;
    if (engine === "postgres" && url) other = await openDatabase({ databaseUrl: url, migrate: false });
  });
  afterAll(async () => {
    await other?.close();
  });
  const second = () => (other ?? db()).db;

  it("each visit's email and text is queued once, however many consumers race for the events", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const booked = await Promise.all([0, 1, 2, 3].map((i) => book(db().db, slug, new Date(Date.UTC(2027, 0, 8, 14 + i)), { sms: true })));
    await cancelVisit(db().db, { appointmentId: booked[0].visit.id, sequence: 0, shownFeeCents: null, now });
    // Two consumers at once, several times over (each tick may find the other holding the cursor and do nothing).
    for (let round = 0; round < 4; round++) await Promise.all([tell(db().db), tell(second()), tell(db().db), tell(second())]);
    while ((await tell(db().db)) > 0);
    for (const [i, { visit, email }] of booked.entries()) {
      const mails = await mailsTo(db().db, email);
      expect(mails.map((m) => kindOf(m.subject)), email).toEqual(i === 0 ? ["Booked", "Cancelled"] : ["Booked"]);
      expect((await textsOf(db().db, visit.id)).map((t) => t.kind)).toEqual(i === 0 ? ["booked", "cancelled"] : ["booked"]);
    }
    // Read again later: nothing more.
    expect(await tell(second())).toBe(0);
    expect(await mailsTo(db().db, booked[1].email)).toHaveLength(1);
  });

  it("in the order of the visit's changes: booked, moved, cancelled, each saying the visit as that change left it", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const first = new Date("2027-01-08T15:00:00Z");
    const later = new Date("2027-01-08T18:00:00Z");
    const { visit, email } = await book(db().db, slug, first, { sms: true });
    expect((await rescheduleVisit(db().db, { appointmentId: visit.id, sequence: 0, startsAt: later, now })).ok).toBe(true);
    expect((await cancelVisit(db().db, { appointmentId: visit.id, sequence: 1, shownFeeCents: null, now })).ok).toBe(true);
    // Nothing is told until the consumer runs; then all three, in order.
    expect(await mailsTo(db().db, email)).toHaveLength(0);
    while ((await tell(db().db)) > 0);
    const [bookedMail, movedMail, cancelledMail] = await mailsTo(db().db, email);
    expect([bookedMail, movedMail, cancelledMail].map((m) => m && kindOf(m.subject))).toEqual(["Booked", "Moved", "Cancelled"]);
    // The booking's email has the time booked (10 AM in New York), the move's the new one; SEQUENCE 0, 1, 2.
    expect(bookedMail.subject).toContain("10:00");
    expect(bookedMail.ics).toContain("DTSTART;TZID=America/New_York:20270108T100000");
    expect(bookedMail.ics).toContain("SEQUENCE:0");
    expect(movedMail.subject).toContain("1:00");
    expect(movedMail.ics).toContain("SEQUENCE:1");
    expect(cancelledMail.ics).toContain("METHOD:CANCEL");
    expect(cancelledMail.ics).toContain("SEQUENCE:2");
    const texts = await textsOf(db().db, visit.id);
    expect(texts.map((t) => t.kind)).toEqual(["booked", "moved", "cancelled"]);
    expect(texts[0].visitStartsAt).toEqual(first);
    expect(texts[1].visitStartsAt).toEqual(later);
  });

  it("a job is woken by the visit event of this process, and by the database's notice of any process, not by its poll", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const hour = 3_600_000;
    // Started like workers.server.ts, but with an hour between safety polls: only a wake can run them within seconds.
    const notices = startJob({ name: "test-visit-notices", everyMs: hour, tick: () => tell(db().db), wakeOn: VISIT_EVENTS_TOPIC });
    let outboxRuns = 0;
    const outbox = startJob({ name: "test-email-outbox", everyMs: hour, tick: async () => (outboxRuns++, 0), wakeOn: "email-outbox" });
    const stopListening = await db().listen("dental_jobs", (topic) => wake(topic));
    try {
      await new Promise((r) => setTimeout(r, 200)); // PostgreSQL: the LISTEN is in place
      const { email } = await book(db().db, slug, new Date("2027-01-08T15:00:00Z"));
      const took = await until(async () => (await mailsTo(db().db, email)).length === 1, 5_000);
      expect(took).toBeLessThan(2_000);
      // An email queued by another process (its own connection, no wake of ours): heard through NOTIFY at its commit.
      const before = outboxRuns;
      await second().transaction(async (tx) => {
        await tx.insert(emailOutbox).values({ to: `notify-${slug}@example.com`, subject: "x", text: "x" });
      });
      expect(await until(async () => outboxRuns > before, 5_000)).toBeLessThan(2_000);
    } finally {
      await stopListening();
      await notices.stop();
      await outbox.stop();
    }
  });
});

describeEachEngine("visit notices, a visit booked and nobody to email", ({ db }) => {
  it("a visit whose patient has no email (the desk's caller) gets its text and no email", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const { visit } = await book(db().db, slug, new Date("2027-01-08T15:00:00Z"), { sms: true });
    await db().db.update(appointments).set({ details: { contact: { email: "", firstName: "Ana" } } }).where(eq(appointments.id, visit.id));
    while ((await tell(db().db)) > 0);
    expect(await db().db.select().from(emailOutbox).where(and(eq(emailOutbox.to, "")))).toHaveLength(0);
    expect((await textsOf(db().db, visit.id)).map((t) => t.kind)).toEqual(["booked"]);
  });
});
