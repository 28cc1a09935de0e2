/** Account pages whose URL holds a secret (emailed links): never in a Referer, never in a shared cache. */
export const NO_REFERRER = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } as const;
