import { describe, expect, it } from "vitest";
import { addMonths, localInstant, seriesDays, seriesRuleProblems, SERIES_MAX_OCCURRENCES } from "~/rules/series";
import { formatLocalTime, localDayKey } from "~/rules/zoned-time";

/** Issue 39 A: a series keeps its local time across daylight-saving changes, in both zones we serve. */
describe("a series' days and times", () => {
  for (const tz of ["America/New_York", "America/Chicago"]) {
    it(`keeps 9:00 AM across the March and November changes in ${tz}`, () => {
      // Every 6 weeks from early January 2027: occurrences before 14 March (EST/CST), between (EDT/CDT), after 7 November.
      const days = seriesDays("2027-01-05", { every: 6, unit: "weeks", count: 9 });
      expect(days).toEqual(["2027-01-05", "2027-02-16", "2027-03-30", "2027-05-11", "2027-06-22", "2027-08-03", "2027-09-14", "2027-10-26", "2027-12-07"]);
      const instants = days.map((day) => localInstant(day, 9 * 60, tz));
      for (const [i, { at, exists }] of instants.entries()) {
        expect(exists).toBe(true);
        expect(localDayKey(at, tz)).toBe(days[i]);
        expect(formatLocalTime(at, tz)).toBe("9:00 AM");
      }
      // The same wall time is a different UTC hour in summer: the rule is the wall clock, not 42 × 24 hours.
      const utcHours = instants.map(({ at }) => at.getUTCHours());
      const winter = tz === "America/New_York" ? 14 : 15;
      expect(utcHours).toEqual([winter, winter, winter - 1, winter - 1, winter - 1, winter - 1, winter - 1, winter - 1, winter]);
    });
  }

  it("a wall time the spring-forward skips does not exist that day", () => {
    expect(localInstant("2027-03-14", 2 * 60 + 30, "America/New_York").exists).toBe(false);
    expect(localInstant("2027-11-07", 1 * 60 + 30, "America/Chicago").exists).toBe(true);
  });

  it("monthly keeps the day of the month, or the month's last, counted from the first", () => {
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(seriesDays("2027-01-31", { every: 1, unit: "months", count: 4 })).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"]);
    expect(seriesDays("2027-01-15", { every: 3, unit: "months", count: 3 })).toEqual(["2027-01-15", "2027-04-15", "2027-07-15"]);
  });

  it("stops at the last day, at two years, and at 24", () => {
    expect(seriesDays("2027-01-05", { every: 2, unit: "weeks", until: "2027-02-16" })).toEqual(["2027-01-05", "2027-01-19", "2027-02-02", "2027-02-16"]);
    expect(seriesDays("2027-01-05", { every: 1, unit: "weeks", count: 100 })).toHaveLength(SERIES_MAX_OCCURRENCES);
    const twoYears = seriesDays("2027-01-05", { every: 2, unit: "months", until: "2031-01-01" });
    expect(twoYears.at(-1)! < "2029-01-05").toBe(true);
    expect(twoYears).toHaveLength(12);
  });

  it("refuses an interval of 0, 25 visits, a last day in the past or past two years", () => {
    expect(seriesRuleProblems("2027-01-05", { every: 0, unit: "weeks", count: 8 })).toEqual({ every: "series.errors.every.weeks" });
    expect(seriesRuleProblems("2027-01-05", { every: 13, unit: "months", count: 8 })).toEqual({ every: "series.errors.every.months" });
    expect(seriesRuleProblems("2027-01-05", { every: 6, unit: "weeks", count: 25 })).toEqual({ count: "series.errors.count" });
    expect(seriesRuleProblems("2027-01-05", { every: 6, unit: "weeks", until: "2027-01-01" })).toEqual({ until: "series.errors.untilPast" });
    expect(seriesRuleProblems("2027-01-05", { every: 6, unit: "weeks", until: "2029-01-05" })).toEqual({ until: "series.errors.untilTooFar" });
    expect(seriesRuleProblems("2027-01-05", { every: 6, unit: "weeks", until: "2029-01-04" })).toEqual({});
    expect(seriesRuleProblems("2027-01-05", { every: 6, unit: "weeks" })).toEqual({ count: "series.errors.countOrUntil" });
  });
});
