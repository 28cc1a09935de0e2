import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "~/console/audit.server";
import { VISIT_EVENT_TYPES } from "~/db/schema";
import { readCatalogues } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE, translate, splitTags } from "~/i18n/translate";

/**
 * The message catalogues (decision 027): every language has every message of the default one (and nothing it
 * lacks), with the same placeholders and tags; every key the code names exists. A key missing in Spanish, a
 * `{name}` lost in translation, or a `t("…")` with a typo fails here before a patient sees a raw key.
 */
const catalogues = readCatalogues();
const english = catalogues.get(DEFAULT_LOCALE)!;
const PLURAL = /_(zero|one|two|few|many|other)$/;

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const tags = (message: string) =>
  splitTags(message)
    .flatMap((p) => (typeof p === "string" ? [] : [p.tag]))
    .sort();

/** `base` → its message keys in a namespace (a plural's forms grouped under their base key). */
function byBase(messages: Record<string, string>): Map<string, string[]> {
  const bases = new Map<string, string[]>();
  for (const key of Object.keys(messages)) {
    const base = key.replace(PLURAL, "");
    bases.set(base, [...(bases.get(base) ?? []), key]);
  }
  return bases;
}

for (const [locale, namespaces] of catalogues) {
  if (locale === DEFAULT_LOCALE) continue;
  describe(`${locale} catalogue`, () => {
    it("has the default locale's namespaces, no more", () => {
      expect([...namespaces.keys()].sort()).toEqual([...english.keys()].sort());
    });
    for (const [ns, messages] of english) {
      it(`${ns}: every message translated, none extra, same placeholders and tags, no empty text`, () => {
        const own = namespaces.get(ns) ?? {};
        const problems: string[] = [];
        const ownBases = byBase(own);
        for (const [base, keys] of byBase(messages)) {
          if (!ownBases.has(base)) {
            problems.push(`missing ${ns}.${base}`);
            continue;
          }
          const plural = keys.some((k) => PLURAL.test(k));
          if (plural && !ownBases.get(base)!.includes(`${base}_other`)) problems.push(`${ns}.${base}: no _other form`);
          const reference = messages[keys.find((k) => !PLURAL.test(k) || k.endsWith("_other"))!];
          for (const key of ownBases.get(base)!) {
            const message = own[key];
            if (!message.trim()) problems.push(`${ns}.${key} is empty`);
            if (placeholders(message).join() !== placeholders(reference).join() && !(plural && key.endsWith("_one"))) problems.push(`${ns}.${key}: placeholders ${placeholders(message)} ≠ ${placeholders(reference)}`);
            if (tags(message).join() !== tags(reference).join()) problems.push(`${ns}.${key}: tags ${tags(message)} ≠ ${tags(reference)}`);
          }
        }
        for (const base of ownBases.keys()) if (!byBase(messages).has(base)) problems.push(`extra ${ns}.${base} (not in ${DEFAULT_LOCALE})`);
        expect(problems).toEqual([]);
      });
    }
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe("keys the code names", () => {
  const known = new Set<string>();
  for (const [ns, messages] of english) for (const key of Object.keys(messages)) known.add(`${ns}.${key}`.replace(PLURAL, ""));
  const namespaces = [...english.keys()].join("|");
  // t("ns.key"…), k="ns.key", and message keys kept in data ("ns.key" as a string literal of a known namespace).
  const literal = new RegExp(`["'\`]((?:${namespaces})\\.[A-Za-z0-9_.-]+)["'\`]`, "g");
  it("every key the code names is in the default catalogue", () => {
    const missing: string[] = [];
    for (const file of sourceFiles("app")) {
      const source = readFileSync(file, "utf8");
      for (const m of source.matchAll(literal)) {
        const key = m[1];
        if (/\.(tsx?|json|css|svg|png|jpe?g|ics)$/.test(key) || key.endsWith(".")) continue;
        // The audit trail's action names ("visit.cancel", "intake.view") share a namespace's first word, not its keys.
        if ((AUDIT_ACTIONS as readonly string[]).includes(key)) continue;
        // So do the visit events' types ("visit.booked", decision 031): names of what happened, not words.
        if ((VISIT_EVENT_TYPES as readonly string[]).includes(key)) continue;
        if (!known.has(key.replace(PLURAL, ""))) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("translate", () => {
  const messages = { "a.hello": "Hello {name}", "a.visits_one": "{count} visit", "a.visits_other": "{count} visits" };
  it("fills placeholders, picks the plural form, answers an unknown key with the key", () => {
    expect(translate(messages, "en-US", "a.hello", { name: "Ana" })).toBe("Hello Ana");
    expect(translate(messages, "en-US", "a.visits", { count: 1 })).toBe("1 visit");
    expect(translate(messages, "en-US", "a.visits", { count: 3 })).toBe("3 visits");
    expect(translate(messages, "en-US", "a.nope")).toBe("a.nope");
  });
  it("splits tagged text", () => {
    expect(splitTags("Read the <t>terms</t>.")).toEqual(["Read the ", { tag: "t", text: "terms" }, "."]);
  });
});
