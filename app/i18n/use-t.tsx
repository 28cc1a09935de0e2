import { useRouteLoaderData } from "@remix-run/react";
import { cloneElement, createContext, Fragment, useContext, type ReactElement } from "react";
import { DEFAULT_LOCALE, makeT, splitTags, type Messages, type T, type Vars } from "./translate";

/** What the root loader gives every page for its words (decision 027). */
/** A public page's `hreflang` alternate. */
export type Alternate = { hrefLang: string; href: string };

export type PageI18n = { locale: string; messages: Messages; languages: { locale: string; name: string }[] };

const NONE: PageI18n = { locale: DEFAULT_LOCALE, messages: {}, languages: [] };

/**
 * The server's words for a document whose root loader did not run (an action threw before the loaders) or failed:
 * entry.server provides them so its error page is not a page of message keys.
 */
export const FallbackI18n = createContext<PageI18n | null>(null);

export function usePageI18n(): PageI18n {
  const fallback = useContext(FallbackI18n);
  return useRouteLoaderData<{ i18n?: PageI18n }>("root")?.i18n ?? fallback ?? NONE;
}

/** The page's `t`: `t("booking.steps.times")`, `t("booking.times.count", { count: 3 })`. */
export function useT(): T {
  const { messages, locale } = usePageI18n();
  return makeT(messages, locale);
}

export const useLocale = () => usePageI18n().locale;

/**
 * A message with elements in it: `<Trans k="booking.email.login" tags={{ login: <Link to="/login" /> }} />` for
 * "Been here before? <login>Log in…</login>" Each tag's element gets the tagged text as its children.
 */
export function Trans({ k, vars, tags }: { k: string; vars?: Vars; tags: Record<string, ReactElement> }) {
  const t = useT();
  return (
    <>
      {splitTags(t(k, vars)).map((part, i) =>
        typeof part === "string" ? <Fragment key={i}>{part}</Fragment> : tags[part.tag] ? cloneElement(tags[part.tag], { key: i }, part.text) : <Fragment key={i}>{part.text}</Fragment>,
      )}
    </>
  );
}

/** A route's `meta` function's `t` (meta runs outside React: it reads the root loader's data from the matches). */
export function metaT(matches: readonly { id: string; data?: unknown }[]): T {
  const i18n = (matches.find((m) => m.id === "root")?.data as { i18n?: PageI18n } | undefined)?.i18n ?? NONE;
  return makeT(i18n.messages, i18n.locale);
}
