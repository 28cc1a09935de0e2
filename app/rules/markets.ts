import { DEFAULT_TIMEZONE } from "./timezones";

/**
 * The five markets (spec §1), the one definition of each: slug, name, the code detected in utm values
 * (spec §5) and the market's timezone (Nashville is Central time, the other four Eastern). The catalogue
 * seed (db/catalogue.ts) and every page read them from here. A studio's own timezone is rules/timezones.ts.
 */
export const MARKETS = [
  { slug: "washington-dc", name: "Washington, DC", code: "DC", timezone: "America/New_York" },
  { slug: "new-york-city", name: "New York City", code: "NYC", timezone: "America/New_York" },
  { slug: "boston", name: "Boston", code: "BOS", timezone: "America/New_York" },
  { slug: "atlanta", name: "Atlanta", code: "ATL", timezone: "America/New_York" },
  { slug: "nashville", name: "Nashville", code: "NASH", timezone: "America/Chicago" },
] as const;

export type Market = (typeof MARKETS)[number];
export type MarketSlug = Market["slug"];
export type UtmKey = "utm_source" | "utm_medium" | "utm_campaign" | "utm_term" | "utm_content";

/** The campaign parameters the site keeps (spec §3 utmParams) and reads a market from. */
export const UTM_KEYS: readonly UtmKey[] = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];

export function isMarketSlug(value: unknown): value is MarketSlug {
  return MARKETS.some((m) => m.slug === value);
}

/** The market's timezone; with no market chosen yet (or an unknown one), the spec's default zone. */
export function marketTimezone(slug: string | null | undefined): string {
  return MARKETS.find((m) => m.slug === slug)?.timezone ?? DEFAULT_TIMEZONE;
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
