// Memory a container can live with (issue 33 E, decision 029). Intl formatters are made once and reused: each
// construction takes native memory (ICU's C heap) that V8's collector does not see, and per call a read load took a
// process past 2 GB. Observed through the constructions themselves (a counting Intl), never through timings. And
// every cache keyed by what requests bring stops at its bound, however many distinct keys come.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { matchRoutes } from "@remix-run/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tFor } from "~/i18n/catalogues.server";
import { makeT } from "~/i18n/translate";
import { describeDayParts } from "~/rules/day-parts";
import { formatUsd } from "~/rules/currency";
import { formattersKept, MAX_FORMATTERS, numberFormat } from "~/rules/intl-formats";
import { recallDueLine, recallMonth } from "~/rules/recall";
import { isValidTimezone } from "~/rules/timezones";
import { formatCalendarDate, formatLongDateTime, formatShortDateTime, localDayKey, localHour } from "~/rules/zoned-time";
import { cachedRead, cachedReadCount, MAX_CACHED_READS } from "~/scheduling/catalogue.server";
import { boundedMemoryLimiter, MAX_LIMITER_KEYS } from "~/auth/rate-limit.server";
import { BoundedMap, cacheSizes } from "~/rules/bounded-map";
import { offsetMs } from "~/rules/zoned-time";
import { openingHoursIn } from "~/rules/opening-hours";

const KINDS = ["DateTimeFormat", "NumberFormat", "ListFormat", "PluralRules"] as const;

const originals = Object.fromEntries(KINDS.map((k) => [k, Intl[k]]));

/** Counts `new Intl.X(…)` (and calls) for the formatter kinds the app uses, until the test ends. */
function countConstructions() {
  const counts: Record<string, number> = Object.fromEntries(KINDS.map((k) => [k, 0]));
  for (const kind of KINDS) {
    const counted = new Proxy(originals[kind] as unknown as new (...args: unknown[]) => object, {
      construct(target, args) {
        counts[kind]++;
        return Reflect.construct(target, args) as object;
      },
      apply(target, self, args) {
        counts[kind]++;
        return Reflect.apply(target, self, args) as unknown;
      },
    });
    Object.assign(Intl, { [kind]: counted });
  }
  return counts;
}

afterEach(() => {
  Object.assign(Intl, originals);
  vi.restoreAllMocks();
});

const LOCALES = ["en-US", "es-US"];
const ZONES = ["America/New_York", "America/Chicago"];
const HOURS = "Mon–Fri 8 AM–5 PM (Tue, Thu 10 AM–7 PM) · Sat 9:30 AM–2 PM";

/** What the hot pages and emails format: a studio's hours, visit times, prices, plurals, day parts, recall months. */
function formatEverything(i: number) {
  const at = new Date(Date.UTC(2027, 0, 1) + i * 37 * 60_000);
  const out: string[] = [];
  for (const locale of LOCALES) {
    const t = makeT({ "x.n_one": "{count} one", "x.n_other": "{count} other" }, locale);
    out.push(openingHoursIn(HOURS, locale), formatUsd(i * 125, { locale }), t("x.n", { count: i }), recallMonth(`2027-${String((i % 12) + 1).padStart(2, "0")}-14`, locale));
    out.push(describeDayParts(["morning", "evening"], tFor(locale), locale), recallDueLine({ code: "CLNCHK", name: "Checkup" }, "2027-06-14", "2027-01-01", tFor(locale), locale));
    out.push(formatCalendarDate("1990-05-01", locale));
    for (const tz of ZONES) out.push(formatLongDateTime(at, tz, locale), formatShortDateTime(at, tz, locale), localDayKey(at, tz), String(localHour(at, tz)), String(isValidTimezone(tz)));
  }
  return out;
}

describe("Intl formatters are built once and reused", () => {
  it("formats the hot pages' and emails' texts a thousand times without building one more formatter", () => {
    const first = formatEverything(0);
    expect(first.join(" ")).toMatch(/lun–vie/); // the Spanish hours really went through Intl
    const counts = countConstructions();
    for (let i = 1; i <= 1000; i++) formatEverything(i);
    expect(counts).toEqual({ DateTimeFormat: 0, NumberFormat: 0, ListFormat: 0, PluralRules: 0 });
  });

  it("keeps at most MAX_FORMATTERS formatters however many distinct options are asked for, and still formats right", () => {
    for (let digits = 1; digits <= 21; digits++) for (let fraction = 0; fraction <= 20; fraction++) numberFormat("en-US", { minimumIntegerDigits: digits, maximumFractionDigits: fraction });
    expect(21 * 21).toBeGreaterThan(MAX_FORMATTERS);
    expect(formattersKept()).toBe(MAX_FORMATTERS);
    expect(numberFormat("en-US", { minimumIntegerDigits: 3 }).format(7)).toBe("007");
  });

  it("no module of the app builds a formatter of its own: `new Intl.…` only in rules/intl-formats.ts, toLocale…String(locale) only once at load", () => {
    const app = path.resolve(import.meta.dirname, "../../app");
    const offenders = (readdirSync(app, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && file !== path.join("rules", "intl-formats.ts"))
      .flatMap((file) =>
        readFileSync(path.join(app, file), "utf8")
          .split("\n")
          .map((line, i) => ({ where: `app/${file}:${i + 1}`, line }))
          .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line))
          // A module-level constant (no indentation) runs once; anything indented may run per call.
          .filter(({ line }) => /new Intl\./.test(line) || (/\.toLocale\w*String\(\s*[^)\s]/.test(line) && /^\s/.test(line)))
          .map(({ where }) => where),
      );
    expect(offenders).toEqual([]);
  });
});

describe("caches keyed by what requests bring stop at their bound", () => {
  it("the catalogue's read cache keeps at most MAX_CACHED_READS reads per database, expired or live", async () => {
    const db = { [Symbol.for("dental.single-process-db")]: true }; // a database only this process writes: no revision read
    for (let i = 0; i < MAX_CACHED_READS * 3; i++) await cachedRead(db, `live:slots:week-of-holder-${i}`, 60_000, async () => i);
    expect(cachedReadCount(db)).toBe(MAX_CACHED_READS);
    // The newest are the ones kept.
    expect(await cachedRead(db, `live:slots:week-of-holder-${MAX_CACHED_READS * 3 - 1}`, 60_000, async () => -1)).toBe(MAX_CACHED_READS * 3 - 1);
  });

  it("the server's `t` is kept per language served, not per tag asked: unknown tags add nothing", () => {
    const english = tFor("en-US");
    for (let i = 0; i < 100; i++) expect(tFor(`x-campaign-${i}`)).toBe(english);
    expect(tFor("es-US")).not.toBe(english);
  });

  it("React Router's kept route-match answers (patches/) are forgotten past 500 distinct paths", () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "page", path: "page/:slug" }] }];
    matchRoutes(routes, "/page/first");
    let patternsTried = 0;
    const match = String.prototype.match;
    vi.spyOn(String.prototype, "match").mockImplementation(function (this: string, pattern: { [Symbol.match](s: string): RegExpMatchArray | null }) {
      if (pattern instanceof RegExp && pattern.flags === "i") patternsTried++;
      return match.call(this, pattern);
    });
    matchRoutes(routes, "/page/first");
    expect(patternsTried).toBe(0); // kept
    for (let i = 0; i < 500; i++) matchRoutes(routes, `/page/${i}`);
    patternsTried = 0;
    matchRoutes(routes, "/page/first");
    expect(patternsTried).toBeGreaterThan(0); // no longer kept: the answers stop at 500
  });
});

describe("every in-process cache is bounded (decision 056)", () => {
  it("a BoundedMap never holds more than its bound: the oldest goes first, a recently read one stays, what it held is let go", () => {
    const let_go: number[] = [];
    const map = new BoundedMap<string, number>("test: bounded map", 3, (value) => let_go.push(value));
    for (let i = 0; i < 10; i++) map.set(`k${i}`, i);
    expect(map.size).toBe(3);
    expect([...map.keys()]).toEqual(["k7", "k8", "k9"]);
    expect(let_go).toEqual([0, 1, 2, 3, 4, 5, 6]);
    map.getRecent("k7");
    map.set("k10", 10);
    expect([...map.keys()]).toEqual(["k9", "k7", "k10"]); // k8 went, not k7 (read just before)
    map.set("k9", 99); // a key it has: replaced, nothing forgotten
    expect(map.size).toBe(3);
    expect(cacheSizes().find((c) => c.name === "test: bounded map")).toMatchObject({ max: 3, entries: 3 });
  });

  it("no module of the app keeps a Map or Set filled at run time outside a BoundedMap", () => {
    const app = path.resolve(import.meta.dirname, "../../app");
    // A module-level `new Map()`/`new Set()` that starts empty is filled by requests: a cache with no bound.
    // Exempt: the registry of bounds itself, and the jobs' registry (its keys are the names of the jobs the code starts).
    const exempt = [path.join("rules", "bounded-map.ts"), path.join("jobs", "job.server.ts")];
    const offenders = (readdirSync(app, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !exempt.includes(file))
      .flatMap((file) =>
        readFileSync(path.join(app, file), "utf8")
          .split("\n")
          .map((line, i) => ({ where: `app/${file}:${i + 1}`, line }))
          .filter(({ line }) => /^(export )?(const|let|var) /.test(line) && /new (Map|Set)(<[^()]*>)?\(\s*\)/.test(line))
          .map(({ where }) => where),
      );
    expect(offenders).toEqual([]);
  });

  it("the zone offsets kept stop at their bound however many instants are asked about", () => {
    const bound = cacheSizes().find((c) => c.name === "zone offsets")!.max;
    const start = Date.UTC(2030, 0, 1);
    for (let i = 0; i <= bound + 1000; i++) offsetMs(start + i * 15 * 60_000, "America/New_York");
    expect(cacheSizes().find((c) => c.name === "zone offsets")!.entries).toBe(bound);
  });

  it("the time zones checked stop at their bound however many made-up zones are asked about", () => {
    for (let i = 0; i < 1500; i++) isValidTimezone(`Made/Up_${i}`);
    const validity = cacheSizes().find((c) => c.name === "time-zone validity")!;
    expect(validity.entries).toBe(validity.max);
    expect(isValidTimezone("America/Chicago")).toBe(true);
  });

  it("an in-memory rate limit (the embedded database) keeps at most MAX_LIMITER_KEYS keys, and still limits", async () => {
    const limiter = boundedMemoryLimiter("email", { points: 2, duration: 3600, keyPrefix: "bound-test" });
    for (let i = 0; i < MAX_LIMITER_KEYS + 500; i++) await limiter.consume(`made-up-${i}@example.com`);
    expect(cacheSizes().find((c) => c.name === "rate limiter email (embedded database)")!.entries).toBe(MAX_LIMITER_KEYS);
    await limiter.consume("patient@example.com", 2);
    await expect(limiter.consume("patient@example.com")).rejects.toMatchObject({ remainingPoints: 0 });
  });
});
