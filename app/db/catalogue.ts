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
  address?: string;
  phone?: string;
  openingHours?: string;
  latitude?: number;
  longitude?: number;
};

/**
 * DEMO DATA: street addresses plausible for each neighbourhood, phone numbers in the 555-01xx range
 * reserved for fiction, approximate coordinates. Not real studios: replace before going live.
 */
const DEMO_CONTACT: Record<string, [address: string, phone: string, lat: number, lon: number]> = {
  "14th-and-u": ["1360 U St NW, Washington, DC 20009", "2025550141", 38.917, -77.031],
  "capitol-hill": ["660 Pennsylvania Ave SE, Washington, DC 20003", "2025550142", 38.8843, -76.996],
  "navy-yard": ["1201 Half St SE, Washington, DC 20003", "2025550143", 38.876, -77.007],
  "metro-center": ["1100 G St NW, Washington, DC 20005", "2025550144", 38.8985, -77.027],
  "golden-triangle": ["1800 M St NW, Washington, DC 20036", "2025550145", 38.9055, -77.042],
  "pentagon-city": ["1201 S Hayes St, Arlington, VA 22202", "7035550146", 38.8625, -77.06],
  ballston: ["4238 Wilson Blvd, Arlington, VA 22203", "7035550147", 38.8805, -77.11],
  "mosaic-district": ["2910 District Ave, Fairfax, VA 22031", "7035550148", 38.8725, -77.23],
  "park-slope": ["210 7th Ave, Brooklyn, NY 11215", "7185550151", 40.671, -73.978],
  "long-island-city": ["27-01 Jackson Ave, Long Island City, NY 11101", "7185550152", 40.747, -73.94],
  "rockefeller-center": ["45 Rockefeller Plaza, New York, NY 10111", "2125550153", 40.759, -73.978],
  "cobble-hill": ["150 Court St, Brooklyn, NY 11201", "7185550154", 40.687, -73.994],
  "downtown-brooklyn": ["345 Adams St, Brooklyn, NY 11201", "7185550155", 40.693, -73.989],
  "upper-east-side": ["1230 3rd Ave, New York, NY 10021", "2125550156", 40.77, -73.961],
  "clinton-hill": ["455 Myrtle Ave, Brooklyn, NY 11205", "7185550157", 40.693, -73.966],
  "west-village": ["120 Christopher St, New York, NY 10014", "2125550158", 40.733, -74.006],
  "east-village": ["80 St Marks Pl, New York, NY 10003", "2125550159", 40.728, -73.986],
  "wall-street": ["55 Wall St, New York, NY 10005", "2125550160", 40.706, -74.009],
  williamsburg: ["250 Bedford Ave, Brooklyn, NY 11249", "7185550161", 40.716, -73.959],
  "upper-west-side": ["2270 Broadway, New York, NY 10024", "2125550162", 40.785, -73.979],
  "hells-kitchen": ["600 9th Ave, New York, NY 10036", "2125550163", 40.76, -73.992],
  "grand-central": ["360 Lexington Ave, New York, NY 10017", "2125550164", 40.751, -73.977],
  flatiron: ["150 5th Ave, New York, NY 10011", "2125550165", 40.74, -73.991],
  chelsea: ["200 W 23rd St, New York, NY 10011", "2125550166", 40.744, -73.996],
  westport: ["1300 Post Rd E, Westport, CT 06880", "2035550167", 41.139, -73.329],
  fenway: ["1330 Boylston St, Boston, MA 02215", "6175550171", 42.345, -71.098],
  "post-office-square": ["10 Post Office Sq, Boston, MA 02109", "6175550172", 42.356, -71.055],
  "kendall-square": ["300 Main St, Cambridge, MA 02142", "6175550173", 42.3625, -71.086],
  "south-boston": ["330 W Broadway, Boston, MA 02127", "6175550174", 42.336, -71.05],
  buckhead: ["3035 Peachtree Rd NE, Atlanta, GA 30305", "4045550181", 33.84, -84.38],
  "ponce-city-market": ["675 Ponce de Leon Ave NE, Atlanta, GA 30308", "4045550182", 33.772, -84.366],
  "atlanta-midtown": ["1000 Peachtree St NE, Atlanta, GA 30309", "4045550183", 33.782, -84.383],
  "east-nashville": ["1006 Fatherland St, Nashville, TN 37206", "6155550191", 36.177, -86.75],
  stella: ["2000 Belcourt Ave, Nashville, TN 37212", "6155550192", 36.137, -86.8],
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

function contactOf(slug: string) {
  const contact = DEMO_CONTACT[slug];
  if (!contact) return {};
  const [address, phone, latitude, longitude] = contact;
  return { address, phone, latitude, longitude, openingHours: OPENING_HOURS };
}

const LOCATION_IDS: Record<string, number> = { "kendall-square": 1297, "post-office-square": 1298, fenway: 1299 };
/** Studios not yet open for booking (shown as coming soon). */
const COMING_SOON = new Set(["westport", "stella"]);

/** The demo studios' opening hours as patients read them: the same as DEMO_WEEKLY_HOURS below. */
const OPENING_HOURS = "Mon–Fri 8 AM–5 PM (Tue, Thu 10 AM–7 PM) · Sat 9 AM–2 PM";

export const STUDIO_ROWS: StudioSeed[] = [
  ...Object.entries(byMarket).flatMap(([market, studios]) =>
    studios.map(([slug, name]) => ({
      slug,
      name,
      market: market as MarketSlug,
      enabled: !COMING_SOON.has(slug),
      locationId: LOCATION_IDS[slug],
      timezone: specStudioTimezone(slug),
      ...contactOf(slug),
    })),
  ),
  { slug: "virtual", name: "Virtual consult (video)", market: null, timezone: specStudioTimezone("virtual"), isVirtual: true, phone: "6175550100", openingHours: OPENING_HOURS },
];

/**
 * What a service is in this catalogue. `priceCents` is the self-pay price (DEMO DATA); 0 is a free consult. Rules of the spec about services are not stored with them: intake
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
  /** Recall (issue 20): months until the next visit of this service is due after a completed one. */
  recallMonths?: number;
};

export const SERVICE_ROWS: ServiceSeed[] = [
  { code: "CLNCHK", name: "Checkup & cleaning", description: "Exam, cleaning and X-rays as needed.", category: "preventive", durationMinutes: 60, providerRoles: ["hygienist"], virtualAllowed: false, priceCents: 19900, recallMonths: 6 },
  { code: "WHTNG", name: "Teeth whitening", description: "In-studio whitening in one visit.", category: "cosmetic", durationMinutes: 90, providerRoles: ["hygienist", "dentist"], virtualAllowed: false, priceCents: 49900 },
  { code: "INVISALN", name: "Invisalign consult", description: "Scan and plan for clear aligners.", category: "ortho", durationMinutes: 30, providerRoles: ["orthodontist", "dentist"], virtualAllowed: true, priceCents: 0 },
  { code: "BRACESCON", name: "Braces consult", description: "Exam and options for braces.", category: "ortho", durationMinutes: 30, providerRoles: ["orthodontist"], virtualAllowed: false, priceCents: 0 },
  { code: "GENOCON", name: "General consult", description: "Talk through a concern with a dentist.", category: "consult", durationMinutes: 30, providerRoles: ["dentist"], virtualAllowed: true, priceCents: 9900 },
  { code: "IMPCON", name: "Implant consult", description: "Options to replace a missing tooth.", category: "consult", durationMinutes: 30, providerRoles: ["dentist"], virtualAllowed: false, priceCents: 9900 },
  { code: "CRNCON", name: "Crown consult", description: "Assess a tooth that may need a crown.", category: "consult", durationMinutes: 30, providerRoles: ["dentist"], virtualAllowed: false, priceCents: 9900 },
  { code: "BRGCON", name: "Bridge consult", description: "Options for a bridge.", category: "consult", durationMinutes: 30, providerRoles: ["dentist"], virtualAllowed: false, priceCents: 9900 },
  { code: "COSCON", name: "Cosmetic consult", description: "Veneers, bonding and smile design.", category: "cosmetic", durationMinutes: 30, providerRoles: ["dentist"], virtualAllowed: true, priceCents: 7500 },
  { code: "BOTOXCON", name: "Botox consult", description: "Therapeutic and cosmetic Botox.", category: "cosmetic", durationMinutes: 30, providerRoles: ["dentist"], virtualAllowed: false, priceCents: 7500 },
  { code: "EMERG", name: "Emergency visit", description: "Pain, a broken tooth or swelling, seen soon.", category: "emergency", durationMinutes: 45, providerRoles: ["dentist"], virtualAllowed: false, priceCents: 14950 },
];

/** Demo staff: every enabled studio can take every in-studio service out of the box. */
export const DEMO_STAFF = [
  { role: "dentist", names: ["Dr. Maya Chen", "Dr. Samuel Ortiz"] },
  { role: "hygienist", names: ["Priya Nair, RDH", "Jordan Lee, RDH"] },
  { role: "orthodontist", names: ["Dr. Elena Rossi"] },
] as const;

const hours = (start: number, end: number) => ({ startMinute: start * 60, endMinute: end * 60 });
/** Weekly hours in studio-local time: weekdays 8–17 (Tue/Thu 10–19), Saturday 9–14. The studios' opening hours say the same. */
export const DEMO_WEEKLY_HOURS = [
  { weekday: 1, ...hours(8, 17) },
  { weekday: 2, ...hours(10, 19) },
  { weekday: 3, ...hours(8, 17) },
  { weekday: 4, ...hours(10, 19) },
  { weekday: 5, ...hours(8, 17) },
  { weekday: 6, ...hours(9, 14) },
];
