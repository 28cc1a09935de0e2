// The reports' pure parts (decisions 077 and 082): time off is merged before it is taken off a provider's open minutes.
import { describe, expect, it } from "vitest";
import { mergeIntervals, openMinutes } from "~/rules/report-range";

const at = (iso: string) => Date.parse(iso);
const NINE_TO_FIVE = [{ weekday: 3, startMinute: 9 * 60, endMinute: 17 * 60 }]; // Wednesdays

describe("mergeIntervals", () => {
  it("joins overlapping, nested and touching intervals, keeps apart ones, drops empty ones", () => {
    expect(
      mergeIntervals([
        { startsAt: 50, endsAt: 60 },
        { startsAt: 0, endsAt: 10 },
        { startsAt: 5, endsAt: 20 },
        { startsAt: 6, endsAt: 7 },
        { startsAt: 20, endsAt: 30 },
        { startsAt: 40, endsAt: 40 },
      ]),
    ).toEqual([
      { startsAt: 0, endsAt: 30 },
      { startsAt: 50, endsAt: 60 },
    ]);
  });
});

describe("openMinutes", () => {
  const tz = "America/New_York"; // 10 March 2027 is EST (UTC−5)
  it("takes overlapping and nested time off once", () => {
    const off = [
      { startsAt: at("2027-03-10T17:00:00Z"), endsAt: at("2027-03-10T19:00:00Z") }, // noon–2 PM
      { startsAt: at("2027-03-10T18:00:00Z"), endsAt: at("2027-03-10T20:00:00Z") }, // 1–3 PM
      { startsAt: at("2027-03-10T18:15:00Z"), endsAt: at("2027-03-10T18:30:00Z") }, // inside both
    ];
    expect(openMinutes("2027-03-10", tz, NINE_TO_FIVE, off, false)).toBe(8 * 60 - 3 * 60);
  });
  it("a closure is zero; time off outside the hours or another day takes nothing", () => {
    expect(openMinutes("2027-03-10", tz, NINE_TO_FIVE, [], true)).toBe(0);
    const elsewhere = [
      { startsAt: at("2027-03-10T22:30:00Z"), endsAt: at("2027-03-11T03:00:00Z") }, // 5:30–10 PM
      { startsAt: at("2027-03-09T14:00:00Z"), endsAt: at("2027-03-09T22:00:00Z") }, // the day before
    ];
    expect(openMinutes("2027-03-10", tz, NINE_TO_FIVE, elsewhere, false)).toBe(8 * 60);
  });
});
