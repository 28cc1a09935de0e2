/**
 * Before the e2e run (project `standards-setup`): an empty capture folder, a Java the validator can use, and
 * every spec on the capturing `test` of ./support (one that imports Playwright's own would go unvalidated).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { resetCaptures } from "../standards/captured";

test("the HTML validator is ready and every spec captures what it visits", () => {
  resetCaptures();
  expect(() => execFileSync("java", ["-version"], { stdio: "pipe" }), "Java runs the Nu Html Checker: apt-get install -y default-jre-headless").not.toThrow();
  const dir = path.dirname(new URL(import.meta.url).pathname);
  const ownTest = readdirSync(dir)
    .filter((f) => f.endsWith(".spec.ts"))
    .filter((f) => /import \{[^}]*\btest\b[^}]*\} from "@playwright\/test"/.test(readFileSync(path.join(dir, f), "utf8")));
  expect(ownTest, "specs must import `test` from ./support, which captures every page for the validator").toEqual([]);
});
