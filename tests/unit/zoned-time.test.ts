import { describe, expect, it } from "vitest";
import {
  addDays,
  formatCalendarDate,
  formatLocalDate,
  formatLocalShortDate,
  formatLocalTime,
  formatLongDateTime,
  formatShortDateTime,
  instantOfWall,
  localDayKey,
  localHour,
  localMidnight,
  localToday,
  offsetMs,
  uniformDayOffset,
  zoneAbbreviation,
} from "~/rules/zoned-time";

const HOUR = 3600_000;

describe("studio-local time", () => {
  it("words a visit in the studio's zone with its abbreviation", () => {
    const at = new Date("2027-03-15T13:00:00Z");
    expect(formatShortDateTime(at, "America/New_York")).toBe("Mon, Mar 15, 9:00 AM EDT");
    expect(formatLongDateTime(at, "America/Chicago")).toBe("Monday, March 15, 2027 at 8:00 AM CDT");
    expect(formatLongDateTime(new Date("2027-11-08T15:00:00Z"), "America/New_York")).toBe("Monday, November 8, 2027 at 10:00 AM EST");
  });

  it("finds local midnight and today on both 2027 change days", () => {
    expect(localMidnight("2027-03-14", "America/New_York").toISOString()).toBe("2027-03-14T05:00:00.000Z");
    expect(localMidnight("2027-03-15", "America/New_York").toISOString()).toBe("2027-03-15T04:00:00.000Z");
    expect(localMidnight("2027-11-07", "America/Chicago").toISOString()).toBe("2027-11-07T05:00:00.000Z");
    expect(localMidnight("2027-11-08", "America/Chicago").toISOString()).toBe("2027-11-08T06:00:00.000Z");
    expect(localToday(new Date("2027-03-15T03:30:00Z"), "America/New_York")).toBe("2027-03-14");
  });

  it("maps wall times: a skipped one does not exist, a repeated one is its first occurrence", () => {
    expect(instantOfWall(Date.UTC(2027, 2, 14, 2, 30), "America/New_York").exists).toBe(false);
    const repeated = instantOfWall(Date.UTC(2027, 10, 7, 1, 30), "America/New_York");
    expect(repeated).toEqual({ instant: Date.parse("2027-11-07T05:30:00Z"), exists: true });
  });

  it("maps an ordinary wall time to its one instant, and a skipped one to the earlier candidate", () => {
    expect(instantOfWall(Date.UTC(2027, 0, 15, 9, 0), "America/New_York")).toEqual({ instant: Date.parse("2027-01-15T14:00:00Z"), exists: true });
    expect(instantOfWall(Date.UTC(2027, 6, 15, 9, 0), "America/Chicago")).toEqual({ instant: Date.parse("2027-07-15T14:00:00Z"), exists: true });
    expect(instantOfWall(Date.UTC(2027, 2, 14, 2, 30), "America/New_York")).toEqual({ instant: Date.parse("2027-03-14T06:30:00Z"), exists: false });
  });

  it("knows the zone's offset at an instant, either side of a change", () => {
    expect(offsetMs(Date.parse("2027-01-15T12:00:00Z"), "America/New_York")).toBe(-5 * HOUR);
    expect(offsetMs(Date.parse("2027-03-14T06:59:59Z"), "America/New_York")).toBe(-5 * HOUR);
    expect(offsetMs(Date.parse("2027-03-14T07:00:00Z"), "America/New_York")).toBe(-4 * HOUR);
    expect(offsetMs(Date.parse("2027-07-15T12:00:00Z"), "America/Chicago")).toBe(-5 * HOUR);
    expect(offsetMs(Date.parse("2027-01-15T12:00:00Z"), "UTC")).toBe(0);
  });

  it("gives one offset for a whole ordinary day, and none for a day whose offset changes", () => {
    expect(uniformDayOffset(Date.UTC(2027, 0, 15), "America/New_York")).toBe(-5 * HOUR);
    expect(uniformDayOffset(Date.UTC(2027, 6, 15), "America/New_York")).toBe(-4 * HOUR);
    expect(uniformDayOffset(Date.UTC(2027, 0, 15), "America/Chicago")).toBe(-6 * HOUR);
    expect(uniformDayOffset(Date.UTC(2027, 2, 14), "America/New_York")).toBeNull(); // spring forward
    expect(uniformDayOffset(Date.UTC(2027, 10, 7), "America/New_York")).toBeNull(); // fall back
    expect(uniformDayOffset(Date.UTC(2027, 10, 7), "America/Chicago")).toBeNull();
  });

  it("names the local day of an instant, which is not the UTC day in the evening", () => {
    expect(localDayKey(new Date("2027-01-16T03:00:00Z"), "America/New_York")).toBe("2027-01-15");
    expect(localDayKey(new Date("2027-01-16T05:00:00Z"), "America/New_York")).toBe("2027-01-16");
    expect(localDayKey(new Date("2027-01-16T05:30:00Z"), "America/Chicago")).toBe("2027-01-15");
  });

  it("words dates, times and zones for people", () => {
    const at = new Date("2027-03-14T13:15:00Z");
    expect(formatLocalTime(at, "America/New_York")).toBe("9:15 AM"); // a plain space, not U+202F
    expect(formatLocalTime(new Date("2027-03-14T20:05:00Z"), "America/Chicago")).toBe("3:05 PM");
    expect(formatLocalDate(at, "America/New_York")).toBe("Sunday, March 14, 2027");
    expect(formatLocalShortDate(new Date("2027-11-23T15:00:00Z"), "America/New_York")).toBe("Tue, Nov 23");
    expect(zoneAbbreviation(new Date("2027-01-15T12:00:00Z"), "America/Chicago")).toBe("CST");
    expect(zoneAbbreviation(at, "America/New_York")).toBe("EDT");
  });

  it("words a calendar date without a zone, and counts calendar days", () => {
    expect(formatCalendarDate("1990-05-01")).toBe("May 1, 1990");
    expect(formatCalendarDate("2000-12-31")).toBe("December 31, 2000");
    expect(addDays("2027-02-27", 2)).toBe("2027-03-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2027-03-14", 0)).toBe("2027-03-14");
  });
});

describe("localHour (the times page's morning / afternoon / evening)", () => {
  it("reads the studio's wall clock on either side of a clock change", () => {
    // 14:30 UTC: 9:30 EST the day before spring forward, 10:30 EDT on the day.
    expect(localHour(new Date("2027-03-13T14:30:00Z"), "America/New_York")).toBe(9);
    expect(localHour(new Date("2027-03-14T14:30:00Z"), "America/New_York")).toBe(10);
    // Nashville is an hour behind: 16:59 UTC in winter is 10:59 AM there, 17:00 UTC in July is noon.
    expect(localHour(new Date("2027-01-05T16:59:00Z"), "America/Chicago")).toBe(10);
    expect(localHour(new Date("2027-07-05T17:00:00Z"), "America/Chicago")).toBe(12);
    // Just before local midnight stays evening.
    expect(localHour(new Date("2027-07-06T03:59:00Z"), "America/New_York")).toBe(23);
  });
});
