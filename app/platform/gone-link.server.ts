import type { GoneLink } from "./gone-link";

// The thrower, apart from the error page's reader (gone-link.ts): a route that imported it for its loader put
// gone-link.ts in its page's scripts, and so in a chunk of its own that every page loaded beside root's (decision 019).

/** The 404 for an unknown, expired or used link (gone-link.ts): its words are message keys the error page translates. */
export function goneLink(link: GoneLink): Response {
  return new Response(JSON.stringify({ goneLink: link }), {
    status: 404,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
