/**
 * Addresses that carry a secret — a visit's token (`/booking/confirmed/<token>…`, `/profile/appointments/<token>…`,
 * `/intake…?token=`, the card photos) or an emailed link's (`?token=` on set-password, email-verification,
 * confirm-email-change; a recall email's `/recall/unsubscribe/<token>`, a waitlist email's `/waitlist/offer/<token>`
 * and `/waitlist/leave/<token>`, a staff invitation's `/staff/setup/<token>`) — and the patient area's pages of
 * health data. Every response there (page, 400 re-render, redirect, 404, photo, calendar file) sends
 * `Referrer-Policy: no-referrer` (decision 006), so the token never leaves in a Referer. Decided here, by the address, for every response: routes do not set it.
 */
const SECRET_PATHS = /^\/(intake|booking\/confirmed|booking\/series|profile|recall\/unsubscribe|waitlist\/(offer|leave)|staff\/setup|set-password|email-verification|confirm-email-change)(\/|$)/;

export function referrerPolicyFor(path: string, query: string) {
  return SECRET_PATHS.test(path) || /(^|&)token=/.test(query) ? "no-referrer" : "strict-origin-when-cross-origin";
}

/** Security headers sent on every response. The CSP is enforced, with a per-request nonce for Remix's inline scripts. */
export function securityHeaders({
  nonce,
  production,
  extraConnect = [],
  extraScript = [],
  extraFrame = [],
  extraStyle = [],
  extraImg = [],
  extraFormAction = [],
  referrerPolicy = "strict-origin-when-cross-origin",
}: {
  nonce: string;
  /** referrerPolicyFor(the request's address). */
  referrerPolicy?: string;
  production: boolean;
  extraConnect?: string[];
  extraScript?: string[];
  extraFrame?: string[];
  extraStyle?: string[];
  /** Images from elsewhere: Contentful's Images API when a space is configured. */
  extraImg?: string[];
  /** Where our forms may lead: Stripe's hosted Checkout page when Stripe is configured (its 303 is a form's navigation). */
  extraFormAction?: string[];
}) {
  const csp = [
    "default-src 'self'",
    [`script-src 'self' 'nonce-${nonce}'`, ...extraScript].join(" "),
    // The site's stylesheet is inline (decision 013), allowed by the same nonce as the scripts.
    [`style-src 'self' 'nonce-${nonce}'`, ...extraStyle].join(" "),
    ["img-src 'self' data:", ...extraImg].join(" "),
    "font-src 'self'",
    ["connect-src 'self'", ...extraConnect].join(" "),
    ...(extraFrame.length ? [["frame-src", ...extraFrame].join(" ")] : []),
    ["form-action 'self'", ...extraFormAction].join(" "),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": referrerPolicy,
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (production) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
