import { describe, expect, it } from "vitest";
import { MARKETS, detectMarket, isMarketSlug, marketTimezone } from "~/rules/markets";

describe("markets", () => {
  it("has the five markets with names and codes", () => {
    expect(MARKETS.map((m) => [m.slug, m.name, m.code])).toEqual([
      ["washington-dc", "Washington, DC", "DC"],
      ["new-york-city", "New York City", "NYC"],
      ["boston", "Boston", "BOS"],
      ["atlanta", "Atlanta", "ATL"],
      ["nashville", "Nashville", "NASH"],
    ]);
  });
  it("Nashville is Central time, the other four markets Eastern; no or an unknown market is Eastern", () => {
    expect(MARKETS.map((m) => [m.slug, marketTimezone(m.slug)])).toEqual([
      ["washington-dc", "America/New_York"],
      ["new-york-city", "America/New_York"],
      ["boston", "America/New_York"],
      ["atlanta", "America/New_York"],
      ["nashville", "America/Chicago"],
    ]);
    expect(marketTimezone(undefined)).toBe("America/New_York");
    expect(marketTimezone("springfield")).toBe("America/New_York");
  });
  it("isMarketSlug", () => {
    expect(isMarketSlug("boston")).toBe(true);
    expect(isMarketSlug("BOS")).toBe(false);
    expect(isMarketSlug(undefined)).toBe(false);
  });
});

describe("market detection matches DC, NYC, BOS, ATL, NASH in utm values (spec §5)", () => {
  it("matches a code as a whole token, case-insensitive, in any utm value", () => {
    expect(detectMarket({ utm_campaign: "spring_NYC_search" })).toBe("new-york-city");
    expect(detectMarket({ utm_term: "dental-dc" })).toBe("washington-dc");
    expect(detectMarket({ utm_content: "ad bos 2" })).toBe("boston");
    expect(detectMarket({ utm_source: "google", utm_medium: "cpc", utm_campaign: "Atl" })).toBe("atlanta");
    expect(detectMarket({ utm_campaign: "nash.fall" })).toBe("nashville");
  });
  it("does not match codes inside longer words (DCX, abc, boston); NASH does not match 'nashville' (codes only)", () => {
    expect(detectMarket({ utm_campaign: "DCX_launch" })).toBeNull();
    expect(detectMarket({ utm_campaign: "abcdc" })).toBeNull();
    expect(detectMarket({ utm_campaign: "nashville" })).toBeNull();
    expect(detectMarket({ utm_campaign: "atlanta_boston" })).toBeNull();
    expect(detectMarket({})).toBeNull();
  });
  it("first match in utm key order wins (source before campaign)", () => {
    expect(detectMarket({ utm_campaign: "bos", utm_source: "atl" })).toBe("atlanta");
  });
});
