import { describe, expect, it } from "vitest";
import { buildIcs, escapeText, foldLine } from "~/scheduling/ics";

const base = {
  uid: "appt-123@dental.example",
  startsAt: new Date("2027-03-15T13:00:00Z"), // 09:00 EDT (DST began 2027-03-14)
  endsAt: new Date("2027-03-15T14:00:00Z"),
  timezone: "America/New_York",
  summary: "Checkup & cleaning",
  location: "Fenway, 1 Main St, Boston; MA",
  description: "Bring your insurance card.\nSee you soon!",
  now: new Date("2027-03-01T12:34:56.789Z"),
  organizer: { name: "Studio Dental Fenway", email: "appointments@example.com" },
};
const unfold = (ics: string) => ics.replace(/\r\n /g, "");

describe("buildIcs", () => {
  it("uses CRLF line endings only and the calendar envelope", () => {
    const ics = buildIcs(base);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(ics).toContain("METHOD:PUBLISH\r\n");
    expect(ics).toContain("SEQUENCE:0\r\n");
    expect(ics).toContain("DTSTAMP:20270301T123456Z\r\n");
  });

  it("writes studio-local times with TZID, across a DST change", () => {
    const after = buildIcs(base);
    expect(after).toContain("DTSTART;TZID=America/New_York:20270315T090000\r\n");
    expect(after).toContain("DTEND;TZID=America/New_York:20270315T100000\r\n");
    // the week before DST starts: the same 09:00 local is 14:00Z
    const before = buildIcs({ ...base, startsAt: new Date("2027-03-08T14:00:00Z"), endsAt: new Date("2027-03-08T15:00:00Z") });
    expect(before).toContain("DTSTART;TZID=America/New_York:20270308T090000\r\n");
    // an appointment spanning the November fall-back hour
    const fall = buildIcs({ ...base, startsAt: new Date("2027-11-07T05:30:00Z"), endsAt: new Date("2027-11-07T06:30:00Z") });
    expect(fall).toContain("DTSTART;TZID=America/New_York:20271107T013000");
    // 01:30 EST is the second 01:30 that night: a TZID time would mean the first, so it is written in UTC
    expect(fall).toContain("DTEND:20271107T063000Z\r\n");
  });

  it("includes a VTIMEZONE with the US DST rules (Eastern and Central)", () => {
    const ny = buildIcs(base);
    expect(ny).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n");
    expect(ny).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU");
    expect(ny).toContain("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU");
    expect(ny).toContain("TZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400");
    const chi = buildIcs({ ...base, timezone: "America/Chicago" });
    expect(chi).toContain("TZID:America/Chicago");
    expect(chi).toContain("TZOFFSETFROM:-0600\r\nTZOFFSETTO:-0500");
    expect(chi).toContain("DTSTART;TZID=America/Chicago:20270315T080000");
  });

  it("falls back to UTC for a zone without rules", () => {
    const ics = buildIcs({ ...base, timezone: "Europe/Paris" });
    expect(ics).not.toContain("VTIMEZONE");
    expect(ics).toContain("DTSTART:20270315T130000Z");
  });

  it("escapes text values", () => {
    expect(escapeText("a,b;c\\d\ne\r\nf")).toBe("a\\,b\\;c\\\\d\\ne\\nf");
    const ics = unfold(buildIcs(base));
    expect(ics).toContain("LOCATION:Fenway\\, 1 Main St\\, Boston\\; MA\r\n");
    expect(ics).toContain("DESCRIPTION:Bring your insurance card.\\nSee you soon!\r\n");
  });

  it("folds lines at 75 octets without splitting UTF-8 characters", () => {
    const long = buildIcs({ ...base, description: "Señor ".repeat(40) + "😀".repeat(30) });
    for (const line of long.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(unfold(long)).toContain(`DESCRIPTION:${"Señor ".repeat(40)}${"😀".repeat(30)}\r\n`);
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
  });

  it("a cancellation keeps the UID, raises SEQUENCE and is CANCELLED", () => {
    const ics = buildIcs({ ...base, method: "CANCEL", sequence: 1, organizer: { name: "Studio Dental Fenway", email: "care@dental.example" }, attendeeEmail: "ana@example.com" });
    expect(ics).toContain("METHOD:CANCEL\r\n");
    expect(ics).toContain("UID:appt-123@dental.example\r\n");
    expect(ics).toContain("SEQUENCE:1\r\n");
    expect(ics).toContain("STATUS:CANCELLED\r\n");
    expect(ics).toContain('ORGANIZER;CN="Studio Dental Fenway":mailto:care@dental.example\r\n');
    expect(ics).toContain("ATTENDEE;ROLE=REQ-PARTICIPANT:mailto:ana@example.com\r\n");
  });
});
