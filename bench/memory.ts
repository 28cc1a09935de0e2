// Memory under a mixed read load (issue 33 E): one production process (as `npm start` runs it) on the embedded
// database or on a PostgreSQL database of its own, read for some minutes by autocannon from 4 connections: home,
// about and the other marketing pages, /studios, the first booking step, login and sign-up, in both languages
// (?lang=, the lang cookie, Accept-Language) and with campaign query strings (?utm_campaign=<random>). Prints the
// process's RSS, V8 heap and external memory every 10 s, the most it reached and the figures after a quiet minute.
// Run after `npm run build`:
//
//   node --import tsx bench/memory.ts [--db pglite|postgres] [--minutes 2] [--connections 4] [--count-intl]
//                                     [--port 3321] [--max-rss-mb 400]
//
// --db postgres makes a database of its own (memory_bench_<random>) on TEST_DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/postgres) and drops it after. --count-intl preloads bench/intl-count.ts and
// prints how many Intl formatters the process built per request. Exits 1 when RSS went past --max-rss-mb.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { MARKETING_PAGES } from "~/content/model";
import { formatMemory, loadAverage, ownPostgresDatabase, readMemory, startProduction, type MemoryReading } from "./production-process";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    minutes: { type: "string", default: "2" },
    connections: { type: "string", default: "4" },
    port: { type: "string", default: "3321" },
    "count-intl": { type: "boolean", default: false },
    "max-rss-mb": { type: "string", default: "400" },
  },
});
if (args.db !== "pglite" && args.db !== "postgres") throw new Error("--db pglite|postgres");
const MINUTES = Number(args.minutes);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);

const PAGES = ["/", "/studios", "/booking/markets", "/login", "/signup", ...MARKETING_PAGES.map((slug) => `/${slug}`)];
const pick = <T,>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];

/** A page as different readers ask for it: a language by link, cookie or browser, a campaign's query string or not. */
function mixedRead(): { path: string; headers: Record<string, string> } {
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  const language = Math.floor(Math.random() * 5);
  if (language === 1) query.set("lang", "es-US");
  if (language === 2) query.set("lang", "en-US");
  if (language === 3) headers.cookie = "lang=es-US";
  if (language === 4) headers["accept-language"] = "es-MX,es;q=0.9,en;q=0.5";
  if (Math.random() < 0.6) {
    query.set("utm_source", pick(["x", "newsletter", "google", "facebook"]));
    query.set("utm_campaign", Math.random().toString(36).slice(2));
  }
  const q = query.toString();
  return { path: `${pick(PAGES)}${q ? `?${q}` : ""}`, headers };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "dental-memory-"));
const countFile = path.join(dataDir, "intl-count.json");
const postgres = args.db === "postgres" ? await ownPostgresDatabase("memory_bench") : undefined;
const started = new Date();
console.log(`bench/memory.ts: ${args.db}, ${MINUTES} min, ${CONNECTIONS} connections, started ${started.toISOString()}, load ${loadAverage()}`);

const server = await startProduction(
  { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url, SESSION_SECRET: "m".repeat(40) } : {}), ...(args["count-intl"] ? { INTL_COUNT_FILE: countFile } : {}) },
  { port: PORT, metricsPort: PORT + 1, preload: args["count-intl"] ? ["./bench/intl-count.ts"] : [] },
);

const intlCounts = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(countFile, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
};

let answered = 0;
let errors = 0;
const readings: { at: number; memory: MemoryReading; requests: number }[] = [];
try {
  // Warm up: every page once in each language, so first-request compilation is not counted as growth.
  for (const page of PAGES) for (const lang of ["en-US", "es-US"]) await fetch(`${server.url}${page}?lang=${lang}`).then((r) => r.arrayBuffer());
  const idle = await readMemory(server);
  console.log(`idle after warm-up: ${formatMemory(idle)}`);
  const t0 = Date.now();
  const sample = async () => {
    const memory = await readMemory(server);
    readings.push({ at: Date.now() - t0, memory, requests: answered });
    console.log(`${String(Math.round((Date.now() - t0) / 1000)).padStart(4)} s  ${formatMemory(memory)}  ${String(answered).padStart(7)} requests  load ${loadAverage()}`);
  };
  const timer = setInterval(() => void sample(), 10_000);
  const before = intlCounts();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections: CONNECTIONS,
        duration: MINUTES * 60,
        requests: [
          {
            setupRequest: (request) => {
              const read = mixedRead();
              return { ...request, path: read.path, headers: { ...request.headers, ...read.headers } };
            },
          },
        ],
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    instance.on("response", (_client, status) => {
      answered++;
      if (status >= 500) errors++;
    });
  });
  clearInterval(timer);
  await sample();
  const after = intlCounts();
  const peak = Math.max(...readings.map((r) => r.memory.rssMb));
  // The quiet after: memory a process keeps (freed C heap may stay mapped; V8's heap shrinks after a GC).
  await new Promise((r) => setTimeout(r, 60_000));
  const quiet = await readMemory(server);
  console.log(
    `\n${result.requests.total} requests in ${MINUTES} min (${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms), ` +
      `${result.non2xx} non-2xx, ${errors} 5xx, ${result.errors} errors`,
  );
  console.log(`idle before:     ${formatMemory(idle)}`);
  console.log(`end of load:     ${formatMemory(readings.at(-1)!.memory)}`);
  console.log(`a minute after:  ${formatMemory(quiet)}`);
  console.log(`max RSS ${peak.toFixed(0)} MB (target < ${args["max-rss-mb"]} MB); load ${loadAverage()}; ${new Date().toISOString()}`);
  if (args["count-intl"]) {
    const perRequest = Object.keys(after)
      .map((name) => `${name} ${((after[name] - (before[name] ?? 0)) / Math.max(1, result.requests.total)).toFixed(2)}`)
      .join(", ");
    console.log(`Intl constructions per request: ${perRequest || "none"}`);
  }
  process.exitCode = peak < Number(args["max-rss-mb"]) && errors === 0 ? 0 : 1;
} finally {
  await server.stop();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
