// Each staff member's calendar feed (issue 38 F, decision 074) on PGlite and PostgreSQL, through the routes: a secret
// .ics URL made on /staff/account, read by ical.js and libical, with first name, service, studio and time only (no
// surname, nothing of health), cancelled visits as STATUS:CANCELLED; a new URL kills the old at once, "stop" kills it;
// a studio's feed only for managers; only the token's hash stored; the fetches rate limited.
import { randomBytes } from "node:crypto";
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { appointments, patients, staff, staffCalendarFeeds } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { action as accountAction, loader as accountLoader } from "~/routes/staff+/account";
import { loader as feedLoader } from "~/routes/calendar.staff.$feed";
import { localTimeAhead } from "../fixtures/clock";
import { createStudioWithProviders } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { signedInStaff } from "../helpers/staff";
import { libicalRead } from "../standards/libical";

const ORIGIN = "http://localhost:3000";
const post = (cookie: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}/staff/account`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } });
const fetchFeed = (url: string) => {
  const feed = new URL(url).pathname.split("/").at(-1)!;
  return callRoute(feedLoader, new Request(url), { params: { feed } });
};

describeEachEngine("staff calendar feeds", ({ db }) => {
  async function bookedStudio() {
    const { slug, providerIds } = await createStudioWithProviders(db().db);
    const surname = `Quixley${randomBytes(3).toString("hex")}`;
    const visits = [];
    for (const [i, time] of ["09:00", "11:00"].entries()) {
      const booked = await bookAppointment(db().db, {
        studioSlug: slug,
        serviceCode: "CLNCHK",
        startsAt: localTimeAhead(2, time),
        patient: { email: `feed-${i}-${randomBytes(3).toString("hex")}@example.com`, firstName: i ? "Ana" : "Bo", lastName: surname, phone: "6175550142", dateOfBirth: "1970-01-02", preferences: [{ name: "anxiety" }] },
        needsInsurance: false,
        details: { symptoms: "Throbbing molar pain" },
      });
      if (!booked.ok) throw new Error(booked.code);
      visits.push(booked.appointment);
    }
    await db().db.update(appointments).set({ status: "CANCELLED", sequence: 1 }).where(eq(appointments.id, visits[1]!.id));
    return { slug, providerId: providerIds[0]!, surname, visits };
  }

  async function makeFeed(cookie: string, target: string) {
    const res = await callRoute(accountAction, post(cookie, { intent: "feed", target }));
    return { status: res.status, body: (await res.json()) as { feedUrl?: string } };
  }

  it("a provider's feed: valid by ical.js and libical, first name, service, studio and time only, the cancelled visit as CANCELLED; a new URL kills the old, stop kills it", async () => {
    const { slug, providerId, surname, visits } = await bookedStudio();
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const page = (await (await callRoute(accountLoader, new Request(`${ORIGIN}/staff/account`, { headers: { Cookie: desk.cookie } }))).json()) as { calendar: { targets: { value: string }[] } };
    expect(page.calendar.targets.map((t) => t.value)).toEqual([`provider-${providerId}`]); // no studio feed for the front desk
    const made = await makeFeed(desk.cookie, `provider-${providerId}`);
    expect(made.status).toBe(200);
    const url = made.body.feedUrl!;
    expect(url).toMatch(/\/calendar\/staff\/[A-Za-z0-9_-]{43}\.ics$/);
    const token = url.split("/").at(-1)!.replace(".ics", "");
    const [row] = await db().db.select().from(staffCalendarFeeds).where(eq(staffCalendarFeeds.staffId, desk.id));
    expect(row!.tokenHash).not.toContain(token);

    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const ics = await res.text();
    // ical.js
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(2);
    const byStart = events.map((e) => ({ summary: String(e.getFirstPropertyValue("summary")), status: String(e.getFirstPropertyValue("status")), start: (e.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().getTime(), seq: Number(e.getFirstPropertyValue("sequence")) }));
    expect(byStart).toEqual([
      { summary: "Bo: Checkup & cleaning", status: "CONFIRMED", start: visits[0]!.startsAt.getTime(), seq: 0 },
      { summary: "Ana: Checkup & cleaning", status: "CANCELLED", start: visits[1]!.startsAt.getTime(), seq: 1 },
    ]);
    for (const e of events) for (const name of ["uid", "dtstamp", "dtend", "location", "organizer"]) expect(e.hasProperty(name)).toBe(true);
    expect(ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    // libical
    expect(libicalRead(ics)).toEqual({ parsed: true, restrictionsOk: true, errors: 0, events: 2, problems: [] });
    // Nothing that names or describes the patient's health.
    for (const secret of [surname, "Throbbing", "molar", "anxiety", "6175550142", "1970", "feed-0-", "feed-1-"]) expect(ics).not.toContain(secret);

    // A new URL: the old one is dead at once; the new one works. Stop: dead.
    const again = await makeFeed(desk.cookie, `provider-${providerId}`);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await fetchFeed(again.body.feedUrl!)).status).toBe(200);
    const [current] = await db().db.select().from(staffCalendarFeeds).where(eq(staffCalendarFeeds.staffId, desk.id));
    const stopped = await callRoute(accountAction, post(desk.cookie, { intent: "feed-stop", id: String(current!.id) }));
    expect(stopped.status).toBe(200);
    expect((await fetchFeed(again.body.feedUrl!)).status).toBe(404);
    expect((await fetchFeed(`${ORIGIN}/calendar/staff/not-a-token.ics`)).status).toBe(404);
  });

  it("a studio's feed for a manager, never for the front desk's crafted post; a disabled member's feed dies; fetches are limited", async () => {
    const { slug } = await bookedStudio();
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const refused = await makeFeed(desk.cookie, `studio-${slug}`);
    expect(refused.status).toBe(400);
    expect(await db().db.select().from(staffCalendarFeeds).where(eq(staffCalendarFeeds.staffId, desk.id))).toHaveLength(0);
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const made = await makeFeed(manager.cookie, `studio-${slug}`);
    expect(made.status).toBe(200);
    const ics = await (await fetchFeed(made.body.feedUrl!)).text();
    expect(libicalRead(ics)).toMatchObject({ parsed: true, errors: 0, events: 2 });
    let limited = 0;
    for (let i = 0; i < 125 && !limited; i++) if ((await fetchFeed(made.body.feedUrl!)).status === 429) limited = i;
    expect(limited).toBeGreaterThan(100);
    await db().db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, manager.id));
    expect((await fetchFeed(made.body.feedUrl!)).status).toBe(404);
    // The patients' rows are untouched by a feed (read only).
    expect((await db().db.select().from(patients).where(eq(patients.firstName, "Ana"))).length).toBeGreaterThan(0);
  });
});
