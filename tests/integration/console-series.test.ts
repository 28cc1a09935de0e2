// The desk books a series (issue 39 A, decision 076) through the console's routes, on PGlite and PostgreSQL: the held
// time repeated weekly, the preview with a closure in conflict and its free times, the free ones held for the desk, an
// alternative taken, all booked in one transaction with their positions; a time taken between the preview and the
// confirm brings the preview back with that visit in conflict and nothing booked; bad rules refused with messages;
// a squeeze-in only by a manager with a reason.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { expect, it } from "vitest";
import { appointments, slotHolds, studioClosures, visitSeries } from "~/db/schema";
import { usFederalHolidays } from "~/rules/holidays";
import { addDays, formatLocalTime, instantOfWall, localDayKey } from "~/rules/zoned-time";
import { bookAppointment } from "~/scheduling/book.server";
import { action as bookAction } from "~/routes/staff+/studios.$slug.book_.$patientId";
import { action as seriesAction, loader as seriesLoader } from "~/routes/staff+/studios.$slug.book_.$patientId_.series";
import { localTimeAhead } from "../fixtures/clock";
import { createPatient, createStudioWithProviders, patientInput } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { signedInStaff } from "../helpers/staff";

const ORIGIN = "http://localhost:3000";
const TZ = "America/New_York";
const get = (cookie: string, query = "") => new Request(`${ORIGIN}/staff/x${query}`, { headers: { Cookie: cookie } });
const post = (cookie: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}/staff/x`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } });

/** A 10:00 AM at least 3 days out whose next 3 weeks hold no federal holiday: 4 weekly visits, none closed by the calendar. */
function firstVisit(): Date {
  for (let ahead = 3; ; ahead++) {
    const at = localTimeAhead(ahead, "10:00");
    const day = localDayKey(at, TZ);
    const days = [0, 7, 14, 21].map((d) => addDays(day, d));
    if (!days.some((d) => usFederalHolidays(Number(d.slice(0, 4))).includes(d))) return at;
  }
}

type Row = { position: number; of: number; conflict: string | null; alternatives: { value: string; label: string }[] };
type Preview = { rows: Row[]; rule: Record<string, string>; message: string | null; conflicts: number };

describeEachEngine("console series booking", ({ db }) => {
  async function setUp(role: "front_desk" | "manager" = "front_desk") {
    const { slug, providerIds } = await createStudioWithProviders(db().db, { roles: ["hygienist", "hygienist"] });
    const staff = await signedInStaff(db().db, role, [slug]);
    const patient = await createPatient(db().db);
    const params = { slug, patientId: String(patient.id) };
    const first = firstVisit();
    const day = localDayKey(first, TZ);
    return { slug, providerIds, staff, patient, params, first, day };
  }

  async function previewOf(cookie: string, params: Record<string, string>, fields: Record<string, string>) {
    const answer = await callRoute(seriesAction, post(cookie, { intent: "preview", service: "CLNCHK", provider: "any", time: "10:00", every: "1", unit: "weeks", ends: "count", count: "4", ...fields }), { params });
    return answer;
  }

  it("repeats the desk's held time weekly: a closure in conflict with its free times, the rest held; an alternative taken; all four booked in one series with positions", async () => {
    const { slug, staff, patient, params, first, day } = await setUp();
    await db().db.insert(studioClosures).values({ studioSlug: slug, day: addDays(day, 14), reason: "Training day" });
    // The desk's single booking holds the first time; "Repeat this visit" starts from it.
    const held = await callRoute(bookAction, post(staff.cookie, { intent: "hold", slot: first.toISOString(), service: "CLNCHK", provider: "any" }), { params });
    const hold = new URL(held.headers.get("Location")!, ORIGIN).searchParams.get("hold")!;
    const form = await callRoute(seriesLoader, get(staff.cookie, `?service=CLNCHK&provider=any&hold=${hold}`), { params });
    expect((await form.json()).values).toMatchObject({ day, time: "10:00", hold });

    const answer = await previewOf(staff.cookie, params, { day, hold });
    expect(answer.status).toBe(200);
    const preview = (await answer.json()) as Preview;
    expect(preview.rows.map((r) => [r.position, r.of, r.conflict])).toEqual([
      [1, 4, null],
      [2, 4, null],
      [3, 4, "closed"],
      [4, 4, null],
    ]);
    // The closed day's free times are the days either side, at the hour nearest 10:00.
    const alternatives = preview.rows[2].alternatives.map((a) => new Date(a.value));
    expect(alternatives.map((a) => localDayKey(a, TZ)).slice(0, 2)).toEqual([addDays(day, 13), addDays(day, 15)]);
    expect(formatLocalTime(alternatives[0], TZ)).toBe("10:00 AM");
    // The desk's single hold gave way to the series' three holds (the free visits), the first time among them.
    const holds = await db().db.select().from(slotHolds).where(eq(slotHolds.studioSlug, slug)).orderBy(asc(slotHolds.startsAt));
    expect(holds.map((h) => h.startsAt.getTime())).toEqual([0, 7, 21].map((d) => localTimeAt(addDays(day, d)).getTime()));
    expect(holds.some((h) => h.bookingId === hold)).toBe(false);

    const booked = await callRoute(seriesAction, post(staff.cookie, { intent: "confirm", ...preview.rule, v3: alternatives[1].toISOString(), insurance: "none", note: "" }), { params });
    expect(booked.status).toBe(303);
    const visits = await db().db.select().from(appointments).where(eq(appointments.patientId, patient.id)).orderBy(asc(appointments.startsAt));
    expect(visits).toHaveLength(4);
    expect(visits.map((v) => v.seriesPosition)).toEqual([1, 2, 3, 4]);
    expect(new Set(visits.map((v) => v.seriesId)).size).toBe(1);
    expect(visits.map((v) => localDayKey(v.startsAt, TZ))).toEqual([day, addDays(day, 7), addDays(day, 15), addDays(day, 21)]);
    expect(visits.every((v) => v.channel === "phone" && v.bookedByStaffId === staff.id && formatLocalTime(v.startsAt, TZ) === "10:00 AM")).toBe(true);
    expect(booked.headers.get("Location")).toBe(`/staff/visits/${visits[0].id}?done=booked`);
    const [series] = await db().db.select().from(visitSeries).where(eq(visitSeries.id, visits[0].seriesId!));
    expect(series).toMatchObject({ every: 1, unit: "weeks", occurrences: 4, channel: "phone", bookedByStaffId: staff.id });
    expect(await db().db.select().from(slotHolds).where(eq(slotHolds.studioSlug, slug))).toHaveLength(0);
  });

  it("a time taken between the preview and the confirm brings the preview back with that visit in conflict, and nothing is booked", async () => {
    const { slug, staff, patient, params, day } = await setUp();
    const preview = (await (await previewOf(staff.cookie, params, { day, provider: "any" })).json()) as Preview;
    expect(preview.conflicts).toBe(0);
    // The series' hold on visit 2 ran out, and two other patients booked both hygienists at that time.
    const second = await db().db.select().from(slotHolds).where(eq(slotHolds.studioSlug, slug)).orderBy(asc(slotHolds.startsAt));
    await db().db.delete(slotHolds).where(eq(slotHolds.bookingId, second[1].bookingId));
    for (let i = 0; i < 2; i++) expect((await bookAppointment(db().db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt: second[1].startsAt, patient: patientInput(), needsInsurance: false, details: {} })).ok).toBe(true);

    const again = await callRoute(seriesAction, post(staff.cookie, { intent: "confirm", ...preview.rule, insurance: "none" }), { params });
    expect(again.status).toBe(409);
    const back = (await again.json()) as Preview;
    expect(back.rows.map((r) => r.conflict)).toEqual([null, "taken", null, null]);
    expect(back.message).toContain("Visit 2 of 4");
    expect(back.rows[1].alternatives.length).toBeGreaterThan(0);
    expect(await db().db.select().from(appointments).where(eq(appointments.patientId, patient.id))).toHaveLength(0);

    // Skipping it books the other three, positions 1–3.
    const booked = await callRoute(seriesAction, post(staff.cookie, { intent: "confirm", ...back.rule, v2: "skip", insurance: "none" }), { params });
    expect(booked.status).toBe(303);
    const visits = await db().db.select().from(appointments).where(and(eq(appointments.patientId, patient.id), isNotNull(appointments.seriesId))).orderBy(asc(appointments.startsAt));
    expect(visits.map((v) => [localDayKey(v.startsAt, TZ), v.seriesPosition])).toEqual([
      [day, 1],
      [addDays(day, 14), 2],
      [addDays(day, 21), 3],
    ]);
  });

  it("refuses a bad rule with a message per field and the values kept: every 0, 25 visits, a last day past or two years on", async () => {
    const { staff, params, day } = await setUp();
    const cases: [Record<string, string>, string, string][] = [
      [{ every: "0" }, "every", "Every 1 to 26 weeks"],
      [{ every: "13", unit: "months" }, "every", "Every 1 to 12 months"],
      [{ count: "25" }, "count", "2 to 24 visits"],
      [{ ends: "until", count: "", until: addDays(day, -1) }, "until", "after the first visit"],
      [{ ends: "until", count: "", until: addDays(day, 800) }, "until", "at most two years"],
      [{ day: "2020-01-07" }, "day", "already past"],
      [{ time: "9am" }, "time", "Enter the time"],
    ];
    for (const [fields, field, words] of cases) {
      const answer = await previewOf(staff.cookie, params, { day, ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      const body = await answer.json();
      expect(body.error[field]?.[0], JSON.stringify(fields)).toContain(words);
      expect(body.initialValue).toMatchObject({ day: fields.day ?? day, ...fields });
    }
  });

  it("a squeeze-in over a conflict: the front desk's post refused (403), a manager's booked with the reason", async () => {
    const { slug, staff: desk, providerIds, params, day, patient } = await setUp();
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const [kept] = providerIds;
    // Other patients have the kept provider at the first and last visits' times.
    const wanted = [0, 21].map((d) => localTimeAt(addDays(day, d)));
    for (const startsAt of wanted) expect((await bookAppointment(db().db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt, providerId: kept, patient: patientInput(), needsInsurance: false, details: {} })).ok).toBe(true);
    const preview = (await (await previewOf(manager.cookie, params, { day, provider: String(kept) })).json()) as Preview;
    expect(preview.rows.map((r) => r.conflict)).toEqual(["taken", null, null, "taken"]);
    const deskTry = await callRoute(seriesAction, post(desk.cookie, { intent: "confirm", ...preview.rule, v1: "force", v4: "skip", reason: "emergency", insurance: "none" }), { params });
    expect(deskTry.status).toBe(403);
    const noReason = await callRoute(seriesAction, post(manager.cookie, { intent: "confirm", ...preview.rule, v1: "force", v4: "skip", insurance: "none" }), { params });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).error.reason[0]).toContain("why");
    expect(await db().db.select().from(appointments).where(eq(appointments.patientId, patient.id))).toHaveLength(0);
    const booked = await callRoute(seriesAction, post(manager.cookie, { intent: "confirm", ...preview.rule, v1: "force", v4: "skip", reason: "provider_asked", insurance: "none" }), { params });
    expect(booked.status).toBe(303);
    const visits = await db().db.select().from(appointments).where(eq(appointments.patientId, patient.id)).orderBy(asc(appointments.startsAt));
    expect(visits.map((v) => [v.seriesPosition, v.providerId, v.squeezeReason, v.startsAt.getTime()])).toEqual([
      [1, kept, "Provider asked", wanted[0].getTime()],
      [2, kept, null, localTimeAt(addDays(day, 7)).getTime()],
      [3, kept, null, localTimeAt(addDays(day, 14)).getTime()],
    ]);
  });
});

/** 10:00 AM on a New York day. */
function localTimeAt(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(instantOfWall(Date.UTC(y, m - 1, d, 10, 0), TZ).instant);
}
