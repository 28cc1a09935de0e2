import { cookies } from "~/platform/cookies.server";
import { getEnv } from "~/platform/env.server";
import { languageName, messagesFor, supportedLocales } from "./catalogues.server";
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

const documents = new Map<string, DocumentI18n>();
/**
 * A request's words (decision 027, issue 22): its locale (the console's is English), the languages to switch to, and
 * its section's messages — with their JSON for the page's `<script type="application/json">` (`<` escaped), made
 * once per locale and section. A document's render reads them from entry.server, not from the root loader's data:
 * 46 KB of messages would be stringified, parsed and stringified again on every booking page. A client navigation's
 * `?_data=root` gets them appended (`withPageWords`).
 */
export function documentI18n(request: Request): DocumentI18n {
  const { pathname } = new URL(request.url);
  const locale = isStaffPath(pathname) ? DEFAULT_LOCALE : localeOf(request);
  const namespaces = namespacesFor(pathname);
  const key = `${locale}|${namespaces.join()}`;
  let words = documents.get(key);
  if (!words) {
    const languages = supportedLocales().map((l) => ({ locale: l, name: languageName(l) }));
    const i18n: PageI18n = { locale, messages: messagesFor(locale, namespaces), languages };
    documents.set(key, (words = { i18n, json: JSON.stringify(i18n).replace(/</g, "\\u003c") }));
  }
  return words;
}

/**
 * The root's data for a client navigation (`?_data=root`) with the page's words in it, as its `i18n`: the cached
 * JSON appended to the loader's, not the messages stringified again. Anything but a 200 JSON object passes as it is.
 */
export async function withPageWords(response: Response, request: Request): Promise<Response> {
  if (response.status !== 200 || !response.headers.get("Content-Type")?.startsWith("application/json")) return response;
  const body = await response.text();
  if (!body.startsWith("{") || !body.endsWith("}")) return new Response(body, response);
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  const words = `"i18n":${documentI18n(request).json}}`;
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
