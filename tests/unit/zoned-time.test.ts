import { describe, expect, it } from "vitest";
import { formatLongDateTime, formatShortDateTime, instantOfWall, localMidnight, localToday } from "~/rules/zoned-time";

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
});
