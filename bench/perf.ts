// Speed against a bare Remix page, in one run (issue 13). Builds, in a scratch directory, the bare Remix v2 app of
// bench/bare, the project as it is and the project padded to 100 routes with synthetic ones; serves each with the
// project's own server.ts (production, its own embedded database); then, in interleaved rounds so that the
// machine's load falls on all alike, measures every page at 10 connections and prints its throughput as a ratio
// to the bare page's (same round), p50/p99 and the client JS it loads (gzip). Medians over the rounds.
// Beside req/s, the server process's CPU time per request (from /proc): on a machine shared with other work it
// moves far less than throughput does. With --baseline, the same builds are also served as published (React
// Router and Remix without patches/, and --baseline-server, e.g. an older server.ts) in the same rounds.
// Then Lighthouse mobile (Debian's Chromium) on the journey pages and the bare page (--skip-lighthouse: not), and,
// when TEST_DATABASE_URL is set, the PostgreSQL figures of bench/postgres.ts (bookings per second, 60-day availability).
//
// --before <git ref> (repeatable; `git stash create` gives one for uncommitted work): the project as of that commit (its app/, built in the scratch directory, served by this server.ts)
// is measured in the same rounds, page for page ("before"). --without-patch <file>[:<path glob>] (repeatable): the
// project's build served through node_modules where that patch of patches/ (or only its hunks for files matching
// the glob) is reversed, on the pages of PATCH_PAGES — what each patch pays, in one run.
//
//   node --import tsx bench/perf.ts [--rounds 3] [--duration 5] [--routes 100] [--skip-lighthouse] [--lighthouse-runs 3]
//                                   [--baseline] [--baseline-server path/to/server.ts] [--port-base 3511]
//                                   [--before <git ref>] [--without-patch <file>[:<glob>]]…
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildAtRef } from "./build-at-ref";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import lighthouse from "lighthouse";
import { postgresFigures, printPostgresFigures } from "./postgres";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "5" },
    "skip-lighthouse": { type: "boolean", default: false },
    "lighthouse-runs": { type: "string", default: "3" },
    "port-base": { type: "string", default: "3511" },
    routes: { type: "string", default: "100" },
    baseline: { type: "boolean", default: false },
    "baseline-server": { type: "string", default: "server.ts" },
    before: { type: "string", multiple: true, default: [] },
    "without-patch": { type: "string", multiple: true, default: [] },
  },
});
const ROUNDS = Number(args.rounds);
const DURATION = Number(args.duration);
const SYNTHETIC_ROUTES = Number(args.routes);
const repo = process.cwd();
const scratch = mkdtempSync(path.join(tmpdir(), "dental-perf-"));
// Ports port-base … port-base + 7 are this bench's (port-base + 3 for Chromium's debugging port, + 6 and + 7 for PostgreSQL's
// servers), + 9 … + 13 one per --without-patch, + 14 on one per --before.
const PORT_BASE = Number(args["port-base"]);
const PORTS = {
  bare: PORT_BASE,
  project: PORT_BASE + 1,
  padded: PORT_BASE + 2,
  chromeDebug: PORT_BASE + 3,
  projectBaseline: PORT_BASE + 4,
  paddedBaseline: PORT_BASE + 5,
  postgres: [PORT_BASE + 6, PORT_BASE + 7],
  withoutPatch: (i: number) => PORT_BASE + 9 + i, // up to 5
  before: (i: number) => PORT_BASE + 14 + i,
};

/**
 * node_modules as published for the packages patches/ changes (copies with the patches reversed), the rest linked
 * to the repository's: servers then run with --preserve-symlinks so that every package resolves through it.
 * `only`: reverse just that patch file of patches/, and with `include` (a path glob) just its hunks for those files.
 */
function unpatchedNodeModules(name = "unpatched", only?: { patch: string; include?: string }) {
  const root = path.join(scratch, name);
  const modules = path.join(root, "node_modules");
  const patched = new Set(["@remix-run/router", "@remix-run/react", "react-router-dom"]);
  const link = (from: string, to: string) => {
    for (const entry of readdirSync(from)) {
      const name = path.relative(path.join(repo, "node_modules"), path.join(from, entry));
      if (patched.has(name)) cpSync(path.join(from, entry), path.join(to, entry), { recursive: true });
      else if (entry === "@remix-run") {
        mkdirSync(path.join(to, entry));
        link(path.join(from, entry), path.join(to, entry));
      } else symlinkSync(path.join(from, entry), path.join(to, entry));
    }
  };
  mkdirSync(modules, { recursive: true });
  link(path.join(repo, "node_modules"), modules);
  for (const patch of only ? [only.patch] : readdirSync(path.join(repo, "patches"))) {
    const include = only?.include ? [`--include=${only.include}`] : [];
    execFileSync("git", ["apply", "-R", ...include, path.join(repo, "patches", patch)], { cwd: root });
  }
  return modules;
}
/** A directory that looks like the repository to server.ts (db/migrations, content/, public/, node_modules). */
function scratchRoot(name: string) {
  const dir = path.join(scratch, name);
  mkdirSync(path.join(dir, "public"), { recursive: true });
  for (const entry of ["node_modules", "db", "content"]) symlinkSync(path.join(repo, entry), path.join(dir, entry));
  // The `~/` alias resolves into the repository's app/ (a real file: a symlinked one would resolve here).
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { jsx: "react-jsx", baseUrl: repo, paths: { "~/*": ["./app/*"] } } }));
  return dir;
}

function remixBuild(projectDir: string, cwd: string) {
  execFileSync(path.join(repo, "node_modules/.bin/remix"), ["build", projectDir], { cwd, stdio: ["ignore", "ignore", "inherit"] });
}

function buildBare() {
  const dir = scratchRoot("bare");
  cpSync(path.join(repo, "bench/bare"), dir, { recursive: true });
  const pkg = JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as { dependencies: object; devDependencies: object };
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "bare", private: true, type: "module", dependencies: pkg.dependencies, devDependencies: pkg.devDependencies }),
  );
  remixBuild(dir, dir);
  return dir;
}

/** The project's own routes, padded with synthetic ones (never requested, only matched against) up to `total`. */
function buildProject(name: string, total: number) {
  const dir = scratchRoot(name);
  // app/ here only for remix-flat-routes to list the route files (it reads ./app/routes); Remix compiles from the real path.
  for (const entry of ["package.json", "app"]) symlinkSync(path.join(repo, entry), path.join(dir, entry));
  for (const entry of readdirSync(path.join(repo, "public"))) {
    if (entry !== "build") symlinkSync(path.join(repo, "public", entry), path.join(dir, "public", entry));
  }
  writeFileSync(
    path.join(dir, "remix.config.js"),
    `import base from ${JSON.stringify(path.join(repo, "remix.config.js"))};
export default {
  ...base,
  appDirectory: ${JSON.stringify(path.join(repo, "app"))},
  routes: async (defineRoutes) => {
    const routes = await base.routes(defineRoutes);
    const missing = Math.max(0, ${total} - 1 - Object.keys(routes).length); // root is the one more
    const file = Object.values(routes).find((r) => r.path && !r.index)?.file; // any page module: never rendered
    const padding = defineRoutes((route) => {
      for (let i = 0; i < missing; i++) route("synthetic-" + i + "/:slug", file, { id: "synthetic-" + i });
    });
    return { ...routes, ...padding };
  },
};
`,
  );
  remixBuild(dir, dir);
  return dir;
}

function routeCount(dir: string) {
  const manifest = readdirSync(path.join(dir, "public/build")).find((f) => f.startsWith("manifest-"));
  const source = readFileSync(path.join(dir, "public/build", manifest ?? ""), "utf8");
  return Object.keys((JSON.parse(source.replace(/^window.__remixManifest=/, "").replace(/;$/, "")) as { routes: object }).routes).length;
}

const children: ChildProcess[] = [];
const pids = new Map<string, number>();
/** Serves `dir`'s build with server.ts (or `entry`), as `npm start` does; `unpatched`: through unpatchedNodeModules(). */
async function serve(dir: string, port: number, options: { entry?: string; unpatched?: string } = {}) {
  let cwd = dir;
  if (options.unpatched) {
    cwd = `${dir}-${path.basename(path.dirname(options.unpatched))}`; // one per node_modules variant
    mkdirSync(cwd);
    for (const entry of ["build", "public"]) symlinkSync(path.join(dir, entry), path.join(cwd, entry));
    for (const entry of ["db", "content"]) symlinkSync(path.join(repo, entry), path.join(cwd, entry));
    symlinkSync(options.unpatched, path.join(cwd, "node_modules"));
  }
  const flags = ["--max-semi-space-size=32", ...(options.unpatched ? ["--preserve-symlinks"] : []), "--import", "tsx"];
  const child = spawn(process.execPath, [...flags, path.resolve(options.entry ?? "server.ts")], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(cwd, "data"),
      TSX_TSCONFIG_PATH: path.join(repo, "tsconfig.json"),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) {
        pids.set(base, child.pid ?? 0);
        return base;
      }
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`server in ${cwd} exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server in ${cwd} did not start`);
}

/** CPU time (user + system) a process has used so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The booking state cookie at each step, walked with plain form posts as a browser without JavaScript would. */
async function bookingCookies(base: string) {
  let cookie = "";
  const keep = (res: Response) => {
    const set = res.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0];
  };
  const post = async (step: string, body: Record<string, string>) => {
    const res = await fetch(`${base}/booking/${step}`, { method: "POST", body: new URLSearchParams(body), headers: { Cookie: cookie }, redirect: "manual" });
    keep(res);
    if (res.status !== 303 && res.status !== 302) throw new Error(`${step}: ${res.status}`);
    next = new URL(res.headers.get("location") ?? "/", base).pathname;
    return cookie;
  };
  let next = "";
  keep(await fetch(`${base}/booking`, { redirect: "manual" }));
  const services = await post("markets", { market: "boston" });
  const studios = await post("services", { category: "cleaning" });
  const times = await post("studios", { studio: "fenway" });
  // The first time offered, to reach the contact step.
  const timesPage = await (await fetch(`${base}/booking/times`, { headers: { Cookie: cookie } })).text();
  const slot = timesPage.match(/name="slot"[^>]*value="([^"]+)"/)?.[1] ?? timesPage.match(/value="([^"]+)"[^>]*name="slot"/)?.[1];
  if (!slot) throw new Error("no time offered on /booking/times");
  const afterTimes = await post("times", { slot: slot.replace(/&amp;/g, "&") });
  return { services, studios, times, afterTimes: { path: next, cookie: afterTimes } };
}

/** Client JS a browser loads for the page, as served: module scripts and module preloads (in the document or added by its inline module after the first paint), each gzip-compressed. */
async function jsGzipKb(url: string, cookie: string) {
  const html = await (await fetch(url, { headers: cookie ? { Cookie: cookie } : {} })).text();
  const origin = new URL(url).origin;
  const urls = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.js)"[^>]*>/g)) urls.add(new URL(m[1], origin).href);
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) urls.add(new URL(m[1], origin).href);
  // Decision 014: the page's inline module lists what it preloads after the first paint.
  const afterPaint = /for \(const href of (\[[^\]]*\])\)/.exec(html)?.[1];
  for (const href of afterPaint ? (JSON.parse(afterPaint) as string[]) : []) urls.add(new URL(href, origin).href);
  let bytes = 0;
  for (const u of urls) bytes += gzipSync(Buffer.from(await (await fetch(u)).arrayBuffer())).length;
  return bytes / 1024;
}

/** The booking cookie that reaches `pagePath` (a step measured with its state), from bookingCookies' answer. */
function cookieAt(cookies: Awaited<ReturnType<typeof bookingCookies>>, pagePath: string) {
  if (pagePath === cookies.afterTimes.path) return cookies.afterTimes.cookie;
  const step = pagePath.replace("/booking/", "") as "services" | "studios" | "times";
  return cookies[step];
}
/** Pages each --without-patch variant is measured on. */
const PATCH_PAGES = ["/", "/booking/markets", "/booking/studios", "/booking/times"];

/** `lang`: the page in that language (its `lang` cookie), to compare a Spanish page with its English one (issue 21). */
type Page = { name: string; base: string; path: string; cookie?: string; lang?: string };
const cookieHeader = (page: Page) => [page.lang ? `lang=${page.lang}` : null, page.cookie].filter(Boolean).join("; ");
type Sample = { rps: number; p50: number; p99: number; non2xx: number; errors: number; cpuPerRequest: number };

async function load(page: Page, duration: number) {
  const pid = pids.get(page.base) ?? 0;
  const cpuBefore = cpuMs(pid);
  const r = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      { url: page.base + page.path, connections: 10, duration, headers: cookieHeader(page) ? { Cookie: cookieHeader(page) } : {} },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
  const cpuPerRequest = (cpuMs(pid) - cpuBefore) / Math.max(1, r.requests.total);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, cpuPerRequest } satisfies Sample;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One Lighthouse mobile run (its default config: Moto G Power, 4× CPU slowdown, slow 4G) in a fresh Chromium. */
async function lighthouseRun(url: string, cookie?: string) {
  const profile = mkdtempSync(path.join(scratch, "chromium-"));
  const chromium = spawn(
    "/usr/bin/chromium",
    ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", `--remote-debugging-port=${PORTS.chromeDebug}`, `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore" },
  );
  try {
    for (let i = 0; i < 100; i++) {
      if (await fetch(`http://127.0.0.1:${PORTS.chromeDebug}/json/version`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const result = await lighthouse(url, {
      port: PORTS.chromeDebug,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const item = (lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)
      ?.items?.[0]?.items?.[0];
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits["largest-contentful-paint"].numericValue ?? NaN,
      fcp: lhr.audits["first-contentful-paint"].numericValue ?? NaN,
      tbt: lhr.audits["total-blocking-time"].numericValue ?? NaN,
      cls: lhr.audits["cumulative-layout-shift"].numericValue ?? NaN,
      lcpElement: (item?.node?.snippet ?? "").slice(0, 70),
    };
  } finally {
    chromium.kill("SIGTERM");
    await new Promise((r) => (chromium.exitCode === null ? chromium.once("exit", r) : r(null)));
  }
}

try {
  console.log(`Building in ${scratch}: bare page, project, project padded to ${SYNTHETIC_ROUTES} routes…`);
  const bareDir = buildBare();
  const projectDir = buildProject("project", 0);
  const paddedDir = SYNTHETIC_ROUTES > 0 ? buildProject("padded", SYNTHETIC_ROUTES) : null; // --routes 0: none
  const bare = await serve(bareDir, PORTS.bare);
  const project = await serve(projectDir, PORTS.project);
  const padded = paddedDir ? await serve(paddedDir, PORTS.padded) : null;
  const routes = { project: routeCount(projectDir), padded: paddedDir ? routeCount(paddedDir) : 0 };
  const cookies = await bookingCookies(project);
  const paddedCookies = padded ? await bookingCookies(padded) : null;

  const bareBase: Page = { name: "bare Remix page /", base: bare, path: "/" };
  const pages: Page[] = [
    { name: "/", base: project, path: "/" },
    { name: "/about", base: project, path: "/about" },
    { name: "/studios", base: project, path: "/studios" },
    { name: "/booking/markets", base: project, path: "/booking/markets" },
    { name: "/booking/services (cookie)", base: project, path: "/booking/services", cookie: cookies.services },
    { name: "/booking/studios (cookie)", base: project, path: "/booking/studios", cookie: cookies.studios },
    { name: "/booking/times (cookie)", base: project, path: "/booking/times", cookie: cookies.times },
    { name: "/ in Spanish", base: project, path: "/", lang: "es-US" },
    { name: "/booking/times (cookie) in Spanish", base: project, path: "/booking/times", cookie: cookies.times, lang: "es-US" },
    { name: `${cookies.afterTimes.path} (cookie)`, base: project, path: cookies.afterTimes.path, cookie: cookies.afterTimes.cookie },
    { name: "/login", base: project, path: "/login" },
    { name: "/signup", base: project, path: "/signup" },
    { name: "/healthz (Express only)", base: project, path: "/healthz" },
    ...(padded && paddedCookies
      ? [
          { name: `/booking/markets, ${routes.padded} routes`, base: padded, path: "/booking/markets" },
          { name: `/booking/studios, ${routes.padded} routes`, base: padded, path: "/booking/studios", cookie: paddedCookies.studios },
          { name: `/booking/times, ${routes.padded} routes`, base: padded, path: "/booking/times", cookie: paddedCookies.times },
        ]
      : []),
  ];
  // The variants' servers start side by side (a start on a loaded machine takes a minute).
  const beforeDirs = (args.before ?? []).map((ref, i) => buildAtRef(repo, scratch, ref, `before-${i}`));
  const variants = await Promise.all([
    ...(args.before ?? []).map(async (ref, i) => ({ label: `at ${ref.slice(0, 10)}`, only: null, base: await serve(beforeDirs[i], PORTS.before(i)) })),
    ...(args["without-patch"] ?? []).map(async (spec, i) => {
      const [patch, include] = spec.split(":");
      const modules = unpatchedNodeModules(`without-${i}`, { patch, include });
      return { label: `without ${spec}`, only: PATCH_PAGES, base: await serve(projectDir, PORTS.withoutPatch(i), { unpatched: modules }) };
    }),
  ]);
  for (const { label, only, base } of variants) {
    const variantCookies = await bookingCookies(base);
    for (const page of pages.filter((p) => p.base === project && p.path !== "/healthz" && (!only || only.includes(p.path)))) {
      pages.push({ ...page, name: `${page.name} ${label}`, base, cookie: page.cookie === undefined ? undefined : cookieAt(variantCookies, page.path) });
    }
  }
  if (args.baseline && paddedDir) {
    const published = unpatchedNodeModules();
    const entry = args["baseline-server"];
    const projectBaseline = await serve(projectDir, PORTS.projectBaseline, { entry, unpatched: published });
    const paddedBaseline = await serve(paddedDir, PORTS.paddedBaseline, { entry, unpatched: published });
    const baselineCookies = await bookingCookies(projectBaseline);
    const paddedBaselineCookies = await bookingCookies(paddedBaseline);
    const tag = `baseline`;
    pages.push(
      { name: `/ ${tag}`, base: projectBaseline, path: "/" },
      { name: `/booking/markets ${tag}`, base: projectBaseline, path: "/booking/markets" },
      { name: `/booking/studios (cookie) ${tag}`, base: projectBaseline, path: "/booking/studios", cookie: baselineCookies.studios },
      { name: `/booking/times (cookie) ${tag}`, base: projectBaseline, path: "/booking/times", cookie: baselineCookies.times },
      { name: `/booking/markets, ${routes.padded} routes ${tag}`, base: paddedBaseline, path: "/booking/markets" },
      { name: `/booking/times, ${routes.padded} routes ${tag}`, base: paddedBaseline, path: "/booking/times", cookie: paddedBaselineCookies.times },
    );
  }

  // Warm-up: first-request compilation and JIT do not count.
  for (const page of [bareBase, ...pages]) await load(page, 1);

  type Series = { ratio: number[]; cpuRatio: number[]; rps: number[]; p50: number[]; p99: number[]; cpu: number[]; bad: number };
  const samples = new Map<string, Series>();
  for (let round = 1; round <= ROUNDS; round++) {
    // The bare page is measured before and after the project's pages: their mean is the round's yardstick.
    const first = await load(bareBase, DURATION);
    const measured: [Page, Sample][] = [];
    for (const page of pages) measured.push([page, await load(page, DURATION)]);
    const last = await load(bareBase, DURATION);
    const yardstick: Sample = {
      rps: (first.rps + last.rps) / 2,
      cpuPerRequest: (first.cpuPerRequest + last.cpuPerRequest) / 2,
      p50: (first.p50 + last.p50) / 2,
      p99: Math.max(first.p99, last.p99),
      non2xx: first.non2xx + last.non2xx,
      errors: first.errors + last.errors,
    };
    for (const [page, sample] of [[bareBase, yardstick], ...measured] as [Page, Sample][]) {
      const entry = samples.get(page.name) ?? { ratio: [], cpuRatio: [], rps: [], p50: [], p99: [], cpu: [], bad: 0 };
      entry.ratio.push(sample.rps / yardstick.rps);
      entry.cpuRatio.push(yardstick.cpuPerRequest / sample.cpuPerRequest);
      entry.rps.push(sample.rps);
      entry.p50.push(sample.p50);
      entry.p99.push(sample.p99);
      entry.cpu.push(sample.cpuPerRequest);
      entry.bad += sample.non2xx + sample.errors;
      samples.set(page.name, entry);
    }
    console.log(`round ${round}/${ROUNDS}: bare page ${yardstick.rps.toFixed(0)} req/s, ${yardstick.cpuPerRequest.toFixed(2)} CPU ms/request`);
  }

  console.log(
    `\n10 connections, ${DURATION} s per page, ${ROUNDS} interleaved rounds, medians. ratio = page req/s ÷ bare Remix page req/s ` +
      `in the same round; CPU ratio = bare page's server CPU ms per request ÷ the page's.` +
      `\nRoutes: project ${routes.project}, padded build ${routes.padded}; bare app 2 (root + one page). Node ${process.version}.` +
      (args.baseline ? `\n"baseline": the same builds served by ${args["baseline-server"]} with React Router and Remix as published (no patches/).` : ""),
  );
  console.log(
    `${"page".padEnd(44)} ${"ratio".padStart(5)} ${"CPU ratio".padStart(9)} ${"req/s".padStart(6)} ${"CPU ms/req".padStart(10)} ` +
      `${"p50 ms".padStart(6)} ${"p99 ms".padStart(6)} ${"JS gzip".padStart(8)}  non-2xx`,
  );
  for (const page of [bareBase, ...pages]) {
    const s = samples.get(page.name);
    if (!s) continue;
    const js = page.path === "/healthz" ? "" : `${(await jsGzipKb(page.base + page.path, cookieHeader(page))).toFixed(1)} KB`;
    console.log(
      `${page.name.padEnd(44)} ${median(s.ratio).toFixed(2).padStart(5)} ${median(s.cpuRatio).toFixed(2).padStart(9)} ` +
        `${median(s.rps).toFixed(0).padStart(6)} ${median(s.cpu).toFixed(2).padStart(10)} ${median(s.p50).toFixed(0).padStart(6)} ` +
        `${median(s.p99).toFixed(0).padStart(6)} ${js.padStart(8)}  ${s.bad}`,
    );
  }

  if (!args["skip-lighthouse"]) {
    const runs = Number(args["lighthouse-runs"]);
    console.log(`\nLighthouse mobile (performance; Debian Chromium ${execFileSync("/usr/bin/chromium", ["--version"], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim()}), median of ${runs}:`);
    console.log(`${"page".padEnd(34)} score   LCP ms   FCP ms  TBT ms  CLS    LCP element`);
    const journey: Page[] = [bareBase, ...pages.filter((p) => p.base === project && p.path !== "/healthz")];
    for (const page of journey) {
      const results: Awaited<ReturnType<typeof lighthouseRun>>[] = [];
      for (let i = 0; i < runs; i++) results.push(await lighthouseRun(page.base + page.path, page.cookie));
      const m = (k: "score" | "lcp" | "fcp" | "tbt" | "cls") => median(results.map((r) => r[k]));
      console.log(
        `${page.name.padEnd(34)} ${`${m("score")}`.padStart(5)} ${m("lcp").toFixed(0).padStart(8)} ${m("fcp").toFixed(0).padStart(8)} ` +
          `${m("tbt").toFixed(0).padStart(7)} ${m("cls").toFixed(3).padStart(5)}  ${results[0].lcpElement}`,
      );
    }
  }
  if (process.env.TEST_DATABASE_URL) {
    for (const child of children) child.kill("SIGTERM"); // the machine to PostgreSQL's servers alone
    printPostgresFigures(await postgresFigures({ ports: PORTS.postgres }));
  } else console.log("\nPostgreSQL figures: not measured (set TEST_DATABASE_URL).");
} finally {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)));
  rmSync(scratch, { recursive: true, force: true });
}
