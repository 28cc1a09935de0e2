/**
 * Intl formatters, made once per locale and options (time zone included) and reused (issue 33 E, decision 029).
 * Building one costs ≈ 50 µs of CPU and native memory (ICU's C heap, which V8's collector neither sees nor
 * hurries to free): built per call, a Spanish /studios page made 238 of them and a process under a read load went
 * past 2 GB. Every formatter of the app comes from here; `new Intl.…` elsewhere is the bug this prevents.
 * Bounded: past MAX_FORMATTERS, the least recently used is dropped (the app uses a few dozen).
 */
import { LeastRecentlyUsedMap } from "./lru-map";

export const MAX_FORMATTERS = 200;

// Not a BoundedMap: every page's script reaches this module; the server registers it for the metrics (entry.server.tsx).
const made = new LeastRecentlyUsedMap<string, object>(MAX_FORMATTERS);

function reuse<F extends object>(key: string, build: () => F): F {
  let formatter = made.getRecent(key) as F | undefined; // most recently used last: the oldest is the one dropped
  if (!formatter) made.set(key, (formatter = build()));
  return formatter;
}

/** A DateTimeFormat for a locale and options (give the zone as `timeZone`); throws RangeError as the constructor does. */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  reuse(`dt|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  reuse(`nf|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

export const listFormat = (locale: string, options: Intl.ListFormatOptions): Intl.ListFormat =>
  reuse(`lf|${locale}|${JSON.stringify(options)}`, () => new Intl.ListFormat(locale, options));

export const pluralRules = (locale: string): Intl.PluralRules => reuse(`pr|${locale}`, () => new Intl.PluralRules(locale));

/** How many formatters are kept now (tests: the bound holds). */
export const formattersKept = () => made.size;
