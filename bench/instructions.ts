// Instructions the production server executes per request, page by page (issue 22): a measure that the machine's
// load does not move, unlike CPU time. Each variant's server.ts (production, its own embedded database) runs under
// valgrind's callgrind with instrumentation off; every page is warmed up (JIT) with `--warmup` requests, then
// counted in `--batches` batches of `--requests` sequential keep-alive requests (instrumentation switched on around
// each batch only, `callgrind_control`), and the median batch's instructions per request are printed, with the
// batches' min–max. Every thread of the process counts (JS, GC, compiler threads); the client is another process.
// A variant is `<label>=<git ref>` (the repository at that commit, git archive + remix build in a scratch
// directory; `git stash create` gives a ref for uncommitted work) or `<label>=.` (this working tree, as built by
// `npm run build`). Variants run one after another (a count does not depend on what runs beside it). Slow:
// a request costs ≈ 0.1–0.3 s under valgrind; ≈ 4 minutes per variant with the defaults.
//
//   node --import tsx bench/instructions.ts [--requests 40] [--batches 3] [--warmup 300] [--port 3621]
//        [--pages /,/about,/booking/markets,/booking/times] [--accept-encoding br] <label>=<ref|.> …
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { buildAtRef } from "./build-at-ref";
import { parseArgs } from "node:util";

const { values: args, positionals } = parseArgs({
  options: {
    requests: { type: "string", default: "40" },
    batches: { type: "string", default: "3" },
    warmup: { type: "string", default: "300" },
    port: { type: "string", default: "3621" },
    pages: { type: "string", default: "/,/about,/booking/markets,/booking/times" },
    "accept-encoding": { type: "string" },
  },
  allowPositionals: true,
});
const REQUESTS = Number(args.requests);
const BATCHES = Number(args.batches);
const WARMUP = Number(args.warmup);
const PORT = Number(args.port);
const PAGES = args.pages.split(",");
const repo = process.cwd();
const scratch = mkdtempSync(path.join(tmpdir(), "dental-instructions-"));
// vgdb (behind callgrind_control) names its pipes after $HOST, which server.ts also reads: the same value for both.
const HOST = "127.0.0.1";
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };
/** One request on the kept-alive connection; again on a new one if the server had just closed it (idle while valgrind was switched). */
async function get(pathname: string, headers: Record<string, string>, method = "GET", body?: string): Promise<Answer> {
  try {
    return await send(pathname, headers, method, body);
  } catch (error) {
    if ((error as { code?: string }).code !== "ECONNRESET") throw error;
    return send(pathname, headers, method, body);
  }
}

function send(pathname: string, headers: Record<string, string>, method: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: HOST, port: PORT, path: pathname, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The booking state cookie of /booking/times, walked with plain form posts as a browser without JavaScript would. */
async function bookingCookie() {
  let cookie = "";
  const keep = (headers: http.IncomingHttpHeaders) => {
    const set = headers["set-cookie"]?.[0];
    if (set) cookie = set.split(";")[0];
  };
  keep((await get("/booking", {})).headers);
  for (const [step, field, value] of [["markets", "market", "boston"], ["services", "category", "cleaning"], ["studios", "studio", "fenway"]]) {
    const origin = `http://${HOST}:${PORT}`;
    const res = await get(`/booking/${step}`, { Cookie: cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, "POST", new URLSearchParams({ [field]: value }).toString());
    if (res.status !== 303 && res.status !== 302) throw new Error(`${step}: ${res.status}`);
    keep(res.headers);
  }
  return cookie;
}

function checkout(ref: string, label: string) {
  return ref === "." ? repo : buildAtRef(repo, scratch, ref, label);
}

const callgrindControl = (pid: number, ...flags: string[]) =>
  execFileSync("callgrind_control", [...flags, String(pid)], { env: { ...process.env, HOST }, stdio: ["ignore", "ignore", "inherit"] });

async function measure(label: string, dir: string) {
  const out = path.join(scratch, `${label}-callgrind`);
  mkdirSync(out);
  const child = spawn(
    "valgrind",
    ["--tool=callgrind", "--instr-atstart=no", "--smc-check=all-non-file", `--callgrind-out-file=${out}/cg`, process.execPath, "--max-semi-space-size=32", "--import", "tsx", "server.ts"],
    { cwd: dir, env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), HOST, DATA_DIR: path.join(scratch, `${label}-data`) }, stdio: ["ignore", "ignore", "inherit"] },
  );
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await get("/healthz", {})).status === 200) break;
      } catch {
        /* not up yet */
      }
      if (child.exitCode !== null || i > 1800) throw new Error(`${label}: the server did not start`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    // valgrind's own pid is the process (it execs nothing else).
    const pid = child.pid ?? 0;
    const times = await bookingCookie();
    const headers = (page: string): Record<string, string> => ({
      ...(page.startsWith("/booking/") && page !== "/booking/markets" ? { Cookie: times } : {}),
      ...(args["accept-encoding"] ? { "Accept-Encoding": args["accept-encoding"] } : {}),
    });
    const run = async (page: string, n: number) => {
      for (let i = 0; i < n; i++) {
        const res = await get(page, headers(page));
        if (res.status !== 200) throw new Error(`${label} ${page}: ${res.status}`);
      }
    };
    for (const page of PAGES) await run(page, WARMUP);
    const perRequest = new Map<string, number[]>(PAGES.map((p) => [p, []]));
    let dumps = 0;
    for (let b = 0; b < BATCHES; b++) {
      for (const page of PAGES) {
        await run(page, 5); // this page's code paths hot again
        callgrindControl(pid, "-i", "on");
        await run(page, REQUESTS);
        callgrindControl(pid, "-i", "off");
        callgrindControl(pid, "-d");
        dumps++;
        const file = readdirSync(out).find((f) => f === `cg.${dumps}`);
        if (!file) throw new Error(`${label}: no callgrind dump ${dumps}`);
        const totals = /^totals: (\d+)/m.exec(readFileSync(path.join(out, file), "utf8"));
        perRequest.get(page)!.push(Number(totals?.[1] ?? NaN) / REQUESTS);
      }
    }
    return perRequest;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const variants = positionals.map((spec) => {
  const [label, ref] = spec.split("=");
  return { label, dir: checkout(ref ?? ".", label) };
});
if (variants.length === 0) throw new Error("usage: bench/instructions.ts <label>=<git ref|.> …");
const results = [];
for (const v of variants) results.push({ ...v, perRequest: await measure(v.label, v.dir) });
agent.destroy();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const m = (x: number) => `${(x / 1e6).toFixed(2)} M`;
console.log(`Instructions per request (valgrind callgrind, every thread of the server process), median of ${BATCHES} batches of ${REQUESTS} sequential requests [min–max]`);
console.log(`Accept-Encoding: ${args["accept-encoding"] ?? "none"}; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")} (does not move these counts)`);
console.log(`${"page".padEnd(20)} ${results.map((r) => r.label.padStart(28)).join(" ")}   change (last ÷ first)`);
for (const page of PAGES) {
  const cells = results.map((r) => {
    const xs = r.perRequest.get(page)!;
    return `${m(median(xs))} [${m(Math.min(...xs))}–${m(Math.max(...xs))}]`.padStart(28);
  });
  const first = median(results[0].perRequest.get(page)!);
  const last = median(results.at(-1)!.perRequest.get(page)!);
  console.log(`${page.padEnd(20)} ${cells.join(" ")}   ${results.length > 1 ? `${(((last - first) / first) * 100).toFixed(1)} %` : ""}`);
}
rmSync(scratch, { recursive: true, force: true });
