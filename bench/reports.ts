// The manager's reports at a chain's size (issue 40, decisions 077 and 082), on a database made by `npm run
// bench:scale` (100 studios, 2.2 M visits): the reports page through the production build's request handler, as
// bench/desk.ts does, for
//   a studio's quarter   a manager of the busiest studio, its last full calendar quarter
//   the chain's quarter  an admin, every studio, the same quarter
//   the chain's year     an admin, every studio, the four quarters ending with it
// and a CSV of the visits behind a figure (the chain year's no-shows), streamed: its rows and the process's peak RSS.
// The wall time of each page (server time: the loader's queries and the render, no network) and our process's CPU
// (process.cpuUsage: PostgreSQL's share is not in it).
//   npm run build && node --import tsx bench/reports.ts --chain postgres://…/<a bench:scale database> [--rounds 5]
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({ options: { chain: { type: "string" }, rounds: { type: "string", default: "5" } } });
if (!args.chain) throw new Error("--chain postgres://…/<a database filled by bench:scale> is required");
const rounds = Number(args.rounds);
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-reports-secret-0123456789abcdefghijklmn";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "dental-bench-reports-"));
process.env.DATABASE_URL ??= args.chain;
process.env.SITE_ORIGIN ??= "https://dental.example.com";

const { createRequestHandler } = await import("@remix-run/node");
const { sql } = await import("drizzle-orm");
const { openDatabase, setDatabase } = await import("~/db/client.server");
const { signedInStaff } = await import("../tests/helpers/staff");
const { localToday } = await import("~/rules/zoned-time");

const database = await openDatabase({ databaseUrl: args.chain, migrate: true });
setDatabase(Promise.resolve(database));
const db = database.db;
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

// The last full calendar quarter before today, and the year ending with it.
const today = localToday(new Date(), "America/New_York");
const [y, m] = today.split("-").map(Number) as [number, number];
const q = Math.floor((m - 1) / 3); // this quarter, 0-based
const qStart = new Date(Date.UTC(y, (q - 1) * 3, 1));
const qEnd = new Date(Date.UTC(y, q * 3, 0));
const day = (d: Date) => d.toISOString().slice(0, 10);
const quarter = { from: day(qStart), to: day(qEnd) };
const year = { from: day(new Date(Date.UTC(qEnd.getUTCFullYear() - 1, qEnd.getUTCMonth() + 1, 1))), to: quarter.to };

const [busiest] = await rowsOf<{ slug: string; n: number }>(
  sql`select studio_slug as slug, count(*)::int as n from appointments where starts_at >= ${quarter.from}::timestamptz and starts_at < ${quarter.to}::timestamptz + interval '1 day' group by 1 order by 2 desc limit 1`,
);
if (!busiest) throw new Error("no visits in the last quarter: is this a bench:scale database?");
const [{ n: chainQuarter }] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from appointments where starts_at >= ${quarter.from}::timestamptz and starts_at < ${quarter.to}::timestamptz + interval '1 day'`);
const [{ n: chainYear }] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from appointments where starts_at >= ${year.from}::timestamptz and starts_at < ${year.to}::timestamptz + interval '1 day'`);
const manager = await signedInStaff(db, "manager", [busiest.slug]);
const admin = await signedInStaff(db, "admin");

const build = await import(path.resolve("build/index.js"));
const handle = createRequestHandler(build, "production");
const get = async (cookie: string, url: string) => {
  const response = await handle(new Request(`http://localhost${url}`, { headers: { Cookie: cookie } }), { nonce: "bench", clientIp: "127.0.0.1" });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`unexpected ${response.status} for ${url}: ${body.slice(0, 300)}`);
  return body;
};

type Row = { what: string; cpuMs: number; median: number; max: number };
const results: Row[] = [];
async function measure(what: string, fn: () => Promise<unknown>) {
  await fn(); // warm up (the statements' plans, the build's modules)
  const wall: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn();
    wall.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  wall.sort((a, b) => a - b);
  const row = { what, cpuMs: (used.user + used.system) / 1000 / rounds, median: wall[Math.floor(rounds / 2)]!, max: wall.at(-1)! };
  results.push(row);
  console.info(`  ${what}: wall median ${row.median.toFixed(0)} / max ${row.max.toFixed(0)} ms, our CPU ${row.cpuMs.toFixed(0)} ms`);
}

const range = (r: { from: string; to: string }) => `range=custom&from=${r.from}&to=${r.to}`;
console.info(
  `quarter ${quarter.from}–${quarter.to}: ${busiest.slug} ${busiest.n.toLocaleString("en-US")} visits, the chain ${chainQuarter.toLocaleString("en-US")}; year ${year.from}–${year.to}: ${chainYear.toLocaleString("en-US")} visits; ${rounds} rounds, load ${loadavg()[0]!.toFixed(1)}`,
);
await measure(`a studio's quarter (manager, ${busiest.slug})`, () => get(manager.cookie, `/staff/reports?${range(quarter)}&studio=${busiest.slug}`));
await measure("the chain's quarter (admin, 100 studios)", () => get(admin.cookie, `/staff/reports?${range(quarter)}`));
await measure("the chain's year (admin, 100 studios)", () => get(admin.cookie, `/staff/reports?${range(year)}`));

// A long CSV, streamed: the chain year's no-shows, one row per visit, read in keyset pages.
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const t = performance.now();
const response = await handle(new Request(`http://localhost/staff/reports/csv?${range(year)}&table=visits-no-shows`, { headers: { Cookie: admin.cookie } }), { nonce: "bench", clientIp: "127.0.0.1" });
const reader = response.body!.getReader();
let lines = 0;
for (;;) {
  const { value, done } = await reader.read();
  if (done) break;
  for (const byte of value) if (byte === 10) lines++;
}
clearInterval(timer);
const csvMs = performance.now() - t;
console.info(`  CSV of the chain year's no-shows: ${(lines - 1).toLocaleString("en-US")} rows in ${csvMs.toFixed(0)} ms, RSS ${(rssBefore / 2 ** 20).toFixed(0)} → peak ${(peak / 2 ** 20).toFixed(0)} MiB`);

console.info("\n| page | wall median | wall max | our CPU |\n|---|---:|---:|---:|");
for (const r of results) console.info(`| ${r.what} | ${r.median.toFixed(0)} ms | ${r.max.toFixed(0)} ms | ${r.cpuMs.toFixed(0)} ms |`);
await database.close();
