/**
 * The visit record (issue 30 A, decision 031): every change of a visit writes its event in the change's transaction,
 * numbered per visit; rows are never changed; consumers read each event once, in commit order, also across
 * processes and when a transaction commits late.
 */
import { asc, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { appointments, visitEvents } from "~/db/schema";
import { bookAppointment, newAppointmentToken } from "~/scheduling/book.server";
import { newBookingId, placeHold, sweepExpiredHolds } from "~/scheduling/holds.server";
import { cancelVisit, rescheduleVisit } from "~/scheduling/visit-changes.server";
import { consumeVisitEvents, type VisitEvent } from "~/scheduling/visit-events.server";
import { action as visitAction } from "~/routes/staff+/visits.$id";
import { localTimeAhead } from "../fixtures/clock";
import { createPatient, createStudioWithProviders, patientInput } from "../fixtures/factories";
import { describeEachEngine, testPool } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { signedInStaff } from "../helpers/staff";

const post = (cookie: string, fields: Record<string, string>) =>
  new Request("http://localhost:3000/staff", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } });

/** 10:00 New York time, `days` days from today there, in winter and summer alike (issue 43). */
const daysAhead = (days: number) => localTimeAhead(days, "10:00");

async function book(db: Db, slug: string, startsAt: Date) {
  const outcome = await bookAppointment(db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt, patient: patientInput(), needsInsurance: false, details: {} });
  if (!outcome.ok) throw new Error(`booking failed: ${outcome.code}`);
  const [row] = await db.select().from(appointments).where(eq(appointments.token, outcome.appointment.token));
  return row!;
}

const eventsOf = (db: Db, visitId: number) => db.select().from(visitEvents).where(eq(visitEvents.visitId, visitId)).orderBy(asc(visitEvents.seq));

/** Everything a consumer is given until it is given nothing. */
async function drain(db: Db, consumer: string) {
  const seen: VisitEvent[] = [];
  while ((await consumeVisitEvents(db, consumer, async (_tx, events) => void seen.push(...events))) > 0) {
    // next batch
  }
  return seen;
}

describeEachEngine("visit events", ({ db, engine }) => {
  it("booked, moved, cancelled (by the patient or the studio), arrived, no-show: each in order, with the time it freed", async () => {
    const { slug, providerIds } = await createStudioWithProviders(db().db);
    const visit = await book(db().db, slug, daysAhead(3));
    const moved = await rescheduleVisit(db().db, { appointmentId: visit.id, sequence: 0, startsAt: daysAhead(4) });
    expect(moved.ok).toBe(true);
    expect(await cancelVisit(db().db, { appointmentId: visit.id, sequence: 1, shownFeeCents: null })).toEqual({ ok: true, feeCents: null, count: 1 });
    expect((await eventsOf(db().db, visit.id)).map((e) => [e.seq, e.type, e.status, e.cancelledBy, e.freedReason])).toEqual([
      [1, "visit.booked", "booked", null, null],
      [2, "visit.moved", "booked", null, "move"],
      [3, "visit.cancelled", "cancelled", "patient", "cancel"],
    ]);
    const [, move, cancel] = await eventsOf(db().db, visit.id);
    expect(move).toMatchObject({ startsAt: daysAhead(4), previousStartsAt: daysAhead(3), freedFrom: daysAhead(3), freedTo: visit.endsAt, studioSlug: slug, serviceCode: "CLNCHK" });
    expect(cancel).toMatchObject({ startsAt: daysAhead(4), freedFrom: daysAhead(4) });

    // The desk: a check-in, and a no-show of a visit whose time has come; a cancel on the patient's behalf.
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    // A visit whose time has come (written directly: booking refuses past times).
    const patient = await createPatient(db().db);
    const startedAt = new Date(Date.now() - 3600_000);
    const [today] = await db()
      .db.insert(appointments)
      .values({ token: newAppointmentToken(), patientId: patient.id, studioSlug: slug, providerId: providerIds[0]!, serviceType: "CLNCHK", startsAt: startedAt, endsAt: new Date(startedAt.getTime() + 1800_000), status: "CONFIRMED" })
      .returning();
    const status = (id: number, fields: Record<string, string>) => callRoute(visitAction, post(desk.cookie, { intent: "status", note: "", ...fields }), { params: { id: String(id) } });
    expect((await status(today!.id, { action: "no_show", seen: "booked" })).status).toBe(303);
    const other = await book(db().db, slug, daysAhead(5));
    expect((await status(other.id, { action: "arrived", seen: "booked" })).status).toBe(303);
    const byStaff = await callRoute(visitAction, post(desk.cookie, { intent: "cancel", sequence: "0", shownFee: "none", note: "Called in" }), { params: { id: String(other.id) } });
    expect(byStaff.status).toBe(303);
    expect((await eventsOf(db().db, today!.id)).map((e) => [e.seq, e.type, e.status])).toEqual([[1, "visit.no_show", "no_show"]]);
    expect((await eventsOf(db().db, other.id)).map((e) => [e.seq, e.type, e.status, e.cancelledBy])).toEqual([
      [1, "visit.booked", "booked", null],
      [2, "visit.arrived", "arrived", null],
      [3, "visit.cancelled", "cancelled", "staff"],
    ]);
  });

  it("a refused change writes no event (the event is the change's own transaction)", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await book(db().db, slug, daysAhead(3));
    // A stale sequence, and the visit's own time: nothing changes, nothing is recorded.
    expect(await cancelVisit(db().db, { appointmentId: visit.id, sequence: 7, shownFeeCents: null })).toEqual({ ok: false, code: "changed" });
    expect(await rescheduleVisit(db().db, { appointmentId: visit.id, sequence: 0, startsAt: visit.startsAt })).toEqual({ ok: false, code: "same_time" });
    expect((await eventsOf(db().db, visit.id)).map((e) => e.type)).toEqual(["visit.booked"]);
  });

  it("a held time that lapses is recorded as freed, once", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const at = daysAhead(3);
    const hold = await placeHold(db().db, { bookingId: newBookingId(), studioSlug: slug, serviceCode: "CLNCHK", startsAt: at, minutes: 1 });
    expect(hold.ok).toBe(true);
    const later = new Date(Date.now() + 5 * 60_000);
    expect((await sweepExpiredHolds(db().db, later)).length).toBeGreaterThanOrEqual(1);
    expect(await sweepExpiredHolds(db().db, later)).toEqual([]);
    const freed = await db().db.select().from(visitEvents).where(eq(visitEvents.studioSlug, slug));
    expect(freed.map((e) => [e.type, e.visitId, e.freedReason, e.freedFrom?.getTime()])).toEqual([["time.freed", null, "hold_lapsed", at.getTime()]]);
  });

  it("is never updated nor deleted while its visit exists; goes with the visit", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await book(db().db, slug, daysAhead(3));
    await expect(db().db.update(visitEvents).set({ status: "cancelled" }).where(eq(visitEvents.visitId, visit.id))).rejects.toThrow();
    await expect(db().db.delete(visitEvents).where(eq(visitEvents.visitId, visit.id))).rejects.toThrow();
    expect(await eventsOf(db().db, visit.id)).toHaveLength(1);
    // A second event with a number already used is refused too (unique per visit).
    await expect(
      db().db.insert(visitEvents).values({ visitId: visit.id, seq: 1, type: "visit.arrived", studioSlug: slug, serviceCode: "CLNCHK", startsAt: visit.startsAt, status: "arrived" }),
    ).rejects.toThrow();
    await db().db.execute(sql`delete from appointment_reminders where appointment_id = ${visit.id}`);
    await db().db.delete(appointments).where(eq(appointments.id, visit.id));
    expect(await eventsOf(db().db, visit.id)).toEqual([]);
  });

  it("a consumer is given each event once, in commit order", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    await drain(db().db, "test-once"); // what earlier tests wrote
    const a = await book(db().db, slug, daysAhead(3));
    const b = await book(db().db, slug, daysAhead(4));
    await cancelVisit(db().db, { appointmentId: a.id, sequence: 0, shownFeeCents: null });
    const seen = await drain(db().db, "test-once");
    expect(seen.map((e) => [e.visitId, e.type])).toEqual([
      [a.id, "visit.booked"],
      [b.id, "visit.booked"],
      [a.id, "visit.cancelled"],
    ]);
    expect(await drain(db().db, "test-once")).toEqual([]);
    // Another consumer has its own cursor: it is given them too.
    expect((await drain(db().db, "test-other")).filter((e) => e.studioSlug === slug)).toHaveLength(3);
  });

  it.runIf(engine === "postgres")("an event whose transaction commits late is not passed over; two processes never both take one", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    await drain(db().db, "test-late");
    const pool = testPool((db() as { url?: string }).url!);
    const slow = await pool.connect();
    try {
      await slow.query("begin");
      await slow.query(`insert into visit_events (type, studio_slug, freed_from, freed_to, freed_reason) values ('time.freed', $1, now(), now() + interval '1 hour', 'availability')`, [slug]);
      // Meanwhile a booking commits: its event is newer in id, but the open transaction is older.
      const visit = await book(db().db, slug, daysAhead(3));
      expect((await drain(db().db, "test-late")).filter((e) => e.studioSlug === slug)).toEqual([]);
      await slow.query("commit");
      const [lateOne, booked] = (await drain(db().db, "test-late")).filter((e) => e.studioSlug === slug);
      expect([lateOne?.type, booked?.visitId]).toEqual(["time.freed", visit.id]);
    } finally {
      slow.release();
    }
    // Two processes consuming at once: each event handled by one of them.
    for (let i = 0; i < 6; i++) await book(db().db, slug, daysAhead(5 + i));
    const second = testPool((db() as { url?: string }).url!);
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const otherDb = drizzle(second) as unknown as Db;
    const got: number[] = [];
    const take = (on: Db) => consumeVisitEvents(on, "test-two", async (_tx, events) => void got.push(...events.map((e) => e.id)), 2);
    for (let round = 0; round < 10; round++) await Promise.all([take(db().db), take(otherDb), take(db().db)]);
    expect(new Set(got).size).toBe(got.length);
    expect(got.length).toBeGreaterThanOrEqual(6);
    await second.end();
    await pool.end();
  });
});
