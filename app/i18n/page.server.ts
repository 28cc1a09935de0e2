import { cookies } from "~/platform/cookies.server";
import { getEnv } from "~/platform/env.server";
import { isPublicPage } from "~/content/public-pages";
import { languageName, messagesFor, supportedLocales } from "./catalogues.server";
import { chosenLocale, localeOf } from "./locale.server";
import { namespacesFor } from "./namespaces";
import { DEFAULT_LOCALE } from "./translate";
import type { Alternate, PageI18n } from "./use-t";

/**
 * The root loader's words for a page (decision 027): its locale, its section's messages, the languages to switch
 * to; on a public page, the `hreflang` alternates (the same path with `?lang=`; x-default is the plain path). A
 * language chosen by `?lang=` is remembered in the `lang` cookie. The console speaks English only.
 */
export function pageI18n(request: Request, staffPage: boolean): { i18n: PageI18n; alternates: Alternate[] | null; setCookie: string | null } {
  const { pathname } = new URL(request.url);
  const locale = staffPage ? DEFAULT_LOCALE : localeOf(request);
  const chosen = staffPage ? null : chosenLocale(request);
  const languages = supportedLocales().map((l) => ({ locale: l, name: languageName(l) }));
  const origin = getEnv().SITE_ORIGIN;
  const alternates = isPublicPage(pathname)
    ? [
        ...languages.map(({ locale: l }) => ({ hrefLang: l, href: `${origin}${pathname}?lang=${l}` })),
        { hrefLang: "x-default", href: `${origin}${pathname}` },
      ]
    : null;
  return {
    i18n: { locale, messages: messagesFor(locale, namespacesFor(pathname)), languages },
    alternates,
    setCookie: chosen ? cookies.language(chosen) : null,
  };
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
