// patches/ changes Remix and React Router internals (decisions 011, 014, 019), applied by patch-package on
// `npm install`/`npm ci`. If that step is skipped, or a version bump leaves a patch for a version no longer
// installed, this fails: CI goes red instead of the site quietly getting slower (or its scripts loading early).
// What each patch does is tested on its behaviour too: tests/unit/route-matching-cache.test.ts (route matching,
// the server's route objects, the static router's data routes) and tests/integration/server-process.test.ts
// (no script requested while the document arrives).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PATCHES = readdirSync(path.join(ROOT, "patches")).filter((f) => f.endsWith(".patch"));

/** patch-package's file name: `<name with / as +>+<version>.patch`, e.g. `@remix-run+router+1.23.3.patch`. */
function patchedPackage(file: string) {
  const parts = file.replace(/\.patch$/, "").split("+");
  return { name: parts.slice(0, -1).join("/"), version: parts[parts.length - 1] };
}

describe("every patch in patches/ is applied to the installed package", () => {
  it("has patches to check", () => {
    expect(PATCHES.length).toBeGreaterThan(0);
  });

  for (const file of PATCHES) {
    const { name, version } = patchedPackage(file);
    it(`${name}@${version}: installed at that version, and every hunk of ${file} is in node_modules`, () => {
      const installed = JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string };
      expect(installed.version, `${name} was upgraded: port ${file} to ${installed.version} (decision 019) or drop it`).toBe(version);
      // The patch reverses cleanly only if all of it is there (git apply works as a plain patch tool here).
      expect(() =>
        execFileSync("git", ["apply", "--check", "--reverse", path.join("patches", file)], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] }),
      ).not.toThrow();
    });
  }
});
