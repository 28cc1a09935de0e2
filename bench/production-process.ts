// What bench/memory.ts and bench/soak.ts share: a production server started exactly as `npm start` starts it
// (after `npm run build`), a PostgreSQL database of the bench's own, and a reading of a process's memory.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export type ProductionServer = { proc: ChildProcess; url: string; metricsUrl: string; heapLiveFile: string; stderr: () => string; stop(): Promise<void> };

/**
 * `NODE_ENV=production node --max-semi-space-size=32 --max-old-space-size=256 --import tsx server.ts` on `port`, its metrics on `metricsPort`
 * (where heap and external memory are read); `preload` modules are imported after tsx, before the server (e.g. bench/intl-count.ts).
 */
export async function startProduction(env: Record<string, string>, { port, metricsPort, preload = [] }: { port: number; metricsPort: number; preload?: string[] }) {
  // bench/heap-live.ts: what the heap holds after each full collection (live objects, apart from garbage waiting).
  const heapLiveFile = path.join(tmpdir(), `heap-live-${port}-${randomBytes(3).toString("hex")}.json`);
  const args = ["--max-semi-space-size=32", "--max-old-space-size=256", "--import", "tsx", ...["./bench/heap-live.ts", ...preload].flatMap((p) => ["--import", p]), "server.ts"];
  const proc = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), METRICS_PORT: String(metricsPort), SHUTDOWN_DRAIN_MS: "0", HEAP_LIVE_FILE: heapLiveFile,
      // For a look inside, e.g. BENCH_NODE_OPTIONS="--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=/tmp/snaps".
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  proc.stderr!.on("data", (d: Buffer) => (err = (err + d.toString()).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`server on ${port} exited (${proc.exitCode}):\n${err}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 1500) {
      proc.kill("SIGKILL"); // never left behind holding its ports
      throw new Error(`server on ${port} did not answer /healthz in 5 minutes:\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const server: ProductionServer = {
    proc,
    url,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    heapLiveFile,
    stderr: () => err,
    async stop() {
      if (proc.exitCode === null) proc.kill("SIGTERM");
      await exited;
      rmSync(heapLiveFile, { force: true });
    },
  };
  return server;
}

export type MemoryReading = {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  /** V8's old generation (what survived two scavenges), used of total: where a leak of live objects shows. */
  oldUsedMb: number;
  oldTotalMb: number;
  /** V8's young generation's reserved size (two semi-spaces): swings with the load, given back later. */
  newTotalMb: number;
  externalMb: number;
  outsideHeapMb: number;
  /** V8's heap right after the latest full collection (bench/heap-live.ts): live objects only; null before the first. */
  liveAfterFullGcMb: number | null;
  fullCollections: number;
};

const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

/**
 * A process's memory: RSS from /proc, V8's heap (used, total) and external memory from its metrics. What RSS holds
 * beyond V8's heap ("outside heap": the C heap — malloc'd ICU formatters, buffers — plus code and stacks).
 */
export async function readMemory(server: ProductionServer): Promise<MemoryReading> {
  const status = readFileSync(`/proc/${server.proc.pid}/status`, "utf8");
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  const text = await (await fetch(server.metricsUrl)).text();
  const metric = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, "m").exec(text)?.[1] ?? NaN);
  const space = (what: "used" | "total", name: string) => Number(new RegExp(`^nodejs_heap_space_size_${what}_bytes\\{space="${name}"\\} ([0-9.e+]+)$`, "m").exec(text)?.[1] ?? NaN);
  const heapTotal = metric("nodejs_heap_size_total_bytes");
  let live: { fullCollections: number; latest: { liveMb: number } | null } = { fullCollections: 0, latest: null };
  try {
    live = JSON.parse(readFileSync(server.heapLiveFile, "utf8")) as typeof live;
  } catch {
    /* not written yet */
  }
  return {
    liveAfterFullGcMb: live.latest?.liveMb ?? null,
    fullCollections: live.fullCollections,
    rssMb: mb(rss),
    heapUsedMb: mb(metric("nodejs_heap_size_used_bytes")),
    heapTotalMb: mb(heapTotal),
    oldUsedMb: mb(space("used", "old")),
    oldTotalMb: mb(space("total", "old")),
    newTotalMb: mb(space("total", "new")),
    externalMb: mb(metric("nodejs_external_memory_bytes")),
    outsideHeapMb: mb(rss - heapTotal),
  };
}

export const formatMemory = (m: MemoryReading) =>
  `RSS ${m.rssMb.toFixed(0).padStart(5)} MB  heap used ${m.heapUsedMb.toFixed(0).padStart(4)} MB (total ${m.heapTotalMb.toFixed(0).padStart(4)}; old ${m.oldUsedMb.toFixed(0).padStart(4)} of ${m.oldTotalMb.toFixed(0).padStart(4)}, new ${m.newTotalMb.toFixed(0).padStart(3)})  external ${m.externalMb.toFixed(0).padStart(3)} MB  outside V8 heap ${m.outsideHeapMb.toFixed(0).padStart(5)} MB  live after full GC ${m.liveAfterFullGcMb?.toFixed(0) ?? "–"} MB (${m.fullCollections} full GCs)`;

export const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

/**
 * A new database on a PostgreSQL server (`server`: a URL to any database on it; default TEST_DATABASE_URL or the
 * local one), named `<prefix>_<random>`, and a way to drop it. The bench never touches any other database.
 */
export async function ownPostgresDatabase(prefix: string, server = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres") {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Each in-process cache's entries beside its bound, from the metrics (`dental_cache_entries`, `dental_cache_max_entries`). */
export async function readCaches(server: ProductionServer): Promise<{ name: string; entries: number; max: number }[]> {
  const text = await (await fetch(server.metricsUrl)).text();
  const of = (metric: string) => new Map([...text.matchAll(new RegExp(`^${metric}\\{cache="([^"]*)"\\} ([0-9.e+]+)$`, "gm"))].map((m) => [m[1], Number(m[2])]));
  const entries = of("dental_cache_entries");
  const max = of("dental_cache_max_entries");
  return [...max].map(([name, bound]) => ({ name, entries: entries.get(name) ?? 0, max: bound })).sort((a, b) => a.name.localeCompare(b.name));
}
