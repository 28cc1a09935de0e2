// Server CPU per request of two (or more) versions of the whole server (server.ts, Express, the socket: what
// bench/render-ab.ts leaves out), side by side in the same minutes: each variant's production server runs at
// once, and autocannon (10 connections) loads one variant at a time in turns of `--seconds`, variants
// alternating, so the machine's load falls on all alike; CPU time per request (user + system, /proc/<pid>/stat)
// per turn, median of the turns. A variant is `<label>=<git ref>` (git archive + remix build in a scratch
// directory; `git stash create` gives a ref for uncommitted work) or `<label>=.` (this working tree as built).
// For a count the load does not move at all, bench/instructions.ts.
//
//   node --import tsx bench/server-ab.ts [--turns 9] [--seconds 3] [--port-base 3624]
//        [--pages /,/about,/booking/markets,/booking/times] <label>=<ref|.> …
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { buildAtRef } from "./build-at-ref";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values: args, positionals } = parseArgs({
  options: {
    turns: { type: "string", default: "9" },
    seconds: { type: "string", default: "3" },
    "port-base": { type: "string", default: "3624" },
    pages: { type: "string", default: "/,/about,/booking/markets,/booking/times" },
  },
  allowPositionals: true,
});
const repo = process.cwd();
const scratch = mkdtempSync(path.join(tmpdir(), "dental-server-ab-"));
const children: ChildProcess[] = [];

function checkout(ref: string, label: string) {
  return ref === "." ? repo : buildAtRef(repo, scratch, ref, label);
}

async function serve(label: string, dir: string, port: number) {
  const child = spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "server.ts"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: path.join(scratch, `${label}-data`) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, pid: child.pid ?? 0 };
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`${label}: the server exited`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${label}: the server did not start`);
}

/** The booking state cookie of /booking/times, walked with plain form posts. */
async function timesCookie(base: string) {
  let cookie = "";
  const keep = (res: Response) => (cookie = res.headers.get("set-cookie")?.split(";")[0] ?? cookie);
  keep(await fetch(`${base}/booking`, { redirect: "manual" }));
  for (const [step, field, value] of [["markets", "market", "boston"], ["services", "category", "cleaning"], ["studios", "studio", "fenway"]]) {
    const res = await fetch(`${base}/booking/${step}`, { method: "POST", body: new URLSearchParams({ [field]: value }), headers: { Cookie: cookie }, redirect: "manual" });
    if (res.status !== 303 && res.status !== 302) throw new Error(`${step}: ${res.status}`);
    keep(res);
  }
  return cookie;
}

const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

try {
  type Variant = { label: string; base: string; pid: number; cookie: string; samples: Map<string, number[]> };
  const variants: Variant[] = [];
  for (const [i, spec] of positionals.entries()) {
    const [label, ref] = spec.split("=");
    const server = await serve(label, checkout(ref ?? ".", label), Number(args["port-base"]) + i);
    variants.push({ label, ...server, cookie: await timesCookie(server.base), samples: new Map<string, number[]>() });
  }
  const pages = args.pages.split(",");
  const turn = async (v: Variant, page: string, seconds: number) => {
    const cookie = page.startsWith("/booking/") && page !== "/booking/markets" ? v.cookie : "";
    const before = cpuMs(v.pid);
    const result = await autocannon({ url: v.base + page, connections: 10, duration: seconds, headers: cookie ? { Cookie: cookie } : {} });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${v.label} ${page}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return (cpuMs(v.pid) - before) / result.requests.total;
  };
  for (const v of variants) for (const page of pages) await turn(v, page, 2); // warm-up (JIT)
  const loads = [loadavg()[0]];
  for (let t = 0; t < Number(args.turns); t++) {
    for (const page of pages) {
      for (const v of t % 2 ? [...variants].reverse() : variants) {
        const ms = await turn(v, page, Number(args.seconds));
        v.samples.set(page, [...(v.samples.get(page) ?? []), ms]);
      }
    }
    loads.push(loadavg()[0]);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`Server CPU ms per request (user + system), median of ${args.turns} turns of ${args.seconds} s at 10 connections, variants alternating [min–max]`);
  console.log(`load average (1 min) during the run: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
  console.log(`${"page".padEnd(20)} ${variants.map((v) => v.label.padStart(22)).join(" ")}   change (last ÷ first)`);
  for (const page of pages) {
    const cells = variants.map((v) => {
      const xs = v.samples.get(page)!;
      return `${median(xs).toFixed(2)} [${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}]`.padStart(22);
    });
    const first = median(variants[0].samples.get(page)!);
    const last = median(variants.at(-1)!.samples.get(page)!);
    console.log(`${page.padEnd(20)} ${cells.join(" ")}   ${variants.length > 1 ? `${(((last - first) / first) * 100).toFixed(1)} %` : ""}`);
  }
} finally {
  for (const child of children) child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(scratch, { recursive: true, force: true });
}
