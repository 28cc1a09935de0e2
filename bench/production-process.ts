// What bench/memory.ts and bench/soak.ts share: a production server started exactly as `npm start` starts it
// (after `npm run build`), a PostgreSQL database of the bench's own, and a reading of a process's memory.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";

export type ProductionServer = { proc: ChildProcess; url: string; metricsUrl: string; stderr: () => string; stop(): Promise<void> };

/**
 * `NODE_ENV=production node --max-semi-space-size=32 --import tsx server.ts` on `port`, its metrics on `metricsPort`
 * (where heap and external memory are read); `preload` modules are imported after tsx, before the server (e.g. bench/intl-count.ts).
 */
export async function startProduction(env: Record<string, string>, { port, metricsPort, preload = [] }: { port: number; metricsPort: number; preload?: string[] }) {
  const args = ["--max-semi-space-size=32", "--import", "tsx", ...preload.flatMap((p) => ["--import", p]), "server.ts"];
  const proc = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), METRICS_PORT: String(metricsPort), SHUTDOWN_DRAIN_MS: "0", ...env },
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
    stderr: () => err,
    async stop() {
      if (proc.exitCode === null) proc.kill("SIGTERM");
      await exited;
    },
  };
  return server;
}

export type MemoryReading = { rssMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number; outsideHeapMb: number };

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
  const heapTotal = metric("nodejs_heap_size_total_bytes");
  return { rssMb: mb(rss), heapUsedMb: mb(metric("nodejs_heap_size_used_bytes")), heapTotalMb: mb(heapTotal), externalMb: mb(metric("nodejs_external_memory_bytes")), outsideHeapMb: mb(rss - heapTotal) };
}

export const formatMemory = (m: MemoryReading) =>
  `RSS ${m.rssMb.toFixed(0).padStart(5)} MB  heap used ${m.heapUsedMb.toFixed(0).padStart(4)} MB (total ${m.heapTotalMb.toFixed(0).padStart(4)})  external ${m.externalMb.toFixed(0).padStart(3)} MB  outside V8 heap ${m.outsideHeapMb.toFixed(0).padStart(5)} MB`;

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
