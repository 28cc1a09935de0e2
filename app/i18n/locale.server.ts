import { readCookies } from "~/platform/cookies.server";
import { supportedLocales, tFor } from "./catalogues.server";
import { DEFAULT_LOCALE, type T } from "./translate";
// zod's own messages become message keys wherever a reply is worded (and a request's locale is read).
import "./zod-messages.server";

/**
 * The language of a request (decision 027), resolved the same way for every page, action and email sent at once:
 * `?lang=` (the language link, and the hreflang alternates search engines follow), then the `lang` cookie the
 * link leaves, then the browser's `Accept-Language`, then English.
 */
export function localeOf(request: Request): string {
  return chosenLocale(request) ?? readCookieLocale(request) ?? acceptLanguageLocale(request.headers.get("Accept-Language")) ?? DEFAULT_LOCALE;
}

/** The language the URL asks for, when it is one we speak: the root loader then remembers it in the cookie. */
export function chosenLocale(request: Request): string | null {
  return matchLocale(new URL(request.url).searchParams.get("lang"));
}

function readCookieLocale(request: Request): string | null {
  return matchLocale(readCookies(request).lang ?? null);
}

/** "es-MX,es;q=0.9,en;q=0.5" → es-US: the first tag (by q) whose language we speak, in its region or another. */
export function acceptLanguageLocale(header: string | null): string | null {
  if (!header) return null;
  const tags = header
    .split(",")
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.trim().slice(2) ?? "1");
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((t) => t.q > 0 && t.tag && t.tag !== "*")
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return null;
}

/** A tag we speak: exact (case-insensitive), else by language alone ("es", "es-MX" → es-US). */
export function matchLocale(tag: string | null): string | null {
  if (!tag || tag.length > 35) return null;
  const locales = supportedLocales();
  const lower = tag.toLowerCase();
  const exact = locales.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split("-")[0];
  return locales.find((l) => l.toLowerCase().split("-")[0] === language) ?? null;
}

/** The request's locale and its `t`, for loaders and actions that word something themselves. */
export function i18nOf(request: Request): { locale: string; t: T } {
  const locale = localeOf(request);
  return { locale, t: tFor(locale) };
}
