import { useRouteLoaderData } from "@remix-run/react";
import { cloneElement, createContext, Fragment, useContext, type ReactElement } from "react";
import { DEFAULT_LOCALE, makeT, splitTags, type Messages, type T, type Vars } from "./translate";

/** A public page's `hreflang` alternate. */
export type Alternate = { hrefLang: string; href: string };

/** A page's words (decision 027): its locale, its section's messages, the languages to switch to. */
export type PageI18n = { locale: string; messages: Messages; languages: { locale: string; name: string }[] };

/**
 * A document's words for the server's render, and `json()`: what the page carries in `<script type="application/json"
 * id="page-i18n">` (the words its scripts name and those the render used, issue 34), asked when that script renders.
 */
export type DocumentI18n = { i18n: PageI18n; json: () => string };

const NONE: PageI18n = { locale: DEFAULT_LOCALE, messages: {}, languages: [] };
const SCRIPT_ID = "page-i18n";

/**
 * The document's words on the server (issue 22): entry.server provides them from the request. They are not in the
 * root loader's JSON on a document (46 KB stringified, parsed and stringified again per page).
 */
export const DocumentWords = createContext<DocumentI18n | null>(null);

/**
 * The root's data as the server's render sees it: with the document's words as its `i18n`, as a client navigation's
 * `?_data=root` has them (page.server's `withPageWords`), so the routes' `meta` (no React context there) finds them.
 */
export function putDocumentWords(loaderData: Record<string, unknown>, words: DocumentI18n) {
  const root = loaderData.root;
  if (root && typeof root === "object") (root as { i18n?: PageI18n }).i18n = words.i18n;
}

/** In the browser, the page's script: the same string the server rendered, so hydration sees the same markup. */
const pageJson = () => (typeof document === "undefined" ? undefined : (document.getElementById(SCRIPT_ID)?.textContent ?? undefined));
let pageI18n: PageI18n | undefined;
/**
 * In the browser, the document's words, parsed once from its script (the server's come from entry.server). Read here,
 * not in entry.client: a module that both it and the routes import is one more chunk on every page.
 */
const browserI18n = (): PageI18n | undefined => (pageI18n ??= JSON.parse(pageJson() ?? "null") ?? undefined);

/** The script that carries the document's words (none in the console, which has no scripts). */
export function DocumentWordsScript() {
  // On the server after the page's content (the root renders this script late), so the render's words are known.
  const json = useContext(DocumentWords)?.json() ?? pageJson();
  return json ? <script type="application/json" id={SCRIPT_ID} dangerouslySetInnerHTML={{ __html: json }} /> : null;
}

/**
 * The page's words: the root's data has them after a client navigation's `?_data=root`; a document's come from
 * entry.server (server) or the page's script (browser) — an error page without root data included.
 */
export function usePageI18n(): PageI18n {
  const words = useContext(DocumentWords);
  return useRouteLoaderData<{ i18n?: PageI18n }>("root")?.i18n ?? words?.i18n ?? browserI18n() ?? NONE;
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
  const i18n = (matches.find((m) => m.id === "root")?.data as { i18n?: PageI18n } | undefined)?.i18n ?? browserI18n() ?? NONE;
  return makeT(i18n.messages, i18n.locale);
}
