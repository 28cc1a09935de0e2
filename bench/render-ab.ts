// The server-side cost of a page in two (or more) builds, A/B in one process (decision 019): each build's Remix
// request handler (no Express, no socket: what a build changes) serves the same page in turns of `--batch`
// requests, alternating builds, and the process's CPU time per request is taken per turn (process.cpuUsage).
// On a shared, loaded machine the turns of each build fall in the same seconds, so the load falls on all alike —
// a 5 % difference that bench/perf.ts's separate server processes cannot resolve under load shows here.
// A build directory holds build/index.js and public/build (e.g. bench/perf.ts's scratch builds, or `npm run build`).
//
//   node --import tsx bench/render-ab.ts [--turns 15] [--batch 100] <label>=<build dir> <label>=<build dir> …
import type { AsyncLocalStorage } from "node:async_hooks";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createRequestHandler, type ServerBuild } from "@remix-run/server-runtime";
import { openDatabase, setDatabase } from "../app/db/client.server";
import { catalogueIsEmpty, seedCatalogue } from "../app/db/seed.server";

const { values: args, positionals } = parseArgs({
  options: { turns: { type: "string", default: "15" }, batch: { type: "string", default: "100" } },
  allowPositionals: true,
});
const TURNS = Number(args.turns);
const BATCH = Number(args.batch);
process.env.NODE_ENV = "production";
const dataDir = mkdtempSync(path.join(tmpdir(), "dental-render-ab-"));
const database = await openDatabase({ dataDir });
setDatabase(Promise.resolve(database));
if (await catalogueIsEmpty(database.db)) await seedCatalogue(database.db);

type Variant = { label: string; dir: string; handle: (request: Request) => Promise<Response> };
const variants: Variant[] = [];
for (const spec of positionals) {
  const [label, dir] = spec.split("=");
  const build = (await import(path.resolve(dir, "build/index.js"))) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  const serve = (request: Request) => handler(request, { nonce: "bm9uY2Vub25jZW5vbmNl", clientIp: "127.0.0.1" });
  // Each request in a request context of its own, as server.ts runs it (a build that reads the catalogue revision
  // reads it once per request there, decision 023); a build without one is served as before.
  const context = () => (globalThis as { [key: symbol]: unknown })[Symbol.for("dental.request-context")] as AsyncLocalStorage<{ requestId: string }> | undefined;
  variants.push({ label, dir: path.resolve(dir), handle: (request) => context()?.run({ requestId: "bench" }, () => serve(request)) ?? serve(request) });
}
const ORIGIN = "http://localhost:3000";

/** Requests a page from `variant` (its own directory: the stylesheets are read from its public/). */
async function get(variant: Variant, pathname: string, cookie = "", init: RequestInit = {}) {
  process.chdir(variant.dir);
  const res = await variant.handle(new Request(ORIGIN + pathname, { ...init, headers: { Host: "localhost:3000", ...(cookie ? { Cookie: cookie } : {}), ...(init.headers ?? {}) } }));
  await res.text();
  return res;
}

/** The booking cookie at each step, walked with form posts (as bench/perf.ts does). */
async function bookingCookies(variant: Variant) {
  let cookie = "";
  const post = async (step: string, body: Record<string, string>) => {
    const res = await get(variant, `/booking/${step}`, cookie, { method: "POST", body: new URLSearchParams(body), headers: { Origin: ORIGIN, Host: "localhost:3000", "Content-Type": "application/x-www-form-urlencoded" } });
    if (res.status !== 303 && res.status !== 302) throw new Error(`${variant.label} ${step}: ${res.status}`);
    cookie = res.headers.get("set-cookie")?.split(";")[0] ?? cookie;
    return { cookie, next: new URL(res.headers.get("location") ?? "/", ORIGIN).pathname };
  };
  const services = (await post("markets", { market: "boston" })).cookie;
  const studios = (await post("services", { category: "cleaning" })).cookie;
  const times = (await post("studios", { studio: "fenway" })).cookie;
  process.chdir(variant.dir);
  const html = await (await variant.handle(new Request(`${ORIGIN}/booking/times`, { headers: { Cookie: times } }))).text();
  const slot = html.match(/name="slot"[^>]*value="([^"]+)"/)?.[1] ?? html.match(/value="([^"]+)"[^>]*name="slot"/)?.[1];
  if (!slot) throw new Error("no time offered on /booking/times");
  const after = await post("times", { slot: slot.replace(/&amp;/g, "&") });
  return { "/booking/services": services, "/booking/studios": studios, "/booking/times": times, [after.next]: after.cookie } as Record<string, string>;
}

const cookies = new Map<Variant, Record<string, string>>();
for (const v of variants) cookies.set(v, await bookingCookies(v));
const pagePaths = ["/", "/about", "/login", "/booking/markets", ...Object.keys(cookies.get(variants[0])!)];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`${TURNS} turns of ${BATCH} requests per build and page, builds alternating; CPU µs per request (user + system), median of the turns [min–max]`);
console.log(`${"page".padEnd(22)} ${variants.map((v) => v.label.padStart(26)).join(" ")}   change (last ÷ first)`);
for (const pathname of pagePaths) {
  const samples = new Map<Variant, number[]>(variants.map((v) => [v, []]));
  for (let turn = -2; turn < TURNS; turn++) {
    for (const v of turn % 2 === 0 ? variants : [...variants].reverse()) {
      const cookie = cookies.get(v)![pathname] ?? "";
      const before = process.cpuUsage();
      for (let i = 0; i < BATCH; i++) {
        const res = await get(v, pathname, cookie);
        if (res.status !== 200) throw new Error(`${v.label} ${pathname}: ${res.status}`);
      }
      const used = process.cpuUsage(before);
      if (turn >= 0) samples.get(v)!.push((used.user + used.system) / BATCH); // two warm-up turns
    }
  }
  const cells = variants.map((v) => {
    const s = samples.get(v)!;
    return `${median(s).toFixed(0)} [${Math.min(...s).toFixed(0)}–${Math.max(...s).toFixed(0)}]`.padStart(26);
  });
  const change = median(samples.get(variants[variants.length - 1])!) / median(samples.get(variants[0])!) - 1;
  console.log(`${pathname.padEnd(22)} ${cells.join(" ")}   ${(change * 100).toFixed(1)} %`);
}
// The HTML each build sends for each page (bytes before compression), one request each.
console.log(`\nHTML bytes per page (uncompressed)\n${"page".padEnd(22)} ${variants.map((v) => v.label.padStart(26)).join(" ")}`);
for (const pathname of pagePaths) {
  const bytes: string[] = [];
  for (const v of variants) {
    process.chdir(v.dir);
    const res = await v.handle(new Request(ORIGIN + pathname, { headers: { Host: "localhost:3000", Cookie: cookies.get(v)![pathname] ?? "" } }));
    bytes.push(Buffer.byteLength(await res.text()).toLocaleString("en-US").padStart(26));
  }
  console.log(`${pathname.padEnd(22)} ${bytes.join(" ")}`);
}
console.log(`\nload average at the end: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
await database.close?.();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
