import { MARKETS, type MarketSlug } from "~/rules/markets";
import { specStudioTimezone } from "~/rules/timezones";

/**
 * The studio catalogue seeded on a fresh database. Operators edit this file to change studios or
 * services; the seed only adds what is missing. Markets (with their timezones) and studio timezones are
 * rules of the spec, defined once in app/rules (markets.ts, timezones.ts): the seed copies them.
 */
export const MARKET_ROWS = MARKETS.map(({ slug, name, timezone }) => ({ slug, name, timezone }));

type StudioSeed = {
  slug: string;
  name: string;
  market: MarketSlug | null;
  enabled?: boolean;
  locationId?: number;
  timezone?: string;
  isVirtual?: boolean;
};

const byMarket: Record<MarketSlug, [string, string][]> = {
  "washington-dc": [
    ["14th-and-u", "14th & U"],
    ["capitol-hill", "Capitol Hill"],
    ["navy-yard", "Navy Yard"],
    ["metro-center", "Metro Center"],
    ["golden-triangle", "Golden Triangle"],
    ["pentagon-city", "Pentagon City"],
    ["ballston", "Ballston"],
    ["mosaic-district", "Mosaic District"],
  ],
  "new-york-city": [
    ["park-slope", "Park Slope"],
    ["long-island-city", "Long Island City"],
    ["rockefeller-center", "Rockefeller Center"],
    ["cobble-hill", "Cobble Hill"],
    ["downtown-brooklyn", "Downtown Brooklyn"],
    ["upper-east-side", "Upper East Side"],
    ["clinton-hill", "Clinton Hill"],
    ["west-village", "West Village"],
    ["east-village", "East Village"],
    ["wall-street", "Wall Street"],
    ["williamsburg", "Williamsburg"],
    ["upper-west-side", "Upper West Side"],
    ["hells-kitchen", "Hell's Kitchen"],
    ["grand-central", "Grand Central"],
    ["flatiron", "Flatiron"],
    ["chelsea", "Chelsea"],
    ["westport", "Westport"],
  ],
  boston: [
    ["fenway", "Fenway"],
    ["post-office-square", "Post Office Square"],
    ["kendall-square", "Kendall Square"],
    ["south-boston", "South Boston"],
  ],
  atlanta: [
    ["buckhead", "Buckhead"],
    ["ponce-city-market", "Ponce City Market"],
    ["atlanta-midtown", "Midtown Atlanta"],
  ],
  nashville: [
    ["east-nashville", "East Nashville"],
    ["stella", "Stella"],
  ],
};

const LOCATION_IDS: Record<string, number> = { "kendall-square": 1297, "post-office-square": 1298, fenway: 1299 };
/** Studios not yet open for booking (shown as coming soon). */
const COMING_SOON = new Set(["westport", "stella"]);

export const STUDIO_ROWS: StudioSeed[] = [
  ...Object.entries(byMarket).flatMap(([market, studios]) =>
    studios.map(([slug, name]) => ({
      slug,
      name,
      market: market as MarketSlug,
      enabled: !COMING_SOON.has(slug),
      locationId: LOCATION_IDS[slug],
      timezone: specStudioTimezone(slug),
    })),
  ),
  { slug: "virtual", name: "Virtual consult (video)", market: null, timezone: specStudioTimezone("virtual"), isVirtual: true },
];

/**
 * What a service is in this catalogue. Rules of the spec about services are not stored with them: intake
 * required (rules/intake.ts), required comfort preferences (rules/needs-insurance.ts).
 */
export type ServiceSeed = {
  code: string;
  name: string;
  description: string;
  category: "preventive" | "cosmetic" | "ortho" | "consult" | "emergency";
  durationMinutes: number;
  providerRoles: ("dentist" | "hygienist" | "orthodontist")[];
  virtualAllowed: boolean;
  priceCents: number | null;
};

export const SERVICE_ROWS: ServiceSeed[] = [
  { code: "CLNCHK", name: "Checkup & cleaning", description: "Exam, cleaning and X-rays as needed.", category: "preventive", durationMinutes: 60, providerRoles: ["hygienist"], virtualAllowed: false, priceCents: null },
  { code: "WHTNG", name: "Teeth whitening", description: "In-studio whitening in one visit.", category: "cosmetic", durationMinutes: 90, providerRoles: ["hygienist", "dentist"], virtualAllowed: false, priceCents: 49900 },
  { code: "INVISALN", name: "Invisalign consult", description: "Scan and plan for clear aligners.", category: "ortho", durationMinutes: 30, providerRoles: ["orthodontist", "dentist"], virtualAllowed: true, priceCents: null },
  { code: "BRACESCON", name: "Braces consult", description: "Exam and options for braces.", category: "ortho", durationMinutes: 30, providerRoles: ["orthodontist"], virtualAllowed: false, priceCents: null },
  { code: "GENOCON", name: "General consult", description: "Talk through a concern with a dentist.", category: "consult", durationMinutes: 30, providerRoles: ["dentist"], virtualAllowed: true, priceCents: null },
  { code: "IMPCON", name: "Implant consult", description: "Options to replace a missing tooth.", category: "consult", durationMinutes: 30, providerRoles: ["dentist"], virtualAllowed: false, priceCents: null },
  { code: "CRNCON", name: "Crown consult", description: "Assess a tooth that may need a crown.", category: "consult", durationMinutes: 30, providerRoles: ["dentist"], virtualAllowed: false, priceCents: null },
  { code: "BRGCON", name: "Bridge consult", description: "Options for a bridge.", category: "consult", durationMinutes: 30, providerRoles: ["dentist"], virtualAllowed: false, priceCents: null },
  { code: "COSCON", name: "Cosmetic consult", description: "Veneers, bonding and smile design.", category: "cosmetic", durationMinutes: 30, providerRoles: ["dentist"], virtualAllowed: true, priceCents: null },
  { code: "BOTOXCON", name: "Botox consult", description: "Therapeutic and cosmetic Botox.", category: "cosmetic", durationMinutes: 30, providerRoles: ["dentist"], virtualAllowed: false, priceCents: null },
  { code: "EMERG", name: "Emergency visit", description: "Pain, a broken tooth or swelling, seen soon.", category: "emergency", durationMinutes: 45, providerRoles: ["dentist"], virtualAllowed: false, priceCents: null },
];

/** Demo staff: every enabled studio can take every in-studio service out of the box. */
export const DEMO_STAFF = [
  { role: "dentist", names: ["Dr. Maya Chen", "Dr. Samuel Ortiz"] },
  { role: "hygienist", names: ["Priya Nair, RDH", "Jordan Lee, RDH"] },
  { role: "orthodontist", names: ["Dr. Elena Rossi"] },
] as const;

const hours = (start: number, end: number) => ({ startMinute: start * 60, endMinute: end * 60 });
/** Weekly hours in studio-local time: weekdays 8–17 (Tue/Thu 10–19), Saturday 9–14. */
export const DEMO_WEEKLY_HOURS = [
  { weekday: 1, ...hours(8, 17) },
  { weekday: 2, ...hours(10, 19) },
  { weekday: 3, ...hours(8, 17) },
  { weekday: 4, ...hours(10, 19) },
  { weekday: 5, ...hours(8, 17) },
  { weekday: 6, ...hours(9, 14) },
];
