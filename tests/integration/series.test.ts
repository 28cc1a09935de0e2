/**
 * Issue 39 A: a series previewed with its conflicts (a closure, a taken time, the provider off), held while the person
 * decides, and booked in ONE transaction — all chosen visits or none — at the same studio-local time across the
 * March daylight-saving change, in both zones we serve. On PGlite and PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { appointments, providerTimeOff, studioClosures, visitSeries } from "~/db/schema";
import { formatLocalTime, localDayKey } from "~/rules/zoned-time";
import { bookAppointment, bookSeries } from "~/scheduling/book.server";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { placeHold } from "~/scheduling/holds.server";
import { holdSeries, occurrenceHoldId, previewSeries } from "~/scheduling/series.server";
import { describeEachEngine } from "../helpers/db";
import { createPatient, createStudioWithProviders, patientInput } from "../fixtures/factories";

// Monday 2027-01-04; the series starts Tuesday 2027-01-05 at 9:00 AM and runs every 6 weeks, 8 visits, to October.
const now = new Date("2027-01-04T12:00:00Z");
const DAYS = ["2027-01-05", "2027-02-16", "2027-03-30", "2027-05-11", "2027-06-22", "2027-08-03", "2027-09-14", "2027-10-26"];
const rule = { every: 6, unit: "weeks" as const, count: 8 };
const NINE = 9 * 60;
const draft = () => randomBytes(24).toString("base64url");

describeEachEngine("a series of visits", ({ db }) => {
  async function setUp(timezone = "America/New_York", roles: ("hygienist" | "dentist")[] = ["hygienist"]) {
    const { slug, providerIds } = await createStudioWithProviders(db().db, { timezone, roles, market: timezone === "America/Chicago" ? "nashville" : "boston" });
    const studio = (await getBookableStudio(db().db, slug, { fresh: true }))!;
    const service = (await getService(db().db, "CLNCHK", { fresh: true }))!;
    const patient = await createPatient(db().db);
    return { slug, providerIds, studio, service, patient };
  }

  for (const tz of ["America/New_York", "America/Chicago"]) {
    it(`previews 8 visits at 9:00 AM across the March change in ${tz}: a closure and a taken time in conflict, with the nearest free times`, async () => {
      const { slug, studio, service } = await setUp(tz);
      await db().db.insert(studioClosures).values({ studioSlug: slug, day: DAYS[3], reason: "Training day" });
      const first = await previewSeries(db().db, { studio, service, providerId: null, firstDay: DAYS[0], localMinute: NINE, rule, now, draftId: draft() });
      // Someone books the second visit's time (inside the 60-day window a single booking has): the next preview shows it taken.
      const booked = await bookAppointment(db().db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt: first[1].startsAt, patient: patientInput(), needsInsurance: false, details: {}, now });
      expect(booked.ok).toBe(true);
      const preview = await previewSeries(db().db, { studio, service, providerId: null, firstDay: DAYS[0], localMinute: NINE, rule, now, draftId: draft() });
      expect(preview.map((o) => o.day)).toEqual(DAYS);
      for (const o of preview) {
        expect(localDayKey(o.startsAt, tz)).toBe(o.day);
        expect(formatLocalTime(o.startsAt, tz)).toBe("9:00 AM");
      }
      expect(preview.map((o) => o.conflict)).toEqual([null, "taken", null, "closed", null, null, null, null]);
      // The closed day's alternatives are the days either side, nearest first, at the hour nearest 9:00.
      expect(preview[3].alternatives.map((a) => localDayKey(a, tz)).slice(0, 2)).toEqual(["2027-05-10", "2027-05-12"]);
      expect(preview[3].alternatives.slice(0, 2).map((a) => formatLocalTime(a, tz))).toEqual(["9:00 AM", "9:00 AM"]);
      // The taken time's alternatives are the same day first: 8:00 and 10:00 (the cleaning is an hour).
      expect(preview[1].alternatives.map((a) => localDayKey(a, tz))).toEqual([DAYS[1], DAYS[1], DAYS[1]]);
      expect(preview[1].alternatives.map((a) => formatLocalTime(a, tz))).toEqual(["8:00 AM", "10:00 AM", "10:15 AM"]);
    });
  }

  it("names the provider off when the one chosen does not work then, and keeps to that provider", async () => {
    const { providerIds, studio, service } = await setUp("America/New_York", ["hygienist", "hygienist"]);
    const [kept, other] = providerIds;
    await db().db.insert(providerTimeOff).values({ providerId: kept, startsAt: new Date("2027-02-16T05:00:00Z"), endsAt: new Date("2027-02-17T05:00:00Z"), reason: "Leave" });
    const request = { studio, service, firstDay: DAYS[0], localMinute: NINE, rule: { ...rule, count: 3 }, now, draftId: draft() };
    expect((await previewSeries(db().db, { ...request, providerId: kept })).map((o) => o.conflict)).toEqual([null, "provider_off", null]);
    expect((await previewSeries(db().db, { ...request, providerId: null })).map((o) => o.conflict)).toEqual([null, null, null]);
    void other;
  });

  it("holds the chosen times for the person deciding: another booking is refused them, the draft's own preview still sees them free", async () => {
    const { slug, studio, service } = await setUp();
    const draftId = draft();
    const request = { studio, service, providerId: null, firstDay: DAYS[0], localMinute: NINE, rule: { ...rule, count: 3 }, now, draftId };
    const preview = await previewSeries(db().db, request);
    const held = await holdSeries(db().db, { studio, service, providerId: null, draftId, now }, preview.map((o) => ({ position: o.position, startsAt: o.startsAt })));
    expect([...held.values()]).toEqual(["held", "held", "held"]);
    const other = await placeHold(db().db, { bookingId: draft(), studioSlug: slug, serviceCode: "CLNCHK", startsAt: preview[1].startsAt, now, minutes: 10, horizonDays: 800 });
    expect(other).toEqual({ ok: false, code: "taken" });
    expect((await previewSeries(db().db, request)).map((o) => o.conflict)).toEqual([null, null, null]);
    // Another draft sees them held (taken).
    expect((await previewSeries(db().db, { ...request, draftId: draft() })).map((o) => o.conflict)).toEqual(["taken", "taken", "taken"]);
  });

  it("books every chosen visit in one transaction: an alternative taken, one skipped, positions 1–7, same 9:00 AM", async () => {
    const { slug, studio, service, patient } = await setUp();
    await db().db.insert(studioClosures).values({ studioSlug: slug, day: DAYS[3], reason: "Training day" });
    const draftId = draft();
    const preview = await previewSeries(db().db, { studio, service, providerId: null, firstDay: DAYS[0], localMinute: NINE, rule, now, draftId });
    // The closed day takes its first alternative; the seventh is skipped.
    const chosen = preview.filter((o) => o.position !== 7).map((o) => ({ position: o.position, startsAt: o.conflict ? o.alternatives[0] : o.startsAt }));
    await holdSeries(db().db, { studio, service, providerId: null, draftId, now }, chosen);
    const outcome = await bookSeries(
      db().db,
      { studioSlug: slug, serviceCode: "CLNCHK", patientId: patient.id, patient: patientInput(patient.email), needsInsurance: false, details: {}, now, channel: "phone" },
      { every: 6, unit: "weeks", localMinute: NINE, providerId: null, visits: chosen.map((c) => ({ startsAt: c.startsAt, holdId: occurrenceHoldId(draftId, c.position) })) },
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const rows = await db().db.select().from(appointments).where(eq(appointments.seriesId, outcome.series.id)).orderBy(appointments.startsAt);
    expect(rows.map((r) => r.seriesPosition)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rows.map((r) => localDayKey(r.startsAt, "America/New_York"))).toEqual([DAYS[0], DAYS[1], DAYS[2], localDayKey(chosen[3].startsAt, "America/New_York"), DAYS[4], DAYS[5], DAYS[7]]);
    expect(rows.every((r) => r.patientId === patient.id && r.channel === "phone" && r.status === "CONFIRMED")).toBe(true);
    const [series] = await db().db.select().from(visitSeries).where(eq(visitSeries.id, outcome.series.id));
    expect(series).toMatchObject({ occurrences: 7, every: 6, unit: "weeks", localMinute: NINE, patientId: patient.id });
  });

  it("is all or nothing: a time taken between the preview and the booking fails the series at that visit, and nothing is booked", async () => {
    const { slug, studio, service, patient } = await setUp();
    const preview = await previewSeries(db().db, { studio, service, providerId: null, firstDay: DAYS[0], localMinute: NINE, rule, now, draftId: draft() });
    // Not held: a single booking takes the second visit's time meanwhile.
    expect((await bookAppointment(db().db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt: preview[1].startsAt, patient: patientInput(), needsInsurance: false, details: {}, now })).ok).toBe(true);
    const before = (await db().db.select().from(appointments).where(eq(appointments.patientId, patient.id))).length;
    const outcome = await bookSeries(
      db().db,
      { studioSlug: slug, serviceCode: "CLNCHK", patientId: patient.id, patient: patientInput(patient.email), needsInsurance: false, details: {}, now },
      { every: 6, unit: "weeks", localMinute: NINE, providerId: null, visits: preview.map((o) => ({ startsAt: o.startsAt })) },
    );
    expect(outcome).toEqual({ ok: false, code: "availability_conflict", position: 2 });
    expect(await db().db.select().from(appointments).where(eq(appointments.patientId, patient.id))).toHaveLength(before);
    expect(await db().db.select().from(visitSeries).where(eq(visitSeries.patientId, patient.id))).toEqual([]);
  });
});
