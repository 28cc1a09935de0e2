/**
 * Which catalogue namespaces a page needs, by its path (decision 027): a page ships only its section's messages,
 * not the whole product's. `common` (the chrome, forms, error pages) is on every page. A component's strings live
 * in the namespace of every section that shows it (visit rows: `visit`, loaded by the booking and profile pages).
 * A path's section is the first pattern it matches. A page ships only the keys of these its scripts name (issue 34,
 * `route-words.server.ts`); the server's render reads them all.
 */
const SECTIONS = [
  [/^\/booking\/confirmed\//, "confirmed"],
  [/^\/booking(\/|$)/, "booking"],
  [/^\/intake(\/|$)/, "intake"],
  [/^\/profile\/appointments\/[^/]+\/reschedule$/, "profileMove"],
  [/^\/profile(\/|$)/, "profile"],
  [/^\/(login|signup|forgot-password|set-password|confirm-email-change|email-verification|logout|account-closed)(\/|$)/, "account"],
  [/^\/waitlist\//, "waitlist"],
  [/^\/recall\//, "recall"],
  [/^\/payments\//, "payments"],
  [/^\/staff(\/|$)/, "console"],
  [/^/, "marketing"],
] as const satisfies readonly (readonly [RegExp, string])[];

type Section = (typeof SECTIONS)[number][1];

const NAMESPACES: Record<Section, readonly string[]> = {
  confirmed: ["booking", "visit", "family", "account-offer"],
  booking: ["booking", "family", "waitlist"],
  intake: ["intake"],
  // Moving a visit from the patient area shows the booking's time picker (its words are booking.times.*).
  profileMove: ["account", "visit", "family", "waitlist", "recall", "booking"],
  profile: ["account", "visit", "family", "waitlist", "recall"],
  account: ["account"],
  waitlist: ["waitlist"],
  recall: ["recall"],
  // A late-cancel fee's pay page: its words are visit.fee.*.
  payments: ["visit"],
  // The console stays English (decision 027); its move form shows the booking's time picker.
  console: ["booking"],
  marketing: ["marketing"],
};

const sectionOf = (pathname: string): Section => SECTIONS.find(([pattern]) => pattern.test(pathname))![1];

export function namespacesFor(pathname: string): string[] {
  return ["common", ...NAMESPACES[sectionOf(pathname)]];
}


/** The studio console (decision 020): English only (decision 027), no patient session, no scripts. */
export const isStaffPath = (pathname: string) => pathname === "/staff" || pathname.startsWith("/staff/");
