import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Where a page's server code lives, and one way to read a form (decision 069, docs/guides/pages.md). A route file
 * holds imports, meta/headers/handle, a short loader and action that call their feature, and the component; the
 * queries, the form's schema and the action's work live in the feature's `*.server.ts`. Every form post is read
 * with the form kit (`readFormPost` + `validateForm`, Conform's parsing), never by hand.
 */

const ROOT = path.resolve(__dirname, "../..");

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const entry = path.join(dir, name);
    if (statSync(path.join(ROOT, entry)).isDirectory()) yield* files(entry);
    else if (/\.(ts|tsx)$/.test(name)) yield entry.split(path.sep).join("/");
  }
}

/** What a route file may not hold, each with the reason the offender list gives. */
const IN_A_ROUTE: [RegExp, string][] = [
  [/\bgetDb\(/, "calls getDb() (the query belongs in its feature)"],
  [/from "drizzle-orm/, "imports drizzle-orm (the query belongs in its feature)"],
  [/from "zod(\/v4)?"/, "imports zod (a schema belongs in its feature's .server.ts)"],
];

/** How a form may not be read, anywhere in app/. */
const FORM_READ_BY_HAND: [RegExp, string][] = [
  // A GET query string or the API's params are not forms: `Object.fromEntries(url.searchParams)` may be parsed.
  [/safeParse\(\s*\{?\s*(\.\.\.)?Object\.fromEntries\((?!\s*(url\.)?searchParams)/, "parses a form with safeParse(Object.fromEntries(…)) (use validateForm)"],
  [/\bparseWithZod\b/, "uses parseWithZod outside the form kit (use validateForm)"],
];

function offenders(): string[] {
  const found: string[] = [];
  for (const file of files("app")) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    if (file.startsWith("app/routes/")) {
      if (file.endsWith(".server.ts")) found.push(`${file}: a .server.ts beside the routes (it belongs in its feature folder)`);
      for (const [pattern, reason] of IN_A_ROUTE) if (pattern.test(text)) found.push(`${file}: ${reason}`);
    }
    if (file === "app/flow/forms.server.ts") continue;
    for (const [pattern, reason] of FORM_READ_BY_HAND) if (pattern.test(text)) found.push(`${file}: ${reason}`);
    // A module that reads a form post and parses with zod by hand (`schema.safeParse(values)`).
    if (/\breadFormPost\(/.test(text) && /\.safeParse\(/.test(text)) found.push(`${file}: reads a form post and parses it with safeParse (use validateForm)`);
  }
  return found;
}

describe("a page's server code has one home, and a form one way to be read", () => {
  it("has no route file with queries or schemas, no .server.ts beside the routes and no form read by hand", () => {
    expect(offenders()).toEqual([]);
  });
});
