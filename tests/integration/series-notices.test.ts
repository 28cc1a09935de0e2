// A series booked sends ONE email and ONE text (issue 39, decision 076), on PGlite and PostgreSQL: the email lists
// every visit ("1 of 8 — …") with the studio and the service and links the series' calendar file; that file (one
// VEVENT per visit, each with the UID and SEQUENCE of the visit's own file, all RELATED-TO the series) is sound by
// ical.js and libical; told once however many consumers run; a visit moved later gets its own email and file saying
// "visit 3 of 8", and the series' file follows it.
import ICAL from "ical.js";
import { asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { appointments, emailOutbox, smsOutbox, visitSeries } from "~/db/schema";
import { usFederalHolidays } from "~/rules/holidays";
import { addDays, instantOfWall, localDayKey } from "~/rules/zoned-time";
import { bookSeries } from "~/scheduling/book.server";
import { rescheduleVisit } from "~/scheduling/visit-changes.server";
import { loader as seriesCalendar } from "~/routes/booking+/series.$token.calendar[.ics]";
import { localTimeAhead } from "../fixtures/clock";
import { createPatient, createStudioWithProviders } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { tellVisitChanges } from "../helpers/visit-notices";
import { icsFacts, icsProblems } from "../standards/ics";
import { libicalRead } from "../standards/libical";

const TZ = "America/New_York";
const COUNT = 8;

/** A 10:00 AM at least 3 days out whose next 7 weeks hold no federal holiday. */
function firstVisit(): Date {
  for (let ahead = 3; ; ahead++) {
    const at = localTimeAhead(ahead, "10:00");
    const day = localDayKey(at, TZ);
    const days = Array.from({ length: COUNT }, (_, i) => addDays(day, 7 * i));
    if (!days.some((d) => usFederalHolidays(Number(d.slice(0, 4))).includes(d))) return at;
  }
}

const fileOf = async (token: string) => callRoute(seriesCalendar, new Request(`http://localhost:3000/booking/series/${token}/calendar.ics`), { params: { token } });

describeEachEngine("a series' notices", ({ db }) => {
  it("one email listing the 8 visits with the series' calendar link, one text; the series' file sound in ical.js and libical; a visit moved later says '3 of 8'", async () => {
    const d = db().db;
    const { slug } = await createStudioWithProviders(d, { roles: ["hygienist"] });
    const patient = await createPatient(d, { firstName: "Maya", phone: "6175550142" });
    const first = firstVisit();
    const outcome = await bookSeries(
      d,
      {
        studioSlug: slug,
        serviceCode: "CLNCHK",
        patientId: patient.id,
        patient: { email: patient.email, firstName: "Maya", lastName: patient.lastName, phone: "6175550142", dateOfBirth: "1990-05-01", preferences: [] },
        needsInsurance: false,
        details: {},
        smsConsent: true,
        channel: "phone",
      },
      // Weekly at 10:00 AM New York time.
      { every: 1, unit: "weeks", localMinute: 600, providerId: null, visits: Array.from({ length: COUNT }, (_, i) => ({ startsAt: tenAm(addDays(localDayKey(first, TZ), 7 * i)) })) },
    );
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    if (!outcome.ok) return;
    const visits = await d.select().from(appointments).where(eq(appointments.seriesId, outcome.series.id)).orderBy(asc(appointments.seriesPosition));
    expect(visits).toHaveLength(COUNT);

    // Two consumers at once (two processes' jobs): the series is told once.
    await Promise.all([tellVisitChanges(d), tellVisitChanges(d)]);
    await tellVisitChanges(d);
    const emails = await d.select().from(emailOutbox).where(eq(emailOutbox.to, patient.email));
    expect(emails.map((e) => e.subject)).toEqual([expect.stringContaining(`your ${COUNT} visits for`)]);
    const [email] = emails;
    for (const [i, v] of visits.entries()) {
      expect(email.text).toContain(`${i + 1} of ${COUNT} — `);
      expect(email.text).toContain(`/booking/confirmed/${v.token}`);
      expect(email.html).toContain(`Manage visit ${i + 1} of ${COUNT}`);
    }
    expect(email.text.indexOf(`1 of ${COUNT} — `)).toBeLessThan(email.text.indexOf(`${COUNT} of ${COUNT} — `));
    expect(email.text).toContain(`Test ${slug}`);
    expect(email.text).toMatch(/clean/i);
    const link = `/booking/series/${outcome.series.token}/calendar.ics`;
    expect(email.text).toContain(link);
    expect(email.html).toContain(link);
    // No calendar part: an email's iTIP part is one event; the series' file is the link.
    expect(email.ics).toBeNull();
    const texts = await d.select().from(smsOutbox).where(eq(smsOutbox.to, "+16175550142"));
    expect(texts.map((t) => [t.kind, t.appointmentId])).toEqual([["series_booked", visits[0].id]]);
    expect(texts[0].body).toContain(`${COUNT} visits`);

    // The series' file: 8 VEVENTs, each the visit's own UID and SEQUENCE, all RELATED-TO the series.
    const answer = await fileOf(outcome.series.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toContain("text/calendar");
    const ics = await answer.text();
    expect(icsProblems(ics, { events: COUNT })).toEqual([]);
    expect(libicalRead(ics)).toEqual({ parsed: true, restrictionsOk: true, errors: 0, events: COUNT, problems: [] });
    const events = () => new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent");
    const related = `series-${outcome.series.token}@studio-dental`;
    expect(events().map((e) => [e.getFirstPropertyValue("uid"), e.getFirstPropertyValue("sequence"), e.getFirstPropertyValue("related-to")])).toEqual(
      visits.map((v) => [`${v.token}@studio-dental`, 0, related]),
    );
    expect(String(events()[2].getFirstPropertyValue("summary"))).toContain(`(visit 3 of ${COUNT})`);

    // Visit 3 moves an hour later: its own email and file say "visit 3 of 8", SEQUENCE 1, the same UID.
    const third = visits[2];
    const later = new Date(third.startsAt.getTime() + 3600_000);
    expect((await rescheduleVisit(d, { appointmentId: third.id, sequence: 0, startsAt: later })).ok).toBe(true);
    await tellVisitChanges(d);
    const moved = (await d.select().from(emailOutbox).where(eq(emailOutbox.to, patient.email)).orderBy(asc(emailOutbox.id)))[1];
    expect(moved.text).toContain(`This is visit 3 of ${COUNT} of your series.`);
    expect(icsProblems(moved.ics!)).toEqual([]);
    expect(libicalRead(moved.ics!)).toMatchObject({ parsed: true, restrictionsOk: true, errors: 0, events: 1 });
    expect(icsFacts(moved.ics!)).toMatchObject({ uid: `${third.token}@studio-dental`, sequence: 1 });
    const unfolded = moved.ics!.replace(/\r\n /g, "");
    expect(unfolded).toContain(`RELATED-TO:${related}`);
    expect(unfolded).toContain(`(visit 3 of ${COUNT})`);
    // The series' file follows: the third event with its new time and SEQUENCE 1, as its own file counts it.
    const after = await (await fileOf(outcome.series.token)).text();
    expect(icsProblems(after, { events: COUNT })).toEqual([]);
    const thirdNow = new ICAL.Component(ICAL.parse(after)).getAllSubcomponents("vevent")[2];
    expect(thirdNow.getFirstPropertyValue("sequence")).toBe(1);
    expect((thirdNow.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().getTime()).toBe(later.getTime());

    // Unknown token: 404. The series row carries the count the emails say.
    expect((await fileOf("A".repeat(32))).status).toBe(404);
    expect((await d.select().from(visitSeries).where(eq(visitSeries.id, outcome.series.id)))[0].occurrences).toBe(COUNT);
  });
});

/** 10:00 AM on a New York day. */
function tenAm(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(instantOfWall(Date.UTC(y, m - 1, d, 10, 0), TZ).instant);
}
