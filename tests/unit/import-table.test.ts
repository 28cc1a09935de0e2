/**
 * The import table in `.dependency-cruiser.cjs` says what the code does (issue 42, Constraints): lint fails on an
 * import a row does not allow; this fails on an allowance no import uses. When a move leaves a row with an allowance
 * nothing uses any more, remove it from the row. Re-run alone: `npx vitest run tests/unit/import-table.test.ts`.
 */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/process";

type Rule = { name: string; to: { pathNot?: string } };
type Cruised = { modules: { source: string; dependencies: { resolved: string }[] }[] };

/** folder → the folders its row allows, read from the rules lint enforces (`<folder>-imports-its-row`). */
function allowances(): Map<string, string[]> {
  const config = createRequire(import.meta.url)(path.join(ROOT, ".dependency-cruiser.cjs")) as { forbidden: Rule[] };
  const rows = new Map<string, string[]>();
  for (const rule of config.forbidden) {
    const folder = rule.name.match(/^(.+)-imports-its-row$/)?.[1];
    if (!folder) continue;
    const named = rule.to.pathNot?.match(/^\^app\/\((.*)\)\/$/)?.[1].split("|") ?? [];
    rows.set(folder, named.filter((target) => target !== folder));
  }
  return rows;
}

/** "from→to" for every import from one folder of app/ into another, type-only imports included. */
function importsAcrossFolders(): Set<string> {
  const depcruise = path.join(ROOT, "node_modules/.bin/depcruise");
  const json = execFileSync(depcruise, ["app", "server.ts", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" });
  const folder = (file: string) => file.match(/^app\/([^/]+)\//)?.[1];
  const used = new Set<string>();
  for (const module of (JSON.parse(json) as Cruised).modules) {
    const from = folder(module.source);
    for (const { resolved } of module.dependencies) {
      const to = folder(resolved);
      if (from && to && from !== to) used.add(`${from}→${to}`);
    }
  }
  return used;
}

describe("the import table", () => {
  it("allows no import the code does not make", { timeout: 120_000 }, () => {
    const rows = allowances();
    expect(rows.size).toBeGreaterThan(20);
    const used = importsAcrossFolders();
    const unused = [...rows].flatMap(([from, targets]) => targets.filter((to) => !used.has(`${from}→${to}`)).map((to) => `${from}→${to}`));
    expect(unused, "allowances in .dependency-cruiser.cjs (FOLDERS) that no import uses: remove them").toEqual([]);
  });
});
