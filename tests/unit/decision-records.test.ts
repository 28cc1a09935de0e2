/**
 * The decision records the code and the docs cite exist (issue 42 C: decision 035 was cited five times and never
 * written), and every record says its status in the template's words.
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

  it("every record has one number of its own and a status", () => {
    expect(records.length).toBe(numbers.size);
    for (const name of records) expect(readFileSync(path.join(DECISIONS, name), "utf8"), name).toMatch(/^Status: (proposed|accepted|superseded)/m);
  });
});
