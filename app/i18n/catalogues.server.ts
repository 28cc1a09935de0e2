import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LOCALE, makeT, type Messages, type T } from "./translate";
import { BoundedMap } from "~/rules/bounded-map";

/**
 * The message catalogues, read once from `app/i18n/locales/<locale>/<namespace>.json` (decision 027): a folder
 * is a language, so a third one is a folder of files, not a code change. A key missing in a locale falls back to
 * the default locale's message (tests/unit/i18n-catalogues.test.ts fails on any such gap before it ships).
 */
export const LOCALES_DIR = join(process.cwd(), "app", "i18n", "locales");

type Catalogues = Map<string, Map<string, Messages>>;
let loaded: Catalogues | null = null;

export function readCatalogues(dir = LOCALES_DIR): Catalogues {
  const all: Catalogues = new Map();
  for (const locale of readdirSync(dir).sort()) {
    const namespaces = new Map<string, Messages>();
    for (const file of readdirSync(join(dir, locale)).filter((f) => f.endsWith(".json")).sort()) {
      namespaces.set(file.replace(/\.json$/, ""), JSON.parse(readFileSync(join(dir, locale, file), "utf8")) as Messages);
    }
    all.set(locale, namespaces);
  }
  if (!all.has(DEFAULT_LOCALE)) throw new Error(`no catalogue for ${DEFAULT_LOCALE} in ${dir}`);
  return all;
}

function catalogues(): Catalogues {
  return (loaded ??= readCatalogues());
}

/** Every language the product speaks, the default first. */
export function supportedLocales(): string[] {
  const locales = [...catalogues().keys()];
  return [DEFAULT_LOCALE, ...locales.filter((l) => l !== DEFAULT_LOCALE)];
}

/** A language's own name for the switch ("English", "Español"): each catalogue's `common.language.name`. */
export function languageName(locale: string): string {
  return catalogues().get(locale)?.get("common")?.["language.name"] ?? locale;
}

/** Languages × the sections pages ask for (2 × 10 today). */
const merged = new BoundedMap<string, Messages>("i18n merged messages", 200);
/**
 * The messages of some namespaces in a locale, keys as `<namespace>.<key>`, the default locale's filling gaps. Merged
 * once per locale and section (every page of a section asks for the same set), not on every request.
 */
export function messagesFor(locale: string, namespaces: readonly string[]): Messages {
  const key = `${locale}|${namespaces.join()}`;
  let messages = merged.get(key);
  if (!messages) merged.set(key, (messages = mergeMessages(locale, namespaces)));
  return messages;
}

function mergeMessages(locale: string, namespaces: readonly string[]): Messages {
  const all = catalogues();
  const fallback = all.get(DEFAULT_LOCALE)!;
  const own = all.get(locale) ?? fallback;
  const messages: Messages = {};
  for (const ns of namespaces) {
    for (const source of [fallback.get(ns), own.get(ns)]) {
      for (const [key, message] of Object.entries(source ?? {})) messages[`${ns}.${key}`] = message;
    }
  }
  return messages;
}

const serverTs = new BoundedMap<string, T>("i18n server t", 20);
/** The server's `t` for a locale, every namespace (emails, `.ics`, loaders' texts). */
export function tFor(locale: string): T {
  // Keyed by the language served, not the one asked: a stored or sent tag we do not speak adds no entry (decision 029).
  const known = supportedLocales().includes(locale) ? locale : DEFAULT_LOCALE;
  let t = serverTs.get(known);
  if (!t) {
    t = makeT(messagesFor(known, [...(catalogues().get(DEFAULT_LOCALE)?.keys() ?? [])]), known);
    serverTs.set(known, t);
  }
  return t;
}
