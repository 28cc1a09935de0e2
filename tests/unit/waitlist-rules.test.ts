import { describe, expect, it } from "vitest";
import { tFor } from "~/i18n/catalogues.server";
import { dayPartOf, describeDayParts } from "~/rules/day-parts";
import { nextBatchAt, wishDayBounds, wishExpired, wishMatches } from "~/rules/waitlist";

const NY = "America/New_York";
const CHI = "America/Chicago";

describe("the waitlist's rules", () => {
  it("parts of the day are the studio's own hours: before noon, noon to 5 PM, from 5 PM", () => {
    expect(dayPartOf(new Date("2027-01-08T16:59:00Z"), NY).value).toBe("morning"); // 11:59 AM
    expect(dayPartOf(new Date("2027-01-08T17:00:00Z"), NY).value).toBe("afternoon"); // noon
    expect(dayPartOf(new Date("2027-01-08T21:59:00Z"), NY).value).toBe("afternoon"); // 4:59 PM
    expect(dayPartOf(new Date("2027-01-08T22:00:00Z"), NY).value).toBe("evening"); // 5 PM
    expect(dayPartOf(new Date("2027-01-08T22:00:00Z"), CHI).value).toBe("afternoon"); // 4 PM in Nashville
  });

  it("a time matches when its local day is within the days and its part was chosen", () => {
    const wish = { firstDay: "2027-01-05", lastDay: "2027-01-08", parts: ["morning", "evening"] };
    expect(wishMatches(wish, new Date("2027-01-08T15:00:00Z"), NY)).toBe(true); // Fri 10 AM
    expect(wishMatches(wish, new Date("2027-01-08T18:00:00Z"), NY)).toBe(false); // Fri 1 PM
    expect(wishMatches(wish, new Date("2027-01-09T03:00:00Z"), NY)).toBe(true); // Fri 10 PM, Saturday in UTC
    expect(wishMatches(wish, new Date("2027-01-09T15:00:00Z"), NY)).toBe(false); // Sat
    expect(wishMatches(wish, new Date("2027-01-05T05:30:00Z"), NY)).toBe(true); // Tue 0:30 AM
    expect(wishMatches(wish, new Date("2027-01-05T04:30:00Z"), NY)).toBe(false); // Mon 11:30 PM
  });

  it("an entry ends once its last day is over at the studio; days run from today to 60 days ahead", () => {
    expect(wishExpired({ lastDay: "2027-01-08" }, new Date("2027-01-09T04:59:00Z"), NY)).toBe(false);
    expect(wishExpired({ lastDay: "2027-01-08" }, new Date("2027-01-09T05:00:00Z"), NY)).toBe(true);
    expect(wishDayBounds(new Date("2027-01-09T03:00:00Z"), NY)).toEqual({ min: "2027-01-08", max: "2027-03-09" });
    expect(nextBatchAt(new Date("2027-01-08T15:00:00Z"))).toEqual(new Date("2027-01-08T15:15:00Z"));
  });

  it("says the parts as a patient would", () => {
    const en = tFor("en-US");
    expect(describeDayParts(["evening", "morning"], en)).toBe("mornings and evenings");
    expect(describeDayParts(["afternoon"], en)).toBe("afternoons");
    expect(describeDayParts(["morning", "afternoon", "evening"], en)).toBe("any time of day");
    expect(describeDayParts(["evening", "morning"], tFor("es-US"), "es-US")).toBe("mañanas y noches");
  });
});
