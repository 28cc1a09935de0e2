import { readFileSync } from "node:fs";
import path from "node:path";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { BoundedMap } from "~/rules/bounded-map";

/** The parts of Remix's assets manifest (the build's `assets`, a document render's `remixContext.manifest`) read here. */
export type AssetsManifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: string; imports?: string[] }>;
};

/**
 * A string in a built script that may name a message: `"booking.times.lead"`, or the start of one built at run time
 * (`"booking.services."+x`, `` `booking.services.${x}` ``). Minified code keeps every `t("…")` key as such a literal.
 */
const LITERAL = /["'`]([a-z][\w-]*(?:\.[\w-]+)*\.?)(?=["'`]|\$\{)/g;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function literalsIn(text: string, into = new Set<string>()): Set<string> {
  for (const m of text.matchAll(LITERAL)) if (m[1].includes(".")) into.add(m[1]);
  return into;
}

/** One per built script (~180). */
const literalsOfFile = new BoundedMap<string, Set<string>>("i18n literals per built file", 2000);
function literalsOf(url: string): Set<string> {
  let found = literalsOfFile.get(url);
  // Built files are fingerprinted: a URL's text never changes, so it is read once.
  if (!found) literalsOfFile.set(url, (found = literalsIn(readFileSync(path.join("public", url), "utf8"))));
  return found;
}

const serverOnlyOf = new WeakMap<AssetsManifest, ReadonlySet<string>>();
/**
 * The literals only the server's code names (no browser script has them): keys a loader or a rule hands a page to show
 * (`booking.times.afternoon` from the time picker's loader), which no page's scripts name. Read from the server build.
 */
function serverOnlyLiterals(manifest: AssetsManifest): ReadonlySet<string> {
  let only = serverOnlyOf.get(manifest);
  if (!only) {
    const inBrowser = new Set<string>();
    const urls = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
    for (const route of Object.values(manifest.routes)) urls.push(route.module, ...(route.imports ?? []));
    for (const url of new Set(urls)) for (const literal of literalsOf(url)) inBrowser.add(literal);
    const server = literalsIn(readFileSync(path.resolve("build", "index.js"), "utf8"));
    serverOnlyOf.set(manifest, (only = new Set([...server].filter((literal) => !inBrowser.has(literal)))));
  }
  return only;
}

/** A key is named by a page's scripts when a literal is the key, its plural's base, or a prefix of it ending at a dot. */
function named(key: string, literals: Set<string>): boolean {
  const base = key.replace(PLURAL, "");
  if (literals.has(key) || literals.has(base)) return true;
  for (let dot = base.lastIndexOf("."); dot > 0; dot = base.lastIndexOf(".", dot - 1)) {
    const prefix = base.slice(0, dot);
    if (literals.has(`${prefix}.`) || literals.has(prefix)) return true;
  }
  return false;
}

/** Route chains × sections: a few hundred in a build. */
const keysOfPage = new BoundedMap<string, ReadonlySet<string> | null>("i18n words per page", 2000);
/**
 * The message keys a page's browser code can show (issue 34 F): every key that a literal in the scripts the page loads
 * (the client entry, then each matched route's module and its chunks, root's chrome among them) names, of `keys`.
 * Read from the build itself, so a new `t("…")` in a route or component reaches its pages with no list to keep.
 * With `withServerOnly`, also every key only the server's code names (a client navigation's words: no render of the
 * page on the server notes what its loader handed it). Null when the build's files are not there (a render outside
 * a production build): the caller ships the section whole.
 */
export function keysNamedByPage(
  manifest: AssetsManifest,
  routeIds: readonly string[],
  keys: readonly string[],
  { withServerOnly }: { withServerOnly: boolean },
): ReadonlySet<string> | null {
  const cacheKey = `${manifest.entry.module}|${routeIds.join()}|${keys.length}|${withServerOnly}`;
  if (keysOfPage.has(cacheKey)) return keysOfPage.get(cacheKey)!;
  let result: ReadonlySet<string> | null = null;
  try {
    const urls = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
    for (const id of routeIds) {
      const route = manifest.routes[id];
      if (route) urls.push(route.module, ...(route.imports ?? []));
    }
    const literals = new Set<string>(withServerOnly ? serverOnlyLiterals(manifest) : []);
    for (const url of new Set(urls)) for (const literal of literalsOf(url)) literals.add(literal);
    result = new Set(keys.filter((key) => named(key, literals)));
  } catch {
    result = null;
  }
  keysOfPage.set(cacheKey, result);
  return result;
}

const trees = new WeakMap<AssetsManifest, AgnosticRouteObject[]>();
/** The route ids a path matches in a build (root first), as Remix matches them: for a client navigation's words. */
export function routeIdsOf(manifest: AssetsManifest, pathname: string): string[] {
  let tree = trees.get(manifest);
  if (!tree) {
    const childrenOf = (parentId: string | undefined): AgnosticRouteObject[] =>
      Object.values(manifest.routes)
        .filter((r) => r.parentId === parentId)
        .map((r) =>
          r.index
            ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
            : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: childrenOf(r.id) },
        );
    trees.set(manifest, (tree = childrenOf(undefined)));
  }
  return (matchRoutes(tree, pathname) ?? []).map((m) => m.route.id!);
}
