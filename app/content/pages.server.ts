/**
 * Content for pages, within a render budget: an in-process cache that serves a fresh copy for a minute, then
 * the stale copy while it refreshes in the background; when Contentful is slow, down or answers garbage,
 * the last good copy, else the embedded content. A missing entry is null (the route answers 404).
 */
import { contentfulSettings, contentfulSource, embeddedSource, REQUEST_TIMEOUT_MS, type ContentSource, type Space } from "./source.server";
import type { DeliveredEntry } from "./export";
import { toPage, toPopup, type ContentPage, type Popup } from "./model";
import { richTextHtml } from "./rich-text.server";
import { tFor } from "~/i18n/catalogues.server";
import { i18nOf } from "~/i18n/locale.server";
import { BoundedMap } from "~/rules/bounded-map";

const FRESH_MS = 60_000;

type Cached = { entries: DeliveredEntry[]; at: number };
/** Keys: whitelisted slugs and campaigns × languages (a few dozen); the bound is for a content model that grows. */
const cache = new BoundedMap<string, Cached>("content copies", 500);
const refreshing = new BoundedMap<string, Promise<DeliveredEntry[]>>("content refreshes in flight", 500);

type Sources = { live: ContentSource | null; background: ContentSource | null; embedded: ContentSource };
const bySpace = new BoundedMap<Space, Sources>("content sources", 10);

/** A space's sources, made once per process (the settings are read once at start-up). */
function sources(space: Space): Sources {
  let made = bySpace.get(space);
  if (!made) {
    const settings = contentfulSettings(space);
    made = {
      live: settings && contentfulSource(space, settings),
      background: settings && contentfulSource(space, settings, { retries: 2 }),
      embedded: embeddedSource(space),
    };
    bySpace.set(space, made);
  }
  return made;
}

function withBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`content: no answer within ${ms} ms`)), ms);
    work.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

async function find(space: Space, contentType: string, field: string, value: string, locale: string): Promise<DeliveredEntry[]> {
  const { live, background, embedded } = sources(space);
  if (!live || !background) return embedded.find(contentType, field, value, locale);
  // One copy per locale: a Spanish page never serves the English copy, nor the other way round.
  const key = `${space}/${contentType}/${field}=${value}/${locale}`;
  const hit = cache.get(key);
  const refresh = (source: ContentSource) => {
    let running = refreshing.get(key);
    if (!running) {
      running = source.find(contentType, field, value, locale).then((entries) => {
        cache.set(key, { entries, at: Date.now() });
        return entries;
      });
      running.catch((error: unknown) => console.warn(`[content] ${source.name}: ${key} kept from the last good copy (${error instanceof Error ? error.name : "error"})`));
      running.finally(() => refreshing.delete(key)).catch(() => {});
      refreshing.set(key, running);
    }
    return running;
  };
  if (hit && Date.now() - hit.at < FRESH_MS) return hit.entries;
  if (hit) {
    void refresh(background).catch(() => {});
    return hit.entries; // stale while it revalidates
  }
  try {
    return await withBudget(refresh(live), REQUEST_TIMEOUT_MS + 300);
  } catch {
    return embedded.find(contentType, field, value, locale);
  }
}

const pages = new WeakMap<DeliveredEntry, ContentPage | null>();

/** The page at `/<slug>` (home: "home") in a locale, or null. */
export async function getPage(slug: string, locale: string): Promise<ContentPage | null> {
  const [entry] = await find("marketing", "page", "slug", slug, locale);
  if (!entry) return null;
  // The same entry object until its copy is refreshed: its rich text is rendered once, not per request.
  if (!pages.has(entry)) pages.set(entry, toPage(entry, richTextHtml));
  return pages.get(entry)!;
}

/** A referral campaign's popup in a locale, or null. */
export async function getPopup(popupId: string, locale: string): Promise<Popup | null> {
  const [entry] = await find("marketing", "friendbuyPopup", "popupId", popupId, locale);
  return entry ? toPopup(entry, tFor(locale)("marketing.popup.book")) : null;
}

/** For tests: forget cached copies (a new "process"). */
export function forgetContent() {
  cache.clear();
}

/** A content page's loader data in the request's locale, or the site's 404 when the entry is missing. */
export async function loadContentPage(slug: string, request: Request) {
  const page = await getPage(slug, i18nOf(request).locale);
  if (!page) throw new Response("Not found", { status: 404 });
  return page;
}
