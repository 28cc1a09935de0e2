import type { HeadersFunction } from "@remix-run/node";

/**
 * Pages that are someone's own (accounts, visits, intake, emailed links): never in a shared cache or the
 * back-forward store. `Referrer-Policy: no-referrer` for the addresses that hold a secret is the server's, decided
 * in one place (referrerPolicyFor).
 */
export const PRIVATE_PAGE = { "Cache-Control": "private, no-store" } as const;

/**
 * An account page's headers: private, and a 429's Retry-After from its action. A function, not a call to one:
 * `export const headers = authHeaders` is dropped from the browser's bundle with the rest of the server's exports.
 */
export const authHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(PRIVATE_PAGE);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
