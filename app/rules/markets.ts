export const MARKETS = [
  { slug: "washington-dc", name: "Washington, DC", code: "DC" },
  { slug: "new-york-city", name: "New York City", code: "NYC" },
  { slug: "boston", name: "Boston", code: "BOS" },
  { slug: "atlanta", name: "Atlanta", code: "ATL" },
  { slug: "nashville", name: "Nashville", code: "NASH" },
] as const;

export type Market = (typeof MARKETS)[number];
export type MarketSlug = Market["slug"];
export type UtmKey = "utm_source" | "utm_medium" | "utm_campaign" | "utm_term" | "utm_content";

const UTM_KEYS: readonly UtmKey[] = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];

export function isMarketSlug(value: unknown): value is MarketSlug {
  return MARKETS.some((m) => m.slug === value);
}

/**
 * Spec §5: "Market detection matches DC, NYC, BOS, ATL, NASH in utm values."
 * Codes match only as whole tokens (split on non-alphanumerics), case-insensitive, so "DCX" or
 * "nashville" never match; the first match in utm key order, then token order, wins.
 */
export function detectMarket(utm: Partial<Record<UtmKey, string>>): MarketSlug | null {
  for (const key of UTM_KEYS) {
    const tokens = (utm[key] ?? "").toUpperCase().split(/[^A-Z0-9]+/);
    for (const token of tokens) {
      const market = MARKETS.find((m) => m.code === token);
      if (market) return market.slug;
    }
  }
  return null;
}
