import type { HeadersFunction } from "@remix-run/node";

/** Account pages whose URL holds a secret (emailed links): never in a Referer, never in a shared cache. */
export const NO_REFERRER = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } as const;

/** An account page's headers: a 429's Retry-After from its action; `no-referrer` pages add NO_REFERRER. */
export const authHeaders =
  ({ noReferrer = false } = {}): HeadersFunction =>
  ({ actionHeaders }) => {
    const headers = new Headers(noReferrer ? NO_REFERRER : { "Cache-Control": "private, no-store" });
    const retryAfter = actionHeaders.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
    return headers;
  };
