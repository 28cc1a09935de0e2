// Availability that staff shape (issue 18 C, decision 023) on PGlite and PostgreSQL: who may (managers of the
// studio, admins; the front desk and other studios get the 404), what is refused (overlapping hours, time off that
// ends before it starts, a price below zero: 400, a message per field, values kept), what a change does (one
// transaction: the rows, the audit line with before/after, the revision bump), that a closure or time off over a
// booked visit keeps it and lists it "to move", and that the times page's caches hear of every change at once.
import { and, desc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { studioDay } from "~/console/day.server";
import type { Db } from "~/db/client.server";
import { appointments, auditLog, catalogueRevision, providerHours, services, studioClosures } from "~/db/schema";
import { loader as availabilityLoader } from "~/routes/staff+/availability";
import { action as closuresAction, loader as closuresLoader } from "~/routes/staff+/studios.$slug.closures";
import { loader as hoursLoader } from "~/routes/staff+/studios.$slug.hours";
import { action as hoursAction, loader as hoursEditLoader } from "~/routes/staff+/studios.$slug.hours_.$providerId";
import { action as timeOffAction, loader as timeOffLoader } from "~/routes/staff+/studios.$slug.time-off";
import { loader as servicesLoader } from "~/routes/staff+/services";
import { action as serviceAction, loader as serviceEditLoader } from "~/routes/staff+/services_.$code";
import { bookAppointment } from "~/scheduling/book.server";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { findSlots } from "~/scheduling/slots.server";
import { namedFederalHolidays, usFederalHolidays } from "~/rules/holidays";
import { addDays, instantOfWall, localMidnight, localToday } from "~/rules/zoned-time";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { signedInStaff } from "../helpers/staff";

const ORIGIN = "http://localhost:3000";
const TZ = "America/New_York";
const get = (cookie: string, path = "/staff") => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
const post = (cookie: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return new Request(`${ORIGIN}/staff`, { method: "POST", body, headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } });
};
type Rejected = { initialValue: Record<string, unknown>; error: Record<string, string[]> };

/**
 * A studio-local day `n` days ahead, always a working day (no weekend, no federal holiday: issue 43) at least 2 days
 * out, and its local hours (the wall clock's, on a daylight-saving change day too).
 */
function dayAhead(n: number) {
  let day = addDays(localToday(new Date(), TZ), n);
  const closed = (d: string) => [0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()) || usFederalHolidays(Number(d.slice(0, 4))).includes(d);
  while (closed(day)) day = addDays(day, 1);
  const [y, m, d] = day.split("-").map(Number);
  return { day, at: (hour: number) => new Date(instantOfWall(Date.UTC(y!, m! - 1, d!, hour), TZ).instant) };
}

async function book(db: Db, slug: string, startsAt: Date) {
  const outcome = await bookAppointment(db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt, patient: patientInput(), needsInsurance: false, details: {} });
  if (!outcome.ok) throw new Error(`booking failed: ${outcome.code}`);
  return outcome.appointment;
}

/** The cleaning times offered on a day, read as the times page reads them (its caches on). */
async function offered(db: Db, slug: string, day: string) {
  const studio = (await getBookableStudio(db, slug))!;
  const service = (await getService(db, "CLNCHK"))!;
  const slots = await findSlots(db, studio, service, { from: localMidnight(day, TZ), to: localMidnight(addDays(day, 1), TZ), now: new Date() }, { cacheBlocked: true });
  return slots.map((s) => s.startsAt.toISOString());
}

const revision = async (db: Db) => (await db.select().from(catalogueRevision))[0]!.revision;

describeEachEngine("console availability", ({ db }) => {
  it("the front desk gets the 404 on every availability page and action; a manager only for their own studios", async () => {
    const a = await createStudioWithProviders(db().db);
    const b = await createStudioWithProviders(db().db);
    const desk = await signedInStaff(db().db, "front_desk", [a.slug]);
    const manager = await signedInStaff(db().db, "manager", [a.slug]);
    const provider = String(a.providerIds[0]);
    const cases: [unknown, Record<string, string>][] = [
      [hoursLoader, { slug: a.slug }],
      [hoursEditLoader, { slug: a.slug, providerId: provider }],
      [hoursAction, { slug: a.slug, providerId: provider }],
      [timeOffLoader, { slug: a.slug }],
      [timeOffAction, { slug: a.slug }],
      [closuresLoader, { slug: a.slug }],
      [closuresAction, { slug: a.slug }],
      [servicesLoader, {}],
      [serviceEditLoader, { code: "CLNCHK" }],
      [availabilityLoader, {}],
    ];
    for (const [fn, params] of cases) {
      const answer = await callRoute(fn, fn === hoursAction || fn === timeOffAction || fn === closuresAction ? post(desk.cookie, { day: dayAhead(3).day, reason: "x" }) : get(desk.cookie), { params });
      expect(answer.status, JSON.stringify(params)).toBe(404);
    }
    expect(await db().db.select().from(studioClosures).where(eq(studioClosures.studioSlug, a.slug))).toEqual([]);
    // The manager of studio a: their pages open; studio b's and a provider of b's do not exist for them.
    expect((await callRoute(hoursLoader, get(manager.cookie), { params: { slug: a.slug } })).status).toBe(200);
    expect((await callRoute(closuresLoader, get(manager.cookie), { params: { slug: b.slug } })).status).toBe(404);
    expect((await callRoute(hoursEditLoader, get(manager.cookie), { params: { slug: a.slug, providerId: String(b.providerIds[0]) } })).status).toBe(404);
    expect((await callRoute(closuresAction, post(manager.cookie, { day: dayAhead(3).day, reason: "Snow" }), { params: { slug: b.slug } })).status).toBe(404);
    // Services are one list for the chain: a manager reads it, only an admin changes it.
    expect((await callRoute(servicesLoader, get(manager.cookie))).status).toBe(200);
    expect((await callRoute(serviceEditLoader, get(manager.cookie), { params: { code: "CLNCHK" } })).status).toBe(404);
    const admin = await signedInStaff(db().db, "admin");
    expect((await callRoute(hoursLoader, get(admin.cookie), { params: { slug: b.slug } })).status).toBe(200);
    expect((await callRoute(availabilityLoader, get(admin.cookie, `/staff/availability?studio=${b.slug}&page=closures`))).headers.get("location")).toBe(`/staff/studios/${b.slug}/closures`);
  });

  it("overlapping hours are refused per day with the values kept; a saved week moves the offered times at once, audited", async () => {
    const { slug, providerIds } = await createStudioWithProviders(db().db);
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const { day, at } = dayAhead(4);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const field = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][weekday]!;
    const before = await offered(db().db, slug, day);
    expect(before[0]).toBe(at(8).toISOString());
    const params = { slug, providerId: String(providerIds[0]) };
    const overlap = await callRoute(hoursAction, post(manager.cookie, { [field]: "8:00 AM–12:00 PM, 11:00 AM–5:00 PM", sunday: "9-5" }), { params });
    expect(overlap.status).toBe(400);
    const rejected = (await overlap.json()) as Rejected;
    expect(rejected.error[field]![0]).toMatch(/11:00 AM–5:00 PM overlaps 8:00 AM–12:00 PM/);
    expect(rejected.initialValue[field]).toBe("8:00 AM–12:00 PM, 11:00 AM–5:00 PM");
    expect(rejected.initialValue.sunday).toBe("9-5");
    const revisionBefore = await revision(db().db);
    const saved = await callRoute(hoursAction, post(manager.cookie, { [field]: "1:00 PM–4:00 PM" }), { params });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/staff/studios/${slug}/hours?saved=${providerIds[0]}`);
    expect(await revision(db().db)).toBe(revisionBefore + 1);
    const after = await offered(db().db, slug, day);
    expect(after[0]).toBe(at(13).toISOString());
    expect(after.at(-1)).toBe(at(15).toISOString());
    const rows = await db().db.select().from(providerHours).where(eq(providerHours.providerId, providerIds[0]!));
    expect(rows.map((r) => [r.weekday, r.startMinute, r.endMinute])).toEqual([[weekday, 780, 960]]);
    const [line] = await db().db.select().from(auditLog).where(and(eq(auditLog.action, "availability.hours"), eq(auditLog.studioSlug, slug)));
    expect(line).toMatchObject({ actor: "staff", staffEmail: manager.email });
    expect((line!.before as { hours: Record<string, string> }).hours[String(weekday)]).toBe("8:00 AM–6:00 PM");
    expect((line!.after as { hours: Record<string, string> }).hours[String(weekday)]).toBe("1:00 PM–4:00 PM");
    // The database refuses an overlap whoever writes it (provider_hours_no_overlap).
    await expect(db().db.insert(providerHours).values({ providerId: providerIds[0]!, weekday, startMinute: 900, endMinute: 1000 })).rejects.toThrow();
  });

  it("a closure over a booked visit keeps it, lists it to move on the day, says how many on its confirmation, and empties the day's times", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const { day, at } = dayAhead(5);
    const visit = await book(db().db, slug, at(10));
    expect((await offered(db().db, slug, day)).length).toBeGreaterThan(0);
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const params = { slug };
    // Refused: no reason, a day gone by, a federal holiday, nonsense.
    const noReason = await callRoute(closuresAction, post(manager.cookie, { day, reason: "" }), { params });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as Rejected).error.reason![0]).toMatch(/Say why/);
    const past = await callRoute(closuresAction, post(manager.cookie, { day: addDays(localToday(new Date(), TZ), -1), reason: "Snow" }), { params });
    expect(((await past.json()) as Rejected).error.day![0]).toMatch(/passed/);
    const thanksgiving = namedFederalHolidays(Number(day.slice(0, 4)) + 1).find((h) => h.name === "Thanksgiving Day")!.day;
    const holiday = await callRoute(closuresAction, post(manager.cookie, { day: thanksgiving, reason: "Snow" }), { params });
    expect(((await holiday.json()) as Rejected).error.day![0]).toMatch(/already close that day \(Thanksgiving Day\)/);
    expect((await callRoute(closuresAction, post(manager.cookie, { day: "tomorrow", reason: "Snow" }), { params })).status).toBe(400);

    const added = await callRoute(closuresAction, post(manager.cookie, { day, reason: "Snow day" }), { params });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(`/staff/studios/${slug}/closures?added=${day}`);
    expect(await offered(db().db, slug, day)).toEqual([]);
    const [row] = await db().db.select().from(appointments).where(eq(appointments.id, visit.id));
    expect(row!.status).toBe("CONFIRMED");
    const confirmation = (await (await callRoute(closuresLoader, get(manager.cookie, `/staff/studios/${slug}/closures?added=${day}`), { params })).json()) as {
      added: { total: number; href: string };
      days: { day: string; what: string; holiday: boolean }[];
    };
    expect(confirmation.added).toMatchObject({ total: 1, href: `/staff/studios/${slug}/day/${day}` });
    expect(confirmation.days).toContainEqual(expect.objectContaining({ day, what: "Snow day", holiday: false }));
    expect(confirmation.days.some((d) => d.holiday)).toBe(true);
    const page = await studioDay(db().db, { slug, tz: TZ }, day);
    expect(page.toMove.map((v) => [v.id, v.reason])).toEqual([[visit.id, "Studio closed: Snow day"]]);
    // Booking the day now is refused by the booking transaction itself.
    await expect(book(db().db, slug, at(14))).rejects.toThrow(/availability_conflict/);
    const twice = await callRoute(closuresAction, post(manager.cookie, { day, reason: "Again" }), { params });
    expect(((await twice.json()) as Rejected).error.day![0]).toMatch(/already closed/);
    const [line] = await db().db.select().from(auditLog).where(and(eq(auditLog.action, "availability.closure_add"), eq(auditLog.studioSlug, slug)));
    expect(line!.after).toMatchObject({ day, reason: "Snow day", visitsToMove: 1 });
    // Reopened: the times come back at once.
    const [closure] = await db().db.select().from(studioClosures).where(eq(studioClosures.studioSlug, slug));
    expect((await callRoute(closuresAction, post(manager.cookie, { intent: "remove", id: String(closure!.id) }), { params })).status).toBe(303);
    expect((await offered(db().db, slug, day)).length).toBeGreaterThan(0);
  });

  it("time off that ends before it starts is refused; time off over a visit keeps it, lists it to move and hides the provider's times", async () => {
    const { slug, providerIds } = await createStudioWithProviders(db().db);
    const { day, at } = dayAhead(6);
    const visit = await book(db().db, slug, at(9));
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const params = { slug };
    const base = { provider: String(providerIds[0]), startDate: day, endDate: "", reason: "Dentist appointment" };
    const backwards = await callRoute(timeOffAction, post(manager.cookie, { ...base, startTime: "15:00", endTime: "13:00" }), { params });
    expect(backwards.status).toBe(400);
    const refused = (await backwards.json()) as Rejected;
    expect(refused.error.endTime).toEqual(["The time off must end after it starts."]);
    expect(refused.initialValue).toMatchObject({ startTime: "15:00", endTime: "13:00", reason: "Dentist appointment" });
    const beforeDay = await callRoute(timeOffAction, post(manager.cookie, { ...base, endDate: addDays(day, -1), startTime: "", endTime: "" }), { params });
    expect(((await beforeDay.json()) as Rejected).error.endDate).toEqual(["The time off must end after it starts."]);
    const nobody = await callRoute(timeOffAction, post(manager.cookie, { ...base, provider: "999999", startTime: "", endTime: "" }), { params });
    expect(((await nobody.json()) as Rejected).error.provider![0]).toMatch(/Choose whose/);

    const added = await callRoute(timeOffAction, post(manager.cookie, { ...base, startTime: "08:00", endTime: "12:00" }), { params });
    expect(added.status).toBe(303);
    const location = added.headers.get("location")!;
    const times = await offered(db().db, slug, day);
    expect(times[0]).toBe(at(12).toISOString()); // the morning is gone, the afternoon stays
    const [row] = await db().db.select().from(appointments).where(eq(appointments.id, visit.id));
    expect(row!.status).toBe("CONFIRMED");
    const confirmation = (await (await callRoute(timeOffLoader, get(manager.cookie, location), { params })).json()) as { added: { total: number; days: { href: string; count: number }[] } };
    expect(confirmation.added.total).toBe(1);
    expect(confirmation.added.days).toEqual([expect.objectContaining({ href: `/staff/studios/${slug}/day/${day}`, count: 1 })]);
    const page = await studioDay(db().db, { slug, tz: TZ }, day);
    expect(page.toMove.map((v) => [v.id, v.reason])).toEqual([[visit.id, "Provider off"]]);
    const [line] = await db().db.select().from(auditLog).where(and(eq(auditLog.action, "availability.time_off_add"), eq(auditLog.studioSlug, slug)));
    expect(line!.after).toMatchObject({ reason: "Dentist appointment", visitsToMove: 1 });
  });

  it("garbage in any field is a 400 with the form again, never a 500", async () => {
    const { slug, providerIds } = await createStudioWithProviders(db().db);
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const admin = await signedInStaff(db().db, "admin");
    // Real days outside the calendar's years too: year 0000 is no date to PostgreSQL, the day after 9999-12-31 none to JavaScript.
    const junk = ["2027-13-45", "9999-99-99", "-1", "x".repeat(400), "25:99", "\u0000", "0000-01-01", "9999-12-31"];
    for (const v of junk) {
      const answers = [
        await callRoute(hoursAction, post(manager.cookie, { monday: v, tuesday: `${v}-${v}` }), { params: { slug, providerId: String(providerIds[0]) } }),
        await callRoute(timeOffAction, post(manager.cookie, { provider: v, startDate: v, startTime: v, endDate: v, endTime: v, reason: v }), { params: { slug } }),
        await callRoute(timeOffAction, post(manager.cookie, { provider: String(providerIds[0]), startDate: v, endDate: "" }), { params: { slug } }),
        await callRoute(closuresAction, post(manager.cookie, { day: v, reason: v }), { params: { slug } }),
        await callRoute(serviceAction, post(admin.cookie, { durationMinutes: v, price: v, roles: [v] }), { params: { code: "IMPCON" } }),
      ];
      expect(answers.map((a) => a.status), JSON.stringify(v)).toEqual([400, 400, 400, 400, 400]);
    }
    // A valid post but for a NUL in the reason (PostgreSQL refuses it in text).
    const { day } = dayAhead(9);
    expect((await callRoute(closuresAction, post(manager.cookie, { day, reason: "Snow\u0000" }), { params: { slug } })).status).toBe(400);
    expect((await callRoute(timeOffAction, post(manager.cookie, { provider: String(providerIds[0]), startDate: day, reason: "Off\u0000" }), { params: { slug } })).status).toBe(400);
    const removeJunk = await callRoute(closuresAction, post(manager.cookie, { intent: "remove", id: "abc" }), { params: { slug } });
    expect(removeJunk.status).toBe(404);
  });

  it("a service's length and price: a price below zero and a silly length are refused, a saved one reaches the booking at once", async () => {
    const admin = await signedInStaff(db().db, "admin");
    const params = { code: "IMPCON" };
    const bad = await callRoute(serviceAction, post(admin.cookie, { durationMinutes: "3", price: "-10", roles: ["dentist"] }), { params });
    expect(bad.status).toBe(400);
    const refused = (await bad.json()) as Rejected;
    expect(refused.error.price).toEqual(["The price can’t be below zero."]);
    expect(refused.error.durationMinutes).toEqual(["A visit lasts at least 5 minutes."]);
    expect(refused.initialValue).toMatchObject({ durationMinutes: "3", price: "-10" });
    const none = await callRoute(serviceAction, post(admin.cookie, { durationMinutes: "45", price: "120" }), { params });
    expect(((await none.json()) as Rejected).error.roles![0]).toMatch(/at least one/);
    expect((await getService(db().db, "IMPCON"))!.durationMinutes).toBe(30); // cached by this process
    const saved = await callRoute(serviceAction, post(admin.cookie, { durationMinutes: "45", price: "$120.50", roles: ["dentist", "orthodontist"] }), { params });
    expect(saved.status).toBe(303);
    expect(await getService(db().db, "IMPCON")).toMatchObject({ durationMinutes: 45, priceCents: 12050, providerRoles: ["dentist", "orthodontist"] });
    const [line] = await db().db.select().from(auditLog).where(eq(auditLog.action, "availability.service")).orderBy(desc(auditLog.id)).limit(1);
    expect(line).toMatchObject({ before: { code: "IMPCON", durationMinutes: 30, priceCents: 9900 }, after: { code: "IMPCON", durationMinutes: 45, priceCents: 12050 } });
    // The database refuses a price below zero whoever writes it (services_price_not_negative).
    await expect(db().db.update(services).set({ priceCents: -1 }).where(eq(services.code, "IMPCON"))).rejects.toThrow();
    await db().db.update(services).set({ durationMinutes: 30, priceCents: 9900, providerRoles: ["dentist"] }).where(eq(services.code, "IMPCON"));
  });
});
