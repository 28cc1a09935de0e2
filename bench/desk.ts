// The front desk's two hot pages at a chain's size (issue 38, decision 074), on a database made by `npm run
// bench:scale` (500,000 patients, 2.2 M visits, 100 studios): through the production build's request handler, as
// console-day.ts does, signed in as a front desk of the busiest studio.
//   time picker  /staff/studios/<studio>/book/<patient>?service=CLNCHK&provider=any&week=1&day=<a weekday>: the
//                funnel's availability of that studio-day; as the desk sees it (the times page's short cache) and
//                read fresh (`taken=1`, after a lost race)
//   search       the desk's patient search (findCallers) over the chain's 500,000 patients: a whole phone, a name's
//                beginning, "first last", an email's beginning, a date of birth
// Our process's CPU per page (process.cpuUsage: the Node server's share, not PostgreSQL's) and the wall median/p95.
//   npm run build && node --import tsx bench/desk.ts --chain postgres://…/<a bench:scale database> [--rounds 40]
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({ options: { chain: { type: "string" }, rounds: { type: "string", default: "40" } } });
if (!args.chain) throw new Error("--chain postgres://…/<a database filled by bench:scale> is required");
const rounds = Number(args.rounds);
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-desk-secret-0123456789abcdefghijklmnop";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "dental-bench-desk-"));
process.env.DATABASE_URL ??= args.chain;
process.env.SITE_ORIGIN ??= "https://dental.example.com";

const { createRequestHandler } = await import("@remix-run/node");
const { sql } = await import("drizzle-orm");
const { openDatabase, setDatabase } = await import("~/db/client.server");
const { signedInStaff } = await import("../tests/helpers/staff");
const { findCallers } = await import("~/console/desk.server");
const { addDays, localToday } = await import("~/rules/zoned-time");

const database = await openDatabase({ databaseUrl: args.chain, migrate: true });
setDatabase(Promise.resolve(database));
const db = database.db;
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

// The busiest studio of the coming weeks, a weekday of next week, a patient of the chain.
const [busiest] = await rowsOf<{ slug: string; tz: string }>(
  sql`select a.studio_slug as slug, s.timezone as tz from appointments a join studios s on s.slug = a.studio_slug where a.starts_at > now() and a.status = 'CONFIRMED' group by 1, 2 order by count(*) desc limit 1`,
);
if (!busiest) throw new Error("no future visits: is this a bench:scale database?");
let day = addDays(localToday(new Date(), busiest.tz), 7);
while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
const [{ n: patientsCount }] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from patients`);
const [sample] = await rowsOf<{ id: number; phone: string; first_name: string; last_name: string; email: string; date_of_birth: string | null }>(
  sql`select id, phone, first_name, last_name, email, date_of_birth::text from patients where phone <> '' and email <> '' and date_of_birth is not null order by id desc limit 1`,
);
const [{ n: dayVisits }] = await rowsOf<{ n: number }>(
  sql`select count(*)::int as n from appointments where studio_slug = ${busiest.slug} and starts_at >= ${`${day}T00:00:00Z`}::timestamptz - interval '1 day' and starts_at < ${`${day}T00:00:00Z`}::timestamptz + interval '2 day'`,
);
const desk = await signedInStaff(db, "front_desk", [busiest.slug]);
const user = { id: desk.id, email: desk.email, role: "front_desk" as const, studios: [{ slug: busiest.slug, name: busiest.slug, tz: busiest.tz }], sessionIdHash: "" };

const build = await import(path.resolve("build/index.js"));
const handle = createRequestHandler(build, "production");
const page = async (query: string) => {
  const url = `http://localhost/staff/studios/${busiest.slug}/book/${sample!.id}?${query}`;
  const response = await handle(new Request(url, { headers: { Cookie: desk.cookie } }), { nonce: "bench", clientIp: "127.0.0.1" });
  const html = await response.text();
  if (response.status !== 200 || !html.includes('name="slot"')) throw new Error(`unexpected page ${response.status}: ${html.slice(0, 300)}`);
};

type Row = { what: string; cpuMs: number; median: number; p95: number };
const results: Row[] = [];
async function measure(what: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn(); // warm up
  const wall: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn();
    wall.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  wall.sort((a, b) => a - b);
  const row = { what, cpuMs: (used.user + used.system) / 1000 / rounds, median: wall[Math.floor(rounds / 2)]!, p95: wall[Math.floor(rounds * 0.95)]! };
  results.push(row);
  console.info(`  ${what}: CPU ${row.cpuMs.toFixed(1)} ms, wall median ${row.median.toFixed(1)} / p95 ${row.p95.toFixed(1)} ms`);
}

console.info(`${busiest.slug}, ${day} (${dayVisits} visits around that day), ${patientsCount.toLocaleString("en-US")} patients, ${rounds} rounds, load ${(await import("node:os")).loadavg()[0]!.toFixed(1)}`);
const base = `service=CLNCHK&provider=any&week=1&day=${day}`;
await measure("time picker page (as the desk sees it)", () => page(base));
await measure("time picker page, read fresh (taken=1)", () => page(`${base}&taken=1`));
const digits = sample!.phone.replace(/\D/g, "").slice(-10);
const searches: [string, string][] = [
  ["search: whole phone", digits],
  ["search: a surname's beginning", sample!.last_name.slice(0, 4)],
  ["search: first + surname beginning", `${sample!.first_name} ${sample!.last_name.slice(0, 3)}`],
  ["search: an email's beginning", sample!.email.slice(0, sample!.email.indexOf("@") + 1)],
  ["search: a date of birth", sample!.date_of_birth!],
];
for (const [what, q] of searches) {
  const found = await findCallers(user, q);
  if (!found.length) throw new Error(`${what}: nothing found for the sample`);
  await measure(`${what} (${found.length} found)`, () => findCallers(user, q));
}
console.info("\n| what | our CPU / page | wall median | wall p95 |\n|---|---:|---:|---:|");
for (const r of results) console.info(`| ${r.what} | ${r.cpuMs.toFixed(1)} ms | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms |`);
await database.close();
