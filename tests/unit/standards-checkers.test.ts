/**
 * The checkers the tests use on what the app produces (tests/standards): each catches the break it exists for,
 * so a clean result means something. The app's own files pass them in ics.test.ts and wherever a test
 * receives a .ics.
 */
import { describe, expect, it } from "vitest";
import { buildIcs } from "~/scheduling/ics";
import { pageRuleProblems } from "../standards/captured";
import { icsProblems, icsSeriesProblems } from "../standards/ics";

const base = {
  uid: "visit@studio-dental",
  startsAt: new Date("2027-03-15T13:00:00Z"),
  endsAt: new Date("2027-03-15T14:00:00Z"),
  timezone: "America/New_York",
  summary: "Checkup & cleaning, with polish; mint",
  location: "Fenway, 1330 Boylston St, Boston, MA 02215",
  description: `Arrive early.\n${"Long line ".repeat(20)}`,
  now: new Date("2027-03-01T12:00:00Z"),
  organizer: { name: "Studio Dental Fenway", email: "appointments@example.com" },
};
const good = buildIcs(base);

describe("the .ics checker (ical.js and the octets)", () => {
  it("passes our files: booked, moved, cancelled, and a zone without rules (UTC)", () => {
    expect(icsProblems(good)).toEqual([]);
    expect(icsProblems(buildIcs({ ...base, timezone: "Europe/Lisbon" }))).toEqual([]);
    const series = [good, buildIcs({ ...base, sequence: 1 }), buildIcs({ ...base, sequence: 2, method: "CANCEL", attendeeEmail: "pat@example.com" })];
    expect(icsSeriesProblems(series)).toEqual([]);
  });

  it("catches a missing ORGANIZER, UID, DTSTAMP or METHOD", () => {
    expect(icsProblems(good.replace(/ORGANIZER[^\r]*\r\n/, ""))).toEqual(["METHOD:PUBLISH without an ORGANIZER mailto: address"]);
    expect(icsProblems(good.replace(/UID:[^\r]*\r\n/, ""))).toContain("no UID");
    expect(icsProblems(good.replace(/DTSTAMP:[^\r]*\r\n/, ""))).toContain("no DTSTAMP");
    expect(icsProblems(good.replace(/METHOD:[^\r]*\r\n/, ""))).toContain("no METHOD");
  });

  it("catches a DTSTART whose zone is not in the file, and a cancel without STATUS or ATTENDEE", () => {
    expect(icsProblems(good.replace(/BEGIN:VTIMEZONE[\s\S]*END:VTIMEZONE\r\n/, ""))[0]).toMatch(/^DTSTART is neither UTC nor in a VTIMEZONE/);
    const cancel = buildIcs({ ...base, method: "CANCEL", sequence: 1 });
    expect(icsProblems(cancel)).toEqual(["METHOD:CANCEL without an ATTENDEE (RFC 5546 §3.2.5)"]);
  });

  it("catches bare LF line ends, an unfolded long line and an unescaped comma", () => {
    expect(icsProblems(good.replace(/\r\n/g, "\n"))).toContain("a line does not end in CRLF");
    expect(icsProblems(good.replace(/\r\n /g, ""))[0]).toMatch(/longer than 75 octets/);
    expect(icsProblems(good.replace("Fenway\\,", "Fenway,"))[0]).toMatch(/^LOCATION is not escaped/);
  });

  it("catches a SEQUENCE that does not rise, and two visits mixed up", () => {
    expect(icsSeriesProblems([good, buildIcs({ ...base, sequence: 0 })])).toEqual(["SEQUENCE does not rise from file 1 to 2: 0 → 0"]);
    expect(icsSeriesProblems([good, buildIcs({ ...base, uid: "other@studio-dental", sequence: 1 })])[0]).toMatch(/UIDs differ/);
  });
});

describe("page rules", () => {
  const page = (body: string) => ({ file: "page.html", html: `<!DOCTYPE html><html><head><title>T</title><meta name="robots" content="noindex"></head><body>${body}<script>{"booking.times.morning":"Morning"}</script></body></html>`, source: { kind: "page" as const, url: "http://x/booking/times", status: 200, from: "test" } });
  it("catches a message key shown as text (a page whose messages did not load), not one inside the page's data", () => {
    expect(pageRuleProblems([page("<h3>booking.times.morning</h3>")])).toEqual([expect.stringContaining('shows the message key "booking.times.morning"')]);
    expect(pageRuleProblems([page("<h3>Morning</h3><a href=\"mailto:visit.desk@example.com\">visit.desk@example.com</a> your visit.")])).toEqual([]);
  });
});
