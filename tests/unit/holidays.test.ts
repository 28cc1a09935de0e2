import { describe, expect, it } from "vitest";
import { usFederalHolidays } from "~/rules/holidays";
import { computeSlots, firstFreeSlot, localDayKey } from "~/scheduling/availability";

describe("US federal holidays (studio closures, demo default)", () => {
  it("are on their dates, the Monday and Thursday rules included", () => {
    const h2026 = usFederalHolidays(2026);
    expect(h2026).toContain("2026-11-26"); // Thanksgiving: 4th Thursday of November
    expect(h2026).toContain("2026-01-19"); // MLK: 3rd Monday of January
    expect(h2026).toContain("2026-05-25"); // Memorial Day: last Monday of May
    expect(h2026).toContain("2026-09-07"); // Labor Day
    expect(h2026).toContain("2026-12-25");
    expect(usFederalHolidays(2027)).toContain("2027-11-25");
  });
  it("a weekend holiday is also closed on the weekday it is observed", () => {
    expect(usFederalHolidays(2026)).toEqual(expect.arrayContaining(["2026-07-04", "2026-07-03"])); // Saturday → Friday
    expect(usFederalHolidays(2027)).toEqual(expect.arrayContaining(["2027-12-25", "2027-12-24"])); // Saturday → Friday
    expect(usFederalHolidays(2028)).toEqual(expect.arrayContaining(["2028-06-19"]));
  });
  it("the availability engine offers no time on a closed day, and the first free time skips it", () => {
    const input = {
      timezone: "America/New_York",
      from: new Date("2026-11-25T05:00:00Z"),
      to: new Date("2026-11-28T05:00:00Z"),
      now: new Date("2026-11-20T12:00:00Z"),
      durationMinutes: 60,
      eligibleRoles: ["hygienist"],
      providers: [{ providerId: 1, role: "hygienist", hours: [3, 4, 5].map((weekday) => ({ weekday, startMinute: 540, endMinute: 720 })), timeOff: [], busy: [] }],
    };
    const open = computeSlots(input).map((s) => localDayKey(s.startsAt, "America/New_York"));
    expect(open).toContain("2026-11-26");
    const closed = computeSlots({ ...input, closedDays: new Set(usFederalHolidays(2026)) }).map((s) => localDayKey(s.startsAt, "America/New_York"));
    expect(closed).not.toContain("2026-11-26");
    expect(closed).toContain("2026-11-25");
    expect(closed).toContain("2026-11-27");
    const first = firstFreeSlot({ ...input, from: new Date("2026-11-26T05:00:00Z"), closedDays: new Set(["2026-11-26"]) });
    expect(localDayKey(first!.startsAt, "America/New_York")).toBe("2026-11-27");
  });
});
