// The import boundaries of .dependency-cruiser.cjs (decisions 005, 040) run in `npm run lint` over the real app/.
// This proves the lint itself: the real config, run by the real dependency-cruiser over a small app/ of its own in a
// temporary directory, fails an unlisted folder (importing, imported or alone), an import of a folder not in the
// importer's row and an import running up; and passes a tree that keeps to the table.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DEPCRUISE = path.join(ROOT, "node_modules/.bin/depcruise");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the project's dependency-cruiser config over `files` (path under app/ → source); returns exit status and output. */
function lint(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "house-boundaries-"));
  dirs.push(dir);
  copyFileSync(path.join(ROOT, ".dependency-cruiser.cjs"), path.join(dir, ".dependency-cruiser.cjs"));
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] } } }));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, "app", file)), { recursive: true });
    writeFileSync(path.join(dir, "app", file), source);
  }
  const run = spawnSync(DEPCRUISE, ["app", "--config", ".dependency-cruiser.cjs"], { cwd: dir, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const LAYERED = {
  "rules/age.ts": "export const adult = 18;\n",
  "db/client.ts": 'import { adult } from "~/rules/age";\nexport const db = { adult };\n',
  "booking/steps.ts": 'import { db } from "~/db/client";\nexport const steps = [db];\n',
  "routes/booking.tsx": 'import { steps } from "~/booking/steps";\nexport default steps;\n',
};

describe("dependency-cruiser knows every folder of app/", () => {
  it("passes a tree whose imports keep to the table", () => {
    const { status, output } = lint(LAYERED);
    expect(output).toContain("no dependency violations");
    expect(status).toBe(0);
  });

  it("fails new folders not in the table (importing, imported, alone), an import running up and one between features", () => {
    const { status, output } = lint({
      ...LAYERED,
      // New folders without a row: one importing a listed folder, one a route imports, one standing alone.
      "gadgets/widget.ts": 'import { adult } from "~/rules/age";\nexport const w = adult;\n',
      "gizmos/gizmo.ts": "export const g = 1;\n",
      "routes/gizmo.tsx": 'import { g } from "~/gizmos/gizmo";\nexport default g;\n',
      "loners/alone.ts": "export const a = 1;\n",
      // Running up: the database importing a feature; the language layer importing content (issue 34's arrow).
      "db/up.ts": 'import { steps } from "~/booking/steps";\nexport const up = steps;\n',
      "content/public-pages.ts": "export const isPublicPage = (p: string) => p === '/';\n",
      "i18n/page.server.ts": 'import { isPublicPage } from "~/content/public-pages";\nexport const x = isPublicPage;\n',
      // Sideways: one feature importing another.
      "intake/form.ts": 'import { steps } from "~/booking/steps";\nexport const f = steps;\n',
    });
    expect(status).not.toBe(0);
    const violations = output.split("\n").filter((line) => /^\s*error /.test(line));
    const has = (rule: string, from: string) => violations.some((line) => line.includes(`${rule}:`) && line.includes(from));
    expect(has("every-folder-has-a-row", "app/gadgets/widget.ts"), output).toBe(true);
    expect(has("routes-imports-its-row", "app/routes/gizmo.tsx"), output).toBe(true);
    expect(has("every-folder-has-a-row-even-alone", "app/loners/alone.ts"), output).toBe(true);
    expect(has("db-imports-its-row", "app/db/up.ts"), output).toBe(true);
    expect(has("i18n-imports-its-row", "app/i18n/page.server.ts"), output).toBe(true);
    expect(has("intake-imports-its-row", "app/intake/form.ts"), output).toBe(true);
  });
});
