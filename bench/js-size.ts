// Client JS per booking step: every script a browser loads for that page (manifest + entry + root + route
// and their imports), gzip-compressed as served. Run after `npm run build`: node --import tsx bench/js-size.ts
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const buildDir = "public/build";
const manifestFile = readdirSync(buildDir).find((f) => f.startsWith("manifest-"));
if (!manifestFile) throw new Error("No build found: run `npm run build` first");
const manifestSource = readFileSync(path.join(buildDir, manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.replace(/^window.__remixManifest=/, "").replace(/;$/, "")) as {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; path?: string; module: string; imports?: string[] }>;
};

const gz = (url: string) => gzipSync(readFileSync(path.join("public", url))).length;
const scriptsFor = (routeId: string) => {
  const files = new Set<string>([manifestFile ? `/build/${manifestFile}` : "", manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    files.add(route.module);
    for (const i of route.imports ?? []) files.add(i);
  }
  files.delete("");
  return [...files];
};

const rows = Object.values(manifest.routes)
  .filter((r) => r.id.startsWith("routes/booking"))
  .map((r) => {
    const files = scriptsFor(r.id);
    const own = gz(r.module) + (r.imports ?? []).reduce((n, f) => n + gz(f), 0);
    return { route: r.id.replace("routes/", ""), totalKb: files.reduce((n, f) => n + gz(f), 0) / 1024, routeKb: own / 1024 };
  })
  .sort((a, b) => b.totalKb - a.totalKb);

console.log("Client JS per booking route (gzip, KB): total loaded | route's own chunks");
for (const r of rows) console.log(`${r.route.padEnd(44)} ${r.totalKb.toFixed(1).padStart(6)} | ${r.routeKb.toFixed(1).padStart(5)}`);
const worst = rows[0];
console.log(`\nLargest: ${worst?.route} ${worst?.totalKb.toFixed(1)} KB gzip (budget 100 KB)`);
