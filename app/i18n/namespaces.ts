/**
 * Which catalogue namespaces a page needs, by its path (decision 027): a page ships only its section's messages,
 * not the whole product's. `common` (the chrome, forms, error pages) is on every page. A component's strings live
 * in the namespace of every section that shows it (visit rows: `visit`, loaded by the booking and profile pages).
 */
const SECTIONS: [RegExp, readonly string[]][] = [
  [/^\/booking\/confirmed\//, ["booking", "visit", "family", "account-offer"]],
  [/^\/booking(\/|$)/, ["booking", "family", "waitlist"]],
  [/^\/intake(\/|$)/, ["intake"]],
  // Moving a visit from the patient area shows the booking's time picker (its words are booking.times.*).
  [/^\/profile\/appointments\/[^/]+\/reschedule$/, ["account", "visit", "family", "waitlist", "recall", "booking"]],
  [/^\/profile(\/|$)/, ["account", "visit", "family", "waitlist", "recall"]],
  [/^\/(login|signup|forgot-password|set-password|confirm-email-change|email-verification|logout)(\/|$)/, ["account"]],
  [/^\/waitlist\//, ["waitlist"]],
  [/^\/recall\//, ["recall"]],
  // The console stays English (decision 027); its move form shows the booking's time picker.
  [/^\/staff(\/|$)/, ["booking"]],
  [/^/, ["marketing"]],
];

export function namespacesFor(pathname: string): string[] {
  const section = SECTIONS.find(([pattern]) => pattern.test(pathname))![1];
  return ["common", ...section];
}

/** Two paths of one section share their messages: a client navigation between them needs no new ones. */
export const sameMessages = (a: string, b: string) => namespacesFor(a).join() === namespacesFor(b).join();

/** The studio console (decision 020): English only (decision 027), no patient session, no scripts. */
export const isStaffPath = (pathname: string) => pathname === "/staff" || pathname.startsWith("/staff/");
