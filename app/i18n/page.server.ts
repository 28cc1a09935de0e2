import { cookies } from "~/platform/cookies.server";
import { getEnv } from "~/platform/env.server";
import { languageName, messagesFor, supportedLocales } from "./catalogues.server";
import { keysNamedByPage, routeIdsOf, type AssetsManifest } from "./route-words.server";
import { chosenLocale, localeOf } from "./locale.server";
import { isStaffPath, namespacesFor } from "./namespaces";
import { DEFAULT_LOCALE } from "./translate";
import type { Alternate, DocumentI18n, PageI18n } from "./use-t";

/**
 * A page's language frame for the root loader (decision 027): on a public page the `hreflang` alternates (the same
 * path with `?lang=`; x-default is the plain path); a language chosen by `?lang=` is remembered in the `lang` cookie.
 * Which pages are public is the content's to say (`content/public-pages`): the caller asks it and passes the answer,
 * so the language layer imports no feature (decision 040). The page's words are not loader data: see `documentI18n`.
 */
export function pageLanguage(
  request: Request,
  page: { staff: boolean; public: boolean },
): { alternates: Alternate[] | null; setCookie: string | null } {
  const { pathname } = new URL(request.url);
  const chosen = page.staff ? null : chosenLocale(request);
  const origin = getEnv().SITE_ORIGIN;
  const alternates = page.public
    ? [
        ...supportedLocales().map((l) => ({ hrefLang: l, href: `${origin}${pathname}?lang=${l}` })),
        { hrefLang: "x-default", href: `${origin}${pathname}` },
      ]
    : null;
  return { alternates, setCookie: chosen ? cookies.language(chosen) : null };
}

/** The build's assets manifest, as the first document render of this process saw it: client navigations' words need it. */
let lastManifest: AssetsManifest | null = null;

/**
 * The words a page ships to the browser (issue 34 F), as JSON for its `<script type="application/json">` or a client
 * navigation's root data: `common` whole (the chrome, forms, error pages), and of the section's namespaces only the
 * keys the page's scripts name (`keysNamedByPage`) plus, on a document, `rendered`, the keys the server's render of it
 * looked up — so hydration finds every word the server wrote, whatever the page's state — or, on a navigation, every
 * key only the server's code names (a loader may hand the page one). Without the build's files (a render outside a
 * production build) the section's messages whole, as before.
 */
function shippedJson(locale: string, namespaces: readonly string[], page: { manifest: AssetsManifest; routeIds: readonly string[] } | null, rendered?: ReadonlySet<string>): string {
  const all = messagesFor(locale, namespaces);
  // A document adds what its render looked up; a client navigation, every key only the server's code names.
  const named = page ? keysNamedByPage(page.manifest, page.routeIds, Object.keys(all), { withServerOnly: !rendered }) : null;
  let messages = all;
  if (named) {
    messages = {};
    for (const [key, message] of Object.entries(all)) if (key.startsWith("common.") || named.has(key) || rendered?.has(key)) messages[key] = message;
  }
  const i18n: PageI18n = { locale, messages, languages: languagesOf() };
  return JSON.stringify(i18n).replace(/</g, "\\u003c");
}

let languages: PageI18n["languages"] | undefined;
const languagesOf = () => (languages ??= supportedLocales().map((l) => ({ locale: l, name: languageName(l) })));

/**
 * A document's words (decision 027, issue 34): its locale (the console's is English), the languages to switch to, and
 * its section's messages for the server's render — through a wrapper that notes each key the render looks up — and
 * `json()`, what the page ships: called by the page's words script, which the root renders after the page's content.
 */
export function documentI18n(request: Request, page?: { manifest: AssetsManifest; routeIds: readonly string[] }): DocumentI18n {
  const { pathname } = new URL(request.url);
  const locale = isStaffPath(pathname) ? DEFAULT_LOCALE : localeOf(request);
  const namespaces = namespacesFor(pathname);
  if (page) lastManifest = page.manifest;
  const rendered = new Set<string>();
  const all = messagesFor(locale, namespaces);
  const noting = new Proxy(all, {
    get(target, key) {
      if (typeof key === "string" && key in target) rendered.add(key);
      return Reflect.get(target, key);
    },
  });
  return { i18n: { locale, messages: noting, languages: languagesOf() }, json: () => shippedJson(locale, namespaces, page ?? null, rendered) };
}

/**
 * The root's data for a client navigation (`?_data=root`) with the page's words in it, as its `i18n`: the words of the
 * page the navigation opens (its routes matched in the build), appended to the loader's JSON. Anything but a 200 JSON
 * object passes as it is.
 */
export async function withPageWords(response: Response, request: Request): Promise<Response> {
  if (response.status !== 200 || !response.headers.get("Content-Type")?.startsWith("application/json")) return response;
  const body = await response.text();
  if (!body.startsWith("{") || !body.endsWith("}")) return new Response(body, response);
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  const { pathname } = new URL(request.url);
  const locale = isStaffPath(pathname) ? DEFAULT_LOCALE : localeOf(request);
  const page = lastManifest ? { manifest: lastManifest, routeIds: routeIdsOf(lastManifest, pathname) } : null;
  const words = `"i18n":${shippedJson(locale, namespacesFor(pathname), page)}}`;
  return new Response(body === "{}" ? `{${words}` : `${body.slice(0, -1)},${words}`, { status: 200, headers });
}

/**
 * A page's words depend on `?lang=` (in the URL already), the `lang` cookie and `Accept-Language`: a shared cache
 * must keep one copy per those headers or serve English to a Spanish reader (and back). Every document and every
 * loader's data (it carries the section's messages, or texts a loader worded) says so; `no-store` pages too, harmless.
 */
export function varyByLanguage(headers: Headers): Headers {
  const vary = new Set((headers.get("Vary") ?? "").split(",").map((v) => v.trim()).filter(Boolean));
  for (const name of ["Accept-Language", "Cookie"]) if (![...vary].some((v) => v.toLowerCase() === name.toLowerCase())) vary.add(name);
  headers.set("Vary", [...vary].join(", "));
  return headers;
}
