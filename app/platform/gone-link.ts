/**
 * An unknown, expired or used link with a token in it (set a password, confirm an email, a visit, intake):
 * a 404 whose page says what to do next. Thrown from a loader (goneLink, gone-link.server.ts); the root's error page shows it (one place,
 * one <title>, no canonical link). Its words are `common.gone.*` message keys (or `msg()`s): the thrower does not
 * know the reader's language, the error page does.
 */
export type GoneLink = { heading: string; message: string; next: { href: string; label: string } };

/** The link's words when a thrown 404 is one of these (Remix parses a JSON body into `error.data`). */
export function goneLinkOf(data: unknown): GoneLink | null {
  const link = (data as { goneLink?: GoneLink } | null)?.goneLink;
  return link && typeof link.heading === "string" ? link : null;
}
