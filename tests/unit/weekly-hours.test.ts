/** What staff type as hours and time off in the console (app/rules/weekly-hours.ts, decision 023). */
import { describe, expect, it } from "vitest";
import { namedFederalHolidays, usFederalHolidays } from "~/rules/holidays";
import { formatIntervals, parseDayHours, parseTimeOfDay, timeOffRange } from "~/rules/weekly-hours";

describe("weekly hours", () => {
  it("reads times of day in 12- and 24-hour forms", () => {
    expect(parseTimeOfDay("8")).toBe(480);
    expect(parseTimeOfDay("8:30 AM")).toBe(510);
    expect(parseTimeOfDay("12 PM")).toBe(720);
    expect(parseTimeOfDay("12:15am")).toBe(15);
    expect(parseTimeOfDay("17:45")).toBe(1065);
    expect(parseTimeOfDay("24:00")).toBe(1440);
    for (const bad of ["25", "13 PM", "8:60", "noon", "", "0 AM"]) expect(parseTimeOfDay(bad), bad).toBeNull();
  });

  it("reads a day's stretches, in any order, and writes them back the same", () => {
    const parsed = parseDayHours("1 PM-5 PM, 8:00 AM–12:00 PM");
    expect(parsed).toEqual({ ok: true, intervals: [{ startMinute: 480, endMinute: 720 }, { startMinute: 780, endMinute: 1020 }] });
    const text = formatIntervals(parsed.ok ? parsed.intervals : []);
    expect(text).toBe("8:00 AM–12:00 PM, 1:00 PM–5:00 PM");
    expect(parseDayHours(text)).toEqual(parsed);
    expect(parseDayHours("")).toEqual({ ok: true, intervals: [] });
    expect(parseDayHours("18:00-12 AM")).toEqual({ ok: true, intervals: [{ startMinute: 1080, endMinute: 1440 }] });
    expect(parseDayHours(formatIntervals([{ startMinute: 1080, endMinute: 1440 }]))).toEqual({ ok: true, intervals: [{ startMinute: 1080, endMinute: 1440 }] });
    expect(parseDayHours("8-12, 12-17").ok).toBe(true); // touching is not overlapping
  });

  it("refuses overlaps, an end before the start, slivers and nonsense, saying which", () => {
    expect(parseDayHours("8:00 AM–12:00 PM, 11:00 AM–5:00 PM")).toEqual({ ok: false, message: "11:00 AM–5:00 PM overlaps 8:00 AM–12:00 PM." });
    expect(parseDayHours("5 PM–9 AM")).toMatchObject({ ok: false, message: expect.stringContaining("end must come after the start") });
    expect(parseDayHours("9:00–9:10")).toMatchObject({ ok: false, message: expect.stringContaining("shorter than 15 minutes") });
    expect(parseDayHours("all day")).toMatchObject({ ok: false });
    expect(parseDayHours("8-9, 9-10, 10-11, 11-12, 12-13, 13-14, 14-15")).toMatchObject({ ok: false });
  });
});

describe("time off", () => {
  const tz = "America/New_York";
  it("whole days run from the first day's midnight to the midnight after the last, in the studio's zone", () => {
    const r = timeOffRange({ startDate: "2027-03-13", startTime: "", endDate: "2027-03-14", endTime: "" }, tz);
    expect(r).toMatchObject({ ok: true, wholeDays: true });
    if (!r.ok) return;
    expect(r.startsAt.toISOString()).toBe("2027-03-13T05:00:00.000Z");
    expect(r.endsAt.toISOString()).toBe("2027-03-15T04:00:00.000Z"); // across spring-forward
    const one = timeOffRange({ startDate: "2027-01-05", startTime: "", endDate: "", endTime: "" }, tz);
    expect(one.ok && one.endsAt.getTime() - one.startsAt.getTime()).toBe(86400_000);
  });

  it("part of a day, and refuses one that ends before it starts, per field", () => {
    const r = timeOffRange({ startDate: "2027-01-05", startTime: "1:00 PM", endDate: "", endTime: "3 PM" }, tz);
    expect(r.ok && [r.startsAt.toISOString(), r.endsAt.toISOString()]).toEqual(["2027-01-05T18:00:00.000Z", "2027-01-05T20:00:00.000Z"]);
    expect(timeOffRange({ startDate: "2027-01-05", startTime: "3 PM", endDate: "", endTime: "1 PM" }, tz)).toEqual({ ok: false, errors: { endTime: "The time off must end after it starts." } });
    expect(timeOffRange({ startDate: "2027-01-05", startTime: "", endDate: "2027-01-04", endTime: "" }, tz)).toEqual({ ok: false, errors: { endDate: "The time off must end after it starts." } });
    expect(timeOffRange({ startDate: "2027-01-05", startTime: "1 PM", endDate: "", endTime: "" }, tz)).toMatchObject({ ok: false, errors: { endTime: expect.any(String) } });
    expect(timeOffRange({ startDate: "2027-02-30", startTime: "", endDate: "", endTime: "" }, tz)).toMatchObject({ ok: false, errors: { startDate: expect.any(String) } });
    // Not a date at all (month 13): refused, never thrown (a 500 on user input is a bug).
    expect(timeOffRange({ startDate: "2027-13-45", startTime: "", endDate: "2027-99-99", endTime: "" }, tz)).toMatchObject({ ok: false, errors: { startDate: expect.any(String), endDate: expect.any(String) } });
    expect(timeOffRange({ startDate: "2027-01-01", startTime: "", endDate: "2028-06-01", endTime: "" }, tz)).toMatchObject({ ok: false, errors: { endDate: expect.any(String) } });
  });
});

describe("federal holidays by name", () => {
  it("names each observed day the studios close", () => {
    for (const year of [2026, 2027, 2028]) {
      // The same days the studios close on, each named.
      expect(namedFederalHolidays(year).map((h) => h.day)).toEqual(usFederalHolidays(year));
    }
    expect(namedFederalHolidays(2027)).toContainEqual({ day: "2027-07-05", name: "Independence Day (observed)" });
    expect(namedFederalHolidays(2027)).toContainEqual({ day: "2027-11-25", name: "Thanksgiving Day" });
  });
});
