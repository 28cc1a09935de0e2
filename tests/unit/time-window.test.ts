import { describe, expect, it } from "vitest";
import { isWithinNext24Hours } from "~/rules/time-window";

const now = new Date("2027-06-01T12:00:00Z");

describe("an appointment is within the next 24 hours if its time lies between now and 24 hours ahead (spec §5)", () => {
  it("includes now and exactly 24 hours ahead", () => {
    expect(isWithinNext24Hours(now, now)).toBe(true);
    expect(isWithinNext24Hours(new Date("2027-06-02T12:00:00Z"), now)).toBe(true);
    expect(isWithinNext24Hours(new Date("2027-06-01T18:30:00Z"), now)).toBe(true);
  });
  it("excludes the past and beyond 24 hours", () => {
    expect(isWithinNext24Hours(new Date("2027-06-01T11:59:59Z"), now)).toBe(false);
    expect(isWithinNext24Hours(new Date("2027-06-02T12:00:01Z"), now)).toBe(false);
  });
});
