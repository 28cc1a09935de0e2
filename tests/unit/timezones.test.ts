import { describe, expect, it, vi } from "vitest";
import { isValidTimezone, specStudioTimezone, studioTimezone, timezoneAbbreviation } from "~/rules/timezones";

describe("timezones: America/New_York for all studios except east-nashville (America/Chicago) (spec §9)", () => {
  it("uses a known valid IANA zone as is", () => {
    const warn = vi.fn();
    expect(studioTimezone("fenway", "America/New_York", warn)).toBe("America/New_York");
    expect(studioTimezone("fenway", "America/Denver", warn)).toBe("America/Denver");
    expect(warn).not.toHaveBeenCalled();
  });
  it("a zone is valid when Intl knows it; empty, missing or unknown ones are not (asked twice: the answer is kept)", () => {
    for (let i = 0; i < 2; i++) {
      expect(isValidTimezone("America/Chicago")).toBe(true);
      expect(isValidTimezone("Mars/Olympus")).toBe(false);
      expect(isValidTimezone("")).toBe(false);
      expect(isValidTimezone(null)).toBe(false);
      expect(isValidTimezone(undefined)).toBe(false);
    }
  });
  it("east-nashville falls back to America/Chicago without a warning", () => {
    const warn = vi.fn();
    expect(studioTimezone("east-nashville", null, warn)).toBe("America/Chicago");
    expect(warn).not.toHaveBeenCalled();
  });
  it("other studios fall back to America/New_York with a warning (also for an invalid zone)", () => {
    const warn = vi.fn();
    expect(studioTimezone("fenway", undefined, warn)).toBe("America/New_York");
    expect(studioTimezone("buckhead", "Mars/Olympus", warn)).toBe("America/New_York");
    expect(warn).toHaveBeenNthCalledWith(1, "Studio fenway has no timezone; using America/New_York");
    expect(warn).toHaveBeenNthCalledWith(2, "Studio buckhead has no timezone; using America/New_York");
  });
  it("the spec's table (what the catalogue seed stores): east-nashville Chicago, every other studio New York", () => {
    expect(specStudioTimezone("east-nashville")).toBe("America/Chicago");
    expect(specStudioTimezone("stella")).toBe("America/New_York");
    expect(specStudioTimezone("fenway")).toBe("America/New_York");
    expect(specStudioTimezone("virtual")).toBe("America/New_York");
  });
  it("abbreviations are EST/EDT/CST/CDT, not GMT offsets", () => {
    const winter = new Date("2027-01-15T17:00:00Z");
    const summer = new Date("2027-07-15T17:00:00Z");
    expect(timezoneAbbreviation(winter, "America/New_York")).toBe("EST");
    expect(timezoneAbbreviation(summer, "America/New_York")).toBe("EDT");
    expect(timezoneAbbreviation(winter, "America/Chicago")).toBe("CST");
    expect(timezoneAbbreviation(summer, "America/Chicago")).toBe("CDT");
  });
  it("switches abbreviation at the 2027 spring-forward instant (07:00Z, 2027-03-14)", () => {
    expect(timezoneAbbreviation(new Date("2027-03-14T06:59:00Z"), "America/New_York")).toBe("EST");
    expect(timezoneAbbreviation(new Date("2027-03-14T07:00:00Z"), "America/New_York")).toBe("EDT");
  });
});
