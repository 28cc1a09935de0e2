import { describe, expect, it } from "vitest";
import { captureReferral, popupToShow } from "~/rules/referral";

const capture = (query: string) => captureReferral(new URLSearchParams(query));

describe("referral code capture (spec §4)", () => {
  it("if fbuy_ref_code is present, it is stored", () => {
    expect(capture("fbuy_ref_code=ABC123")).toEqual({ code: "ABC123" });
    expect(capture("fbuy_ref_code=ABC123&referralCode=XYZ")).toEqual({ code: "ABC123" });
  });
  it("otherwise referralCode is stored with version v2", () => {
    expect(capture("referralCode=friend_42-x")).toEqual({ code: "friend_42-x", version: "v2" });
  });
  it("trims, and ignores empty values", () => {
    expect(capture("fbuy_ref_code=%20%20&referralCode=%20abc%20")).toEqual({ code: "abc", version: "v2" });
    expect(capture("fbuy_ref_code=")).toBeNull();
    expect(capture("utm_source=x")).toBeNull();
  });
  it("rejects codes over 64 characters or with other characters", () => {
    expect(capture(`fbuy_ref_code=${"a".repeat(64)}`)).toEqual({ code: "a".repeat(64) });
    expect(capture(`fbuy_ref_code=${"a".repeat(65)}`)).toBeNull();
    expect(capture("referralCode=%3Cscript%3E")).toBeNull();
    expect(capture("fbuy_ref_code=a%20b&referralCode=ok")).toBeNull(); // malformed first choice: no fallback
  });
});

describe("the referral popup (spec §5): which campaign's popup opens", () => {
  const base = { utmSource: "friendbuy", utmCampaign: "evergreen", shown: [] as string[], redirectRoute: false };
  it.each([
    [{}, "evergreen"],
    [{ utmSource: "FriendBuy " }, "evergreen"],
    [{ utmCampaign: "2026-breezybraces-spring" }, "breezybraces"],
    [{ utmCampaign: "EVERGREEN_Q4" }, "evergreen"],
    [{ utmSource: "google" }, null],
    [{ utmSource: null }, null],
    [{ utmCampaign: null }, null],
    [{ utmCampaign: "summer" }, null],
    [{ shown: ["evergreen"] }, null],
    [{ shown: ["breezybraces"] }, "evergreen"],
    [{ redirectRoute: true }, null],
  ])("%j → %s", (change, expected) => {
    expect(popupToShow({ ...base, ...change })).toBe(expected);
  });
});
