import type { HeadersFunction } from "@remix-run/node";

/**
 * Pages whose URL holds a secret (emailed links, visit tokens): never in a shared cache. `Referrer-Policy:
 * no-referrer` is sent by the server for these addresses, decided in one place (referrerPolicyFor).
 */
export const NO_REFERRER = { "Cache-Control": "private, no-store" } as const;

/** An account page's headers: a 429's Retry-After from its action; `no-referrer` pages add NO_REFERRER. */
export const authHeaders =
  ({ noReferrer = false } = {}): HeadersFunction =>
  ({ actionHeaders }) => {
    const headers = new Headers(noReferrer ? NO_REFERRER : { "Cache-Control": "private, no-store" });
    const retryAfter = actionHeaders.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
    return headers;
  };
