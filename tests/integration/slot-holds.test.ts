/**
 * Slot holds (issue 19 A, decision 021), through the scheduling API on both engines: a held time is not offered to
 * anyone else while the hold lasts and comes back when it expires (the clock is driven, nothing sleeps); choosing
 * another time releases the first; the holder books without conflict and the hold goes with the booking; the
 * database refuses two live holds on one provider's time and still refuses a double booking whatever the holds say.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { appointments, slotHolds } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { isLive, newBookingId, placeHold, readHold, releaseHold, sweepExpiredHolds } from "~/scheduling/holds.server";
import { findSlots } from "~/scheduling/slots.server";
import { rescheduleVisit } from "~/scheduling/visit-changes.server";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";
import { createTestDatabase, ENGINES } from "../helpers/db";

const now = new Date("2027-01-04T12:00:00Z");
const at = new Date("2027-01-06T15:00:00Z"); // 10:00 in Boston, within the test studio's hours
const later = new Date("2027-01-06T16:00:00Z");
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

for (const engine of ENGINES) {
  describe(`slot holds [${engine}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase(engine);
    });
    afterAll(async () => database?.close());

    const db = () => database.db;
    async function offered(slug: string, startsAt: Date, options: { holder?: string; now?: Date } = {}) {
      const studio = (await getBookableStudio(db(), slug, { fresh: true }))!;
      const service = (await getService(db(), "CLNCHK"))!;
      const t = options.now ?? now;
      const slots = await findSlots(db(), studio, service, { from: startsAt, to: new Date(startsAt.getTime() + 3600_000), now: t }, { fresh: true, holder: options.holder, now: t });
      return slots.some((s) => s.startsAt.getTime() === startsAt.getTime());
    }
    const hold = (slug: string, bookingId: string, startsAt = at, t = now) =>
      placeHold(db(), { bookingId, studioSlug: slug, serviceCode: "CLNCHK", startsAt, now: t, minutes: 10 });
    const book = (slug: string, holdId: string | undefined, t = now, startsAt = at) =>
      bookAppointment(db(), { studioSlug: slug, serviceCode: "CLNCHK", startsAt, now: t, needsInsurance: false, details: {}, patient: patientInput(), holdId });

    it("a held time is not offered to anyone else, is still offered to its holder, and comes back when the hold expires", async () => {
      const { slug } = await createStudioWithProviders(db());
      const mine = newBookingId();
      const placed = await hold(slug, mine);
      expect(placed).toMatchObject({ ok: true, placed: true });
      expect(await offered(slug, at)).toBe(false);
      expect(await offered(slug, at, { holder: newBookingId() })).toBe(false);
      expect(await offered(slug, at, { holder: mine })).toBe(true);
      // Another booking cannot hold it, nor book it, while the hold lasts.
      expect(await hold(slug, newBookingId())).toEqual({ ok: false, code: "taken" });
      expect(await book(slug, undefined, minutes(5))).toEqual({ ok: false, code: "availability_conflict" });
      // At the tenth minute it holds nothing: offered again, and another booking may hold it.
      expect(await offered(slug, at, { now: minutes(9) })).toBe(false);
      expect(await offered(slug, at, { now: minutes(10) })).toBe(true);
      expect(await hold(slug, newBookingId(), at, minutes(10))).toMatchObject({ ok: true, placed: true });
    });

    it("choosing another time releases the first; choosing the held time again keeps the hold as it was", async () => {
      const { slug } = await createStudioWithProviders(db());
      const mine = newBookingId();
      const first = await hold(slug, mine);
      const again = await hold(slug, mine, at, minutes(3));
      expect(again).toMatchObject({ ok: true, placed: false });
      expect(again.ok && first.ok && again.hold.expiresAt.getTime()).toBe(first.ok && first.hold.expiresAt.getTime());
      expect(await hold(slug, mine, later)).toMatchObject({ ok: true, placed: true });
      expect(await offered(slug, at)).toBe(true);
      expect(await offered(slug, later)).toBe(false);
      expect(await db().select().from(slotHolds).where(eq(slotHolds.bookingId, mine))).toHaveLength(1);
      // A refused choice keeps the hold the booking had.
      const other = newBookingId();
      expect(await hold(slug, other)).toMatchObject({ ok: true });
      expect(await hold(slug, mine, at)).toEqual({ ok: false, code: "taken" });
      expect((await readHold(db(), mine))?.startsAt).toEqual(later);
    });

    it("the holder books without conflict, on the held provider, and the hold goes in the same transaction", async () => {
      const { slug, providerIds } = await createStudioWithProviders(db(), { roles: ["hygienist", "hygienist"] });
      const first = newBookingId();
      const second = newBookingId();
      expect(await hold(slug, first)).toMatchObject({ ok: true, hold: { providerId: providerIds[0] } });
      // Two providers: the time is still offered until both are held.
      expect(await offered(slug, at)).toBe(true);
      expect(await hold(slug, second)).toMatchObject({ ok: true, hold: { providerId: providerIds[1] } });
      expect(await offered(slug, at)).toBe(false);
      expect(await hold(slug, newBookingId())).toEqual({ ok: false, code: "taken" });
      const booked = await book(slug, second, minutes(9));
      expect(booked).toMatchObject({ ok: true });
      const [visit] = await db().select().from(appointments).where(eq(appointments.studioSlug, slug));
      expect(visit.providerId).toBe(providerIds[1]);
      expect(await readHold(db(), second)).toBeNull();
      expect(await readHold(db(), first)).not.toBeNull();
      expect(await book(slug, first, minutes(9))).toMatchObject({ ok: true });
    });

    it("after the hold expires the holder may still book the time if it is free, and is told availability_conflict if it is not", async () => {
      const { slug } = await createStudioWithProviders(db());
      const mine = newBookingId();
      await hold(slug, mine);
      expect(await book(slug, mine, minutes(30))).toMatchObject({ ok: true });

      const other = await createStudioWithProviders(db());
      const late = newBookingId();
      await hold(other.slug, late);
      expect(await hold(other.slug, newBookingId(), at, minutes(11))).toMatchObject({ ok: true, placed: true });
      expect(await book(other.slug, late, minutes(12))).toEqual({ ok: false, code: "availability_conflict" });
    });

    it("a visit cannot be moved (by its patient or the studio) into a time another booking holds, until the hold expires", async () => {
      const { slug } = await createStudioWithProviders(db());
      const booked = await book(slug, undefined, now, later);
      expect(booked.ok).toBe(true);
      const [visit] = await db().select().from(appointments).where(eq(appointments.studioSlug, slug));
      await hold(slug, newBookingId());
      expect(await rescheduleVisit(db(), { appointmentId: visit.id, sequence: visit.sequence, startsAt: at, now: minutes(5) })).toEqual({ ok: false, code: "availability_conflict" });
      const staff = { staff: { id: 1, email: "desk@example.com" }, note: "asked by phone" };
      expect(await rescheduleVisit(db(), { appointmentId: visit.id, sequence: visit.sequence, startsAt: at, now: minutes(5), by: staff })).toEqual({ ok: false, code: "availability_conflict" });
      expect(await rescheduleVisit(db(), { appointmentId: visit.id, sequence: visit.sequence, startsAt: at, now: minutes(10) })).toMatchObject({ ok: true });
    });

    it("expired holds are swept once and returned; live ones stay; a release deletes the row", async () => {
      const { slug } = await createStudioWithProviders(db(), { roles: ["hygienist", "hygienist"] });
      const a = newBookingId();
      const b = newBookingId();
      await hold(slug, a);
      await hold(slug, b, later, minutes(8));
      const swept = await sweepExpiredHolds(db(), minutes(12));
      expect(swept.map((h) => h.bookingId)).toContain(a);
      expect(swept.map((h) => h.bookingId)).not.toContain(b);
      expect(await sweepExpiredHolds(db(), minutes(12))).toEqual([]);
      const kept = await readHold(db(), b);
      expect(kept && isLive(kept, minutes(12))).toBe(true);
      expect(await releaseHold(db(), b)).toMatchObject({ bookingId: b });
      expect(await readHold(db(), b)).toBeNull();
    });

    it("the database refuses two live holds on one provider's time, and a double booking whatever the holds say", async () => {
      const { slug, providerIds } = await createStudioWithProviders(db());
      const row = { studioSlug: slug, serviceType: "CLNCHK", providerId: providerIds[0], startsAt: at, endsAt: new Date(at.getTime() + 3600_000), expiresAt: minutes(10) };
      await db().insert(slotHolds).values({ ...row, bookingId: newBookingId() });
      await expect(db().insert(slotHolds).values({ ...row, bookingId: newBookingId(), startsAt: new Date(at.getTime() + 1800_000), endsAt: later })).rejects.toThrow();
      await expect(db().insert(slotHolds).values({ ...row, bookingId: "not-a-booking-id" })).rejects.toThrow();
      // A visit booked straight into the table (as a stale or rogue writer would) next to another still fails.
      expect(await book(slug, undefined, minutes(20))).toMatchObject({ ok: true });
      const [visit] = await db().select().from(appointments).where(eq(appointments.studioSlug, slug));
      await expect(db().insert(appointments).values({ ...visit, id: undefined, token: `${visit.token}x` } as never)).rejects.toThrow();
    });
  });
}

// PGlite serializes everything in one process, so races can only show on a real PostgreSQL server.
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres) throw new Error("CI must set TEST_DATABASE_URL for the PostgreSQL hold race");

describe.skipIf(!hasPostgres)("twenty bookings holding one time at once [postgres]", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.close());

  it("one holder, nineteen told taken, no other answer, one row", async () => {
    const { slug } = await createStudioWithProviders(database.db);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => placeHold(database.db, { bookingId: newBookingId(), studioSlug: slug, serviceCode: "CLNCHK", startsAt: at, now, minutes: 10 })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.code === "taken")).toHaveLength(19);
    expect(await database.db.select().from(slotHolds).where(eq(slotHolds.studioSlug, slug))).toHaveLength(1);
  });
});
