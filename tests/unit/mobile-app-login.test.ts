import { describe, expect, it } from "vitest";
import { isMobileAppLoginStale } from "~/rules/mobile-app-login";

const now = new Date("2027-06-01T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe("a mobile app login is stale when older than 60 (days) (spec §5)", () => {
  it("never logged in is stale", () => {
    expect(isMobileAppLoginStale(null, now)).toBe(true);
  });
  it("exactly 60 days ago is not stale; one second more is", () => {
    expect(isMobileAppLoginStale(daysAgo(60), now)).toBe(false);
    expect(isMobileAppLoginStale(new Date(daysAgo(60).getTime() - 1000), now)).toBe(true);
  });
  it("recent and 61-day-old logins", () => {
    expect(isMobileAppLoginStale(daysAgo(1), now)).toBe(false);
    expect(isMobileAppLoginStale(daysAgo(61), now)).toBe(true);
  });
});
