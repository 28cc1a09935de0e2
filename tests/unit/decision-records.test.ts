/**
 * The decision records the code and the docs cite exist (issue 42 C: decision 035 was cited five times and never
 * written), and every record keeps the template (`docs/decisions/TEMPLATE.md`): a status line in its words that
 * names what amended or superseded it (both ways, every named record existing), the sections Context, Decision and
 * Consequences in that order, and a length a reader finishes. The sections of bench/README.md the docs cite exist.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/process";

const DECISIONS = path.join(ROOT, "docs/decisions");
const SEARCHED = ["app", "tests", "scripts", "bench", "docs", "README.md", "server.ts", ".dependency-cruiser.cjs", "remix.config.js", ".ci", "Dockerfile"];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|sh|css|json)$|^(run|Dockerfile)$/;

function* files(entry: string): Generator<string> {
  const full = path.join(ROOT, entry);
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full)) if (name !== "node_modules") yield* files(path.join(entry, name));
  } else if (TEXT.test(path.basename(entry))) yield entry;
}

/** "decision 035", "decisions 033 and 058", "decisions 005, 040 or 041", "decision `007`": each number cited. */
function citedDecisions(text: string): string[] {
  const cited: string[] = [];
  for (const match of text.matchAll(/decisions?\s+`?\d{3}`?(?:(?:,\s*|\s+and\s+|\s+or\s+|–|-)`?\d{3}`?)*/gi)) cited.push(...match[0].match(/\d{3}/g)!);
  return cited;
}

/**
 * `Status: accepted | proposed | superseded by NNN`, then any of `; amended by NNN, NNN`, `; partly superseded by NNN`,
 * `; amends NNN`, `; supersedes NNN`, `; partly supersedes NNN` (why goes in the record's Context, not here).
 */
const STATUS = /^Status: (proposed|accepted|superseded by \d{3})((; (amended by|partly superseded by|amends|supersedes|partly supersedes) \d{3}(, \d{3})*)*)$/m;
const INVERSE: Record<string, string> = { "superseded by": "supersedes", "partly superseded by": "partly supersedes", "amended by": "amends" };
const MAX_LINES = 120;

type Link = { from: string; kind: string; to: string };

/** The links a status line names, e.g. "superseded by 041; amends 019" → [superseded by 041, amends 019]. */
function statusLinks(from: string, status: string): Link[] {
  return status
    .replace(/^Status: /, "")
    .split("; ")
    .flatMap((clause) => {
      const match = clause.match(/^(superseded by|partly superseded by|amended by|amends|supersedes|partly supersedes) (.+)$/);
      return match ? match[2].split(", ").map((to) => ({ from, kind: match[1], to })) : [];
    });
}

/** What a record's status line and headings break of the template, each as a sentence (none: []). */
function templateBreaks(name: string, text: string): string[] {
  const breaks: string[] = [];
  if (!STATUS.test(text)) breaks.push(`${name}: no status line in the template's words (${text.match(/^Status:.*$/m)?.[0] ?? "none"})`);
  const sections = [...text.matchAll(/^## (.*)$/gm)].map((match) => match[1]);
  if (sections.join("|") !== "Context|Decision|Consequences") breaks.push(`${name}: sections ${sections.join(", ") || "none"}, not Context, Decision, Consequences`);
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_LINES) breaks.push(`${name}: ${lines} lines, over ${MAX_LINES}`);
  return breaks;
}

/** The links that name no record, and those whose record does not name them back. */
function brokenLinks(statuses: Map<string, string>): string[] {
  const links = [...statuses].flatMap(([number, status]) => statusLinks(number, status));
  const key = (link: Link) => `${link.from} ${link.kind} ${link.to}`;
  const named = new Set(links.map(key));
  const broken: string[] = [];
  for (const link of links) {
    if (!statuses.has(link.to)) {
      broken.push(`${link.from}: "${link.kind} ${link.to}" names no record`);
      continue;
    }
    const back = link.kind in INVERSE ? INVERSE[link.kind] : Object.keys(INVERSE).find((kind) => INVERSE[kind] === link.kind)!;
    if (!named.has(key({ from: link.to, kind: back, to: link.from }))) broken.push(`${link.from}: "${link.kind} ${link.to}", but ${link.to} does not say "${back} ${link.from}"`);
  }
  return broken;
}

describe("decision records", () => {
  const records = readdirSync(DECISIONS).filter((name) => /^\d{3}-.+\.md$/.test(name));
  const numbers = new Set(records.map((name) => name.slice(0, 3)));

  it("reads citations the ways the code writes them", () => {
    expect(citedDecisions("(issue 32, decision 035). See decisions 033 and 058, decisions 005, 040 or 041, decision `007`.")).toEqual(["035", "033", "058", "005", "040", "041", "007"]);
  });

  it("every decision cited in the code and the docs exists", () => {
    const missing: string[] = [];
    for (const root of SEARCHED) {
      for (const file of files(root)) {
        for (const number of citedDecisions(readFileSync(path.join(ROOT, file), "utf8"))) {
          if (!numbers.has(number)) missing.push(`${file}: decision ${number}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("every record has one number of its own", () => {
    expect(records.length).toBe(numbers.size);
  });

  it("reads a record's template the way it is written", () => {
    const good = "# 099 — A\n\nDate: 2026-12-02\nStatus: accepted; amended by 100\n\n## Context\nc\n\n## Decision\nd\n### More\n\n## Consequences\ne\n";
    expect(templateBreaks("099", good)).toEqual([]);
    expect(templateBreaks("099", good.replace("Status: accepted; amended by 100", "Status: accepted (see 100)"))).toHaveLength(1);
    expect(templateBreaks("099", good.replace("Status: accepted; amended by 100", "Status: done"))).toHaveLength(1);
    expect(templateBreaks("099", good.replace("## Consequences", "## Measured"))).toHaveLength(1);
    expect(templateBreaks("099", good.replace("## Context\n", ""))).toHaveLength(1);
    expect(templateBreaks("099", good + "x\n".repeat(MAX_LINES))).toHaveLength(1);
    const linked = new Map([["099", "Status: accepted; amended by 100"], ["100", "Status: accepted; amends 099"]]);
    expect(brokenLinks(linked)).toEqual([]);
    expect(brokenLinks(new Map([...linked, ["100", "Status: accepted"]]))).toHaveLength(1);
    expect(brokenLinks(new Map([...linked, ["099", "Status: superseded by 101"]]))).toEqual(['099: "superseded by 101" names no record', '100: "amends 099", but 099 does not say "amended by 100"']);
  });

  it("every record has a status line in the template's words, its sections and a length a reader finishes", () => {
    const breaks = records.flatMap((name) => templateBreaks(name, readFileSync(path.join(DECISIONS, name), "utf8")));
    expect(breaks).toEqual([]);
  });

  it("every section of bench/README.md the docs cite exists", () => {
    const headings = new Set([...readFileSync(path.join(ROOT, "bench/README.md"), "utf8").matchAll(/^#{2,4} (.+)$/gm)].map((match) => match[1].replace(/ \(.*$/, "")));
    const missing: string[] = [];
    for (const root of ["docs", "README.md"]) {
      for (const file of files(root)) {
        for (const match of readFileSync(path.join(ROOT, file), "utf8").matchAll(/bench\/README\.md`?,?\s*(?:\(|")(?:## )?([^")\n]+)[")]/g)) {
          if (!headings.has(match[1])) missing.push(`${file}: bench/README.md "${match[1]}"`);
        }
      }
    }
    expect(headings.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it("every amended or superseded record names an existing record that names it back", () => {
    const statuses = new Map(records.map((name) => [name.slice(0, 3), readFileSync(path.join(DECISIONS, name), "utf8").match(/^Status:.*$/m)?.[0] ?? ""]));
    expect(brokenLinks(statuses)).toEqual([]);
  });
});
