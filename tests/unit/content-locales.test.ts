import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deliveredEntries, type SpaceExport } from "~/content/export";
import { openingHoursIn } from "~/rules/opening-hours";

/**
 * The embedded export read by locale, Contentful's way (issue 21): every text field of both spaces has its
 * es-US value; a field missing in es-US is the en-US one (es-US's fallbackCode); a field that is not localized
 * (slug, links, images) is the default locale's in every locale.
 */
const space = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, `../../content/${name}.json`), "utf8")) as SpaceExport;
const marketing = space("marketing");

describe("the exports carry Spanish", () => {
  it.each(["marketing", "profile"])("%s: locales en-US (default) and es-US falling back to en-US", (name) => {
    expect(space(name).locales.map((l) => [l.code, Boolean(l.default), l.fallbackCode ?? null])).toEqual([
      ["en-US", true, null],
      ["es-US", false, "en-US"],
    ]);
  });

  it.each(["marketing", "profile"])("%s: every localized field of every entry and asset has an es-US value unlike its English one", (name) => {
    const s = space(name);
    const localized = new Set(s.contentTypes.flatMap((t) => (t.fields ?? []).filter((f) => f.localized).map((f) => `${t.sys.id}.${f.id}`)));
    const problems: string[] = [];
    for (const e of s.entries) {
      for (const [field, values] of Object.entries(e.fields)) {
        if (!localized.has(`${e.sys.contentType?.sys.id}.${field}`)) continue;
        if (values["es-US"] === undefined) problems.push(`${e.sys.id}.${field} missing`);
        else if (JSON.stringify(values["es-US"]) === JSON.stringify(values["en-US"]) && !/Breezy Braces/.test(JSON.stringify(values["en-US"]))) problems.push(`${e.sys.id}.${field} untranslated`);
      }
    }
    for (const a of s.assets) for (const field of ["title", "description"]) if (!a.fields[field]?.["es-US"]) problems.push(`asset ${a.sys.id}.${field} missing`);
    expect(problems).toEqual([]);
    expect(localized.size).toBeGreaterThan(0);
  });
});

describe("deliveredEntries by locale", () => {
  const about = (s: SpaceExport, locale?: string) => deliveredEntries(s, "page", locale).find((e) => e.sys.id === "page-about")!;

  it("es-US: the Spanish values, the slug and image (not localized) as in English, links resolved in Spanish", () => {
    const es = about(marketing, "es-US");
    expect(es.fields.heading).toBe("Quiénes somos");
    expect(es.fields.slug).toBe("about");
    expect((es.fields.image as { fields: { description: string } }).fields.description).toMatch(/^Un consultorio de Studio Dental/);
    expect(JSON.stringify(es.fields.body)).toContain("Cómo trabajamos");
    expect(about(marketing).fields.heading).toBe("About us");
    expect(about(marketing, "en-US").fields.heading).toBe("About us");
  });

  it("a field missing in es-US is its en-US value (the fallback); one missing in both is left out", () => {
    const edited = structuredClone(marketing);
    const entry = edited.entries.find((e) => e.sys.id === "page-about")!;
    delete entry.fields.intro["es-US"];
    delete entry.fields.description["es-US"];
    delete entry.fields.description["en-US"];
    const es = about(edited, "es-US");
    expect(es.fields.intro).toBe("We run modern dental studios in five US markets, with evening and Saturday hours.");
    expect(es.fields.heading).toBe("Quiénes somos");
    expect("description" in es.fields).toBe(false);
  });

  it("a locale without a fallback has no value for a field it lacks; a locale the space lacks reads the default", () => {
    const edited = structuredClone(marketing);
    edited.locales[1].fallbackCode = null;
    delete edited.entries.find((e) => e.sys.id === "page-about")!.fields.intro["es-US"];
    expect("intro" in about(edited, "es-US").fields).toBe(false);
    expect(about(edited, "es-US").fields.slug).toBe("about"); // not localized: the default's
    expect(about(marketing, "fr-FR").fields.heading).toBe("About us");
  });
});

describe("a studio's hours line by locale", () => {
  const LINE = "Mon–Fri 8 AM–5 PM (Tue, Thu 10 AM–7 PM) · Sat 9 AM–2 PM";
  it("stays as written in English, days and times through Intl in Spanish", () => {
    expect(openingHoursIn(LINE, "en-US")).toBe(LINE);
    // A time never breaks from its a.m./p.m.: no-break spaces inside it.
    expect(openingHoursIn(LINE, "es-US")).toMatch(/^lun–vie 8\u00a0a\.(\u00a0)?m\.–5\u00a0p\.(\u00a0)?m\. \(mar, jue 10\u00a0a\.(\u00a0)?m\.–7\u00a0p\.(\u00a0)?m\.\) · sáb 9\u00a0a\.(\u00a0)?m\.–2\u00a0p\.(\u00a0)?m\.$/);
    expect(openingHoursIn("Sat 9:30 AM–12 PM", "es-US")).toMatch(/^sáb 9:30\u00a0a\.(\u00a0)?m\.–12\u00a0p\.(\u00a0)?m\.$/);
  });
});
