import { describe, expect, it } from "vitest";
import { ADULT_AGE, ageOn } from "~/rules/age";

describe("age on a day (DOMAIN-NOTES: under 18 is booked by a parent or guardian)", () => {
  it("adults are 18", () => expect(ADULT_AGE).toBe(18));

  it.each([
    ["2000-05-10", "2018-05-10", 18], // the birthday itself counts
    ["2000-05-10", "2018-05-09", 17], // the day before
    ["2000-05-10", "2018-04-30", 17], // an earlier month, a later day
    ["2000-05-10", "2018-06-01", 18], // a later month, an earlier day
    ["2000-05-10", "2018-12-31", 18],
    ["2000-02-29", "2018-02-28", 17], // leap-day birthday: not yet on the 28th
    ["2000-02-29", "2018-03-01", 18],
    ["2018-05-10", "2018-05-10", 0],
  ])("born %s, on %s: %i", (born, on, age) => {
    expect(ageOn(born, on)).toBe(age);
  });
});
