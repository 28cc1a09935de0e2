/**
 * Two guarantees that once broke silently, through the real loaders and actions:
 * - the double-click attempt id is scoped to the patient: another patient posting the same attempt id
 *   gets a conflict, never the first patient's visit;
 * - a Central-time studio (east-nashville) shows Central time end to end: the times page, the review,
 *   the visit page, the confirmation email and the .ics file.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";
import { tellVisitChanges } from "../helpers/visit-notices";

process.env.SESSION_SECRET = "scope-zone-test-secret-0123456789-abcdefgh";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "scope-zone-"));
delete process.env.NASHVILLE_CC_REQUIRED;

const { describeEachEngine } = await import("../helpers/db");
const { createStudioWithProviders } = await import("../fixtures/factories");
const { completeState } = await import("../fixtures/booking-states");
const { bookingCookie } = await import("~/booking/step.server");
const { emailOutbox } = await import("~/db/schema");
const { formatSlotTime } = await import("~/scheduling/availability");
const { DEMO_WEEKLY_HOURS } = await import("~/db/catalogue");
const timesRoute = await import("~/routes/booking+/times");
const confirmationRoute = await import("~/routes/booking+/confirmation");
const confirmedRoute = await import("~/routes/booking+/confirmed.$token");
const icsRoute = await import("~/routes/booking+/confirmed.$token.calendar[.ics]");

type BookingState = import("~/booking/state").BookingState;
type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
const ORIGIN = "http://localhost";
function call(fn: Fn, request: Request, params: Record<string, string> = {}): Promise<Response> {
  return callRoute(fn, request, { params });
}
const get = (fn: Fn, url: string, cookie?: string, params?: Record<string, string>) =>
  call(fn, new Request(ORIGIN + url, { headers: cookie ? { Cookie: cookie } : {} }), params);
const post = (fn: Fn, url: string, fields: Record<string, string>, cookie: string) =>
  call(fn, new Request(ORIGIN + url, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" } }));
const cookieFor = async (state: BookingState) => (await bookingCookie().serialize(state)).split(";")[0];
type TimesPage = { days: { heading: string; slots: { value: string }[] }[] };
const withSlot = (state: BookingState, startsAt: string): BookingState => ({ ...state, slot: { startsAt, endsAt: new Date(new Date(startsAt).getTime() + 3600_000).toISOString() } });

describeEachEngine("booking guarantees", ({ db }) => {
  it("an attempt id is the patient's own: another patient reusing it gets a conflict, never the first visit", async () => {
    const { slug } = await createStudioWithProviders(db().db); // one provider: the second post cannot be booked
    const base = { ...completeState("cleaning"), studio: slug };
    const times = (await (await get(timesRoute.loader as Fn, "/booking/times", await cookieFor(base))).json()) as TimesPage;
    const startsAt = times.days[0].slots[0].value;
    const attempt = "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";

    const first = await post(confirmationRoute.action as Fn, "/booking/confirmation", { attempt }, await cookieFor(withSlot({ ...base, email: "first.patient@example.com" }, startsAt)));
    expect(first.status).toBe(303);
    const visit = first.headers.get("location")!;
    expect(visit).toMatch(/^\/booking\/confirmed\//);

    // Someone else, same slot, same attempt id (copied from the first patient's page, or guessed).
    const other = await post(confirmationRoute.action as Fn, "/booking/confirmation", { attempt }, await cookieFor(withSlot({ ...base, email: "someone.else@example.com" }, startsAt)));
    expect(other.headers.get("location") ?? "").not.toBe(visit);
    expect(other.headers.get("location") ?? "").not.toMatch(/^\/booking\/confirmed\//);
    expect([303, 409]).toContain(other.status);
    if (other.status === 303) expect(other.headers.get("location")).toBe("/booking/times?conflict=1");
  });

  it("a Central-time studio shows Central time on the times page, the review, the visit page, the email and the .ics", async () => {
    const state: BookingState = { ...completeState("cleaning"), market: "nashville", studio: "east-nashville", email: "central.time@example.com" };
    // Next week, so the day's first time is the studio's opening time whatever the hour the test runs at.
    const times = (await (await get(timesRoute.loader as Fn, "/booking/times?week=1", await cookieFor(state))).json()) as TimesPage;
    const day = times.days[0];
    const startsAt = day.slots[0].value;
    const start = new Date(startsAt);
    const central = formatSlotTime(start, "America/Chicago");
    const eastern = formatSlotTime(start, "America/New_York");
    const zone = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", timeZoneName: "short" }).formatToParts(start).find((p) => p.type === "timeZoneName")!.value;
    expect(["CST", "CDT"]).toContain(zone);
    expect(central).not.toBe(eastern);
    // Studio hours are Central wall time: the first time of the day is the opening time there (8:00, 9:00 or 10:00),
    // not an Eastern opening shifted by an hour.
    const wall = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", weekday: "short", hour: "numeric", minute: "numeric", hourCycle: "h23" })
        .formatToParts(start)
        .map((p) => [p.type, p.value]),
    );
    const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(wall.weekday);
    const opening = DEMO_WEEKLY_HOURS.find((h) => h.weekday === weekday)!.startMinute;
    expect(Number(wall.hour) * 60 + Number(wall.minute)).toBe(opening);

    expect(day.heading).toContain(`(${zone})`);
    expect(JSON.stringify(day.slots[0])).toContain(central);

    const chosen = await cookieFor(withSlot(state, startsAt));
    const review = JSON.stringify(await (await get(confirmationRoute.loader as Fn, "/booking/confirmation", chosen)).json());
    expect(review).toContain(`${central} ${zone}`);
    expect(review).not.toContain(eastern);

    const booked = await post(confirmationRoute.action as Fn, "/booking/confirmation", {}, chosen);
    expect(booked.status).toBe(303);
    const token = booked.headers.get("location")!.split("/")[3].split("?")[0];

    const page = JSON.stringify(await (await get(confirmedRoute.loader as Fn, `/booking/confirmed/${token}`, undefined, { token })).json());
    expect(page).toContain(central);
    expect(page).toContain(zone);
    expect(page).not.toContain(eastern);

    await tellVisitChanges(db().db);
    const [mail] = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, "central.time@example.com")).orderBy(desc(emailOutbox.id));
    expect(mail.text).toContain(central);
    expect(mail.text).toContain(zone);
    expect(mail.text).not.toContain(eastern);

    const ics = await (await get(icsRoute.loader as Fn, `/booking/confirmed/${token}/calendar.ics`, undefined, { token })).text();
    const local = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .format(start)
      .replace(/[-:]/g, "")
      .replace(", ", "T");
    expect(ics).toContain(`DTSTART;TZID=America/Chicago:${local}`);
  });
});
