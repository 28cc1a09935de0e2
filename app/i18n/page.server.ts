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
