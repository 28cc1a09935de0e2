// Client JS per page, from the production build's manifest: every script a browser loads for a route
// (manifest + entry + each route from root down + their imports), gzip-compressed as served.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/** The budget every page stays under (developers' guide). */
export const CLIENT_JS_BUDGET_KB = 100;
/** What the budget test enforces on every page (issue 34: 96 KB, with Remix's single-fetch code in the framework chunk, decision 041; decision 057). */
export const CLIENT_JS_ENFORCED_KB = 96;

type Manifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[]; hasDefaultExport?: boolean }>;
};

/** The studio console's pages: root's ConsoleDocument renders them without any script (the budget test checks it). */
export const CONSOLE_ROUTE_PREFIX = "routes/staff+/";

/**
 * The routes that render a page loading JS (a default export in the server build): resource routes ship none,
 * and neither do the console's pages.
 */
export async function pageRouteIds(root = process.cwd()): Promise<Set<string>> {
  const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as { routes: Record<string, { module: { default?: unknown } }> };
  return new Set(
    Object.entries(build.routes)
      .filter(([id, r]) => typeof r.module.default === "function" && !id.startsWith(CONSOLE_ROUTE_PREFIX))
      .map(([id]) => id),
  );
}

/**
 * Whether pages load the whole route manifest as a script: not with lazy route discovery, where each document
 * carries its own routes' part inline (counted in the HTML, not here) and the rest arrives when links show.
 */
export async function loadsManifestFile(root = process.cwd()): Promise<boolean> {
  const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as { future: { v3_lazyRouteDiscovery?: boolean } };
  return build.future.v3_lazyRouteDiscovery !== true;
}

export function clientJsPerRoute(root = process.cwd(), pages?: Set<string>, { manifestFile: loadsManifest = true } = {}) {
  const buildDir = path.join(root, "public/build");
  const manifestFile = readdirSync(buildDir).find((f) => f.startsWith("manifest-"));
  if (!manifestFile) throw new Error("No build found: run `npm run build` first");
  const manifest = JSON.parse(readFileSync(path.join(buildDir, manifestFile), "utf8").replace(/^window.__remixManifest=/, "").replace(/;$/, "")) as Manifest;
  const read = (url: string) => readFileSync(path.join(root, "public", url));
  const scriptsFor = (routeId: string) => {
    const files = new Set<string>([...(loadsManifest ? [`/build/${manifestFile}`] : []), manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
      const route = manifest.routes[id];
      files.add(route.module);
      for (const i of route.imports ?? []) files.add(i);
    }
    return [...files];
  };
  return Object.values(manifest.routes)
    .filter((r) => r.id !== "root" && (!pages || pages.has(r.id)))
    .map((r) => {
      const files = scriptsFor(r.id);
      const own = [r.module, ...(r.imports ?? [])];
      return {
        route: r.id.replace("routes/", ""),
        totalKb: files.reduce((n, f) => n + gzipSync(read(f)).length, 0) / 1024,
        routeKb: own.reduce((n, f) => n + gzipSync(read(f)).length, 0) / 1024,
        /** Whether zod (server-side validation) leaked into what the browser loads. */
        shipsZod: files.some((f) => /\bZodError\b/.test(read(f).toString("utf8"))),
      };
    })
    .sort((a, b) => b.totalKb - a.totalKb);
}
