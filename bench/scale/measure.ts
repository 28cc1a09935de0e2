// What each hot operation costs on a chain's data (bench/scale/generate.ts) beside the demo data, in one run
// (issue 23 A): rounds interleave the two databases so that the machine's load falls on both alike. Through the
// product's own functions, as the pages and workers call them:
//   times    the times page's availability of a busy studio (Fenway, checkup & cleaning), 60 days, read fresh
//   book     a booking's confirmation (bookAppointment: lock, patient, visit, reminders, email)
//   cancel   a cancel (cancelVisit) and move a move (rescheduleVisit) of a visit booked in the run
//   profile  /profile's reads for a patient with 40 past visits (record, visits, sessions)
//   sweep    one reminder-worker tick (sendDueReminders)
//   outbox   one outbox-sender tick (deliverPending; its SMTP server refuses at once, so each pending email of
//            the run is claimed and put back)
// Median and p99 per operation and database, the chain/demo ratio, the process's CPU per operation, and, with
// --explain, EXPLAIN (ANALYZE, BUFFERS) of every statement each operation sent (captured at the pg driver),
// run on the chain's database inside a rolled-back transaction.
//
//   node --import tsx bench/scale/measure.ts --chain postgres://…/dental_chain [--demo postgres://…/dental_demo]
//                                            [--rounds 30] [--explain plans.md]
// Without --demo, a fresh demo database (the product's migrations and catalogue only) is made beside the chain's
// (<chain>_demo) and dropped at the end. Both get a patient account with 40 past visits if they have none.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

const { values: args } = parseArgs({
  options: {
    chain: { type: "string" },
    demo: { type: "string" },
    rounds: { type: "string", default: "30" },
    explain: { type: "string" },
  },
});
if (!args.chain) throw new Error("--chain postgres://…/<a database filled by bench:scale> is required");
process.env.SESSION_SECRET ??= "bench-scale-secret-0123456789abcdefghijklmnop";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "dental-bench-scale-"));
process.env.DATABASE_URL ??= args.chain; // env validation wants a database; the bench opens both itself
process.env.SITE_ORIGIN ??= "https://dental.example.com";

const { openDatabase, setDatabase } = await import("~/db/client.server");
const { seedCatalogue } = await import("~/db/seed.server");
const { getBookableStudio, getService } = await import("~/scheduling/catalogue.server");
const { findSlots } = await import("~/scheduling/slots.server");
const { bookAppointment } = await import("~/scheduling/book.server");
const { cancelVisit, rescheduleVisit } = await import("~/scheduling/visit-changes.server");
const { accountPatient } = await import("~/scheduling/visits.server");
const { accountVisitRows } = await import("~/account/profile.server");
const { activeSessions } = await import("~/auth/sessions.server");
const { sendDueReminders } = await import("~/visit-notices/reminders.server");
const { deliverPending } = await import("~/platform/email.server");

type Database = Awaited<ReturnType<typeof openDatabase>>;
const DAY = 86400_000;
const OPS = ["times", "book", "move", "cancel", "profile", "sweep", "outbox"] as const;
type Op = (typeof OPS)[number];

// --- SQL capture at the driver: every statement an operation sends, with its parameters ---------------------
type Statement = { text: string; values: unknown[] };
let capture: Statement[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  if (capture) {
    const [config, values] = a as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof config === "string" ? config : config?.text;
    if (typeof text === "string") capture.push({ text, values: (typeof config === "object" && config.values) || values || [] });
  }
  return (originalQuery as (...x: unknown[]) => unknown).apply(this, a);
} as typeof pg.Client.prototype.query;

async function demoDatabase(chainUrl: string) {
  const url = new URL(chainUrl);
  const name = `${url.pathname.slice(1)}_demo`;
  const admin = new URL(chainUrl);
  admin.pathname = "/postgres";
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin.toString() });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

/** A patient account with 40 past visits at Fenway (the chain's generator makes one per provider; demo data has none). */
async function regularPersonId(url: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const found = await pool.query(
      `select p.person_id from patients p join appointments a on a.patient_id = p.id
       where p.person_id is not null and a.starts_at < now() group by p.person_id having count(*) >= 40 order by p.person_id limit 1`,
    );
    if (found.rowCount) return Number(found.rows[0].person_id);
    const person = await pool.query(
      `insert into persons (email, name, password_hash, email_verified_at) values ('regular@demo.example', 'Regular Patient', 'x', now()) returning id`,
    );
    const personId = Number(person.rows[0].id);
    const patient = await pool.query(
      `insert into patients (email, first_name, last_name, phone, person_id) values ('regular@demo.example', 'Regular', 'Patient', '6175550100', $1) returning id`,
      [personId],
    );
    await pool.query(
      `insert into appointments (token, patient_id, studio_slug, provider_id, service_type, starts_at, ends_at, status)
       select 'demo-regular-' || lpad(m::text, 12, '0'), $1, 'fenway', pr.id, 'CLNCHK', t, t + interval '1 hour', 'COMPLETED'
       from generate_series(1, 40) m,
            (select id from providers where studio_slug = 'fenway' and role = 'hygienist' order by id limit 1) pr,
            lateral (select date_trunc('day', now()) - make_interval(days => m * 30) + interval '15 hours' as t) x`,
      [Number(patient.rows[0].id)],
    );
    return personId;
  } finally {
    await pool.end();
  }
}

type Target = {
  name: "demo" | "chain";
  database: Database & { url: string };
  personId: number;
  free: Date[]; // free start times at Fenway for a cleaning, 2–60 days ahead, one hour apart at least
  booked: { id: number; sequence: number; startsAt: Date }[];
  took: Record<Op, number[]>;
  cpu: Record<Op, number[]>;
  statements: Partial<Record<Op, Statement[]>>;
  emails: number;
};

async function prepare(name: Target["name"], url: string): Promise<Target> {
  const database = { ...(await openDatabase({ databaseUrl: url, migrate: false })), url };
  const studio = (await getBookableStudio(database.db, "fenway"))!;
  const service = (await getService(database.db, "CLNCHK"))!;
  const now = new Date();
  const slots = await findSlots(database.db, studio, service, { from: now, to: new Date(now.getTime() + 60 * DAY), now }, { fresh: true });
  const free: Date[] = [];
  for (const s of slots.filter((s) => s.startsAt.getTime() > now.getTime() + 2 * DAY)) {
    if (free.length === 0 || s.startsAt.getTime() >= free[free.length - 1].getTime() + 3600_000) free.push(s.startsAt);
  }
  const took = Object.fromEntries(OPS.map((op) => [op, []])) as unknown as Record<Op, number[]>;
  const cpu = Object.fromEntries(OPS.map((op) => [op, []])) as unknown as Record<Op, number[]>;
  return { name, database, personId: await regularPersonId(url), free, booked: [], took, cpu, statements: {}, emails: 0 };
}

/** One timed call; the first of each kind per target is also captured (its statements, for EXPLAIN). */
async function timed(target: Target, op: Op, work: () => Promise<unknown>, record = true) {
  const capturing = target.name === "chain" && !target.statements[op];
  if (capturing) capture = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(cpu0);
  if (capturing) {
    target.statements[op] = capture!;
    capture = null;
  }
  if (record) {
    target.took[op].push(ms);
    target.cpu[op].push((c.user + c.system) / 1000);
  }
}

async function round(target: Target, record: boolean) {
  const { db } = target.database;
  setDatabase(Promise.resolve(target.database)); // what getDb() answers (accountVisitRows reads through it)
  const studio = (await getBookableStudio(db, "fenway"))!;
  const service = (await getService(db, "CLNCHK"))!;
  const now = new Date();
  await timed(target, "times", () => findSlots(db, studio, service, { from: now, to: new Date(now.getTime() + 60 * DAY), now }, { fresh: true }), record);

  const book = async () => {
    const startsAt = target.free.shift();
    if (!startsAt) throw new Error(`${target.name}: no free times left at Fenway`);
    const n = target.emails++;
    const outcome = await bookAppointment(db, {
      studioSlug: "fenway",
      serviceCode: "CLNCHK",
      startsAt,
      patient: { email: `bench-${Date.now()}-${n}@scale.example`, firstName: "Bench", lastName: "Patient", phone: "6175550100", dateOfBirth: "1990-05-01", preferences: [] },
      needsInsurance: false,
      details: {},
    });
    if (!outcome.ok) throw new Error(`${target.name}: booking refused (${outcome.code})`);
    target.booked.push({ id: outcome.appointment.id, sequence: 0, startsAt });
  };
  await timed(target, "book", book, record);
  await book(); // a second visit, to be moved below (untimed)

  const toMove = target.booked.pop()!;
  await timed(target, "move", async () => {
    const startsAt = target.free.shift()!;
    const outcome = await rescheduleVisit(db, { appointmentId: toMove.id, sequence: toMove.sequence, startsAt });
    if (!outcome.ok) throw new Error(`${target.name}: move refused (${outcome.code})`);
  }, record);
  const toCancel = target.booked.shift()!;
  await timed(target, "cancel", async () => {
    // Days ahead and no card on file: no late-cancellation fee.
    const outcome = await cancelVisit(db, { appointmentId: toCancel.id, sequence: toCancel.sequence, shownFeeCents: null });
    if (!outcome.ok) throw new Error(`${target.name}: cancel refused (${outcome.code})`);
  }, record);

  await timed(target, "profile", () =>
    Promise.all([accountPatient(db, target.personId), accountVisitRows(target.personId, new Date()), activeSessions(db, target.personId, new Date())]), record);

  await timed(target, "sweep", () => sendDueReminders(db, { now: new Date(), siteOrigin: "https://dental.example.com" }), record);
  // Port 9 refuses at once: each pending email (this run's) is claimed and put back, failed after 5 tries.
  await timed(target, "outbox", () => deliverPending(db, "smtp://127.0.0.1:9", "bench@example.com"), record);
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
};

async function explain(target: Target) {
  const client = new pg.Client({ connectionString: target.database.url });
  await client.connect();
  const out: string[] = [];
  try {
    for (const op of OPS) {
      out.push(`### ${op}\n`);
      const seen = new Set<string>();
      for (const s of target.statements[op] ?? []) {
        if (!/^\s*\(?\s*(select|insert|update|delete|with)\b/i.test(s.text) || /pg_advisory|^\s*select\s+1\b/i.test(s.text) || seen.has(s.text)) continue;
        seen.add(s.text);
        await client.query("BEGIN");
        try {
          const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values as unknown[]);
          const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
          const scansHistory = /Seq Scan on (appointments|patients|persons|appointment_reminders|email_outbox|provider_time_off)\b/.test(plan);
          out.push(`${scansHistory ? "**SCANS A HISTORY TABLE** " : ""}\`\`\`sql\n${s.text}\n\`\`\`\n\`\`\`\n${plan}\n\`\`\`\n`);
        } catch (error) {
          out.push(`\`${s.text.slice(0, 120)}…\`: ${(error as Error).message}\n`);
        } finally {
          await client.query("ROLLBACK");
        }
      }
    }
  } finally {
    await client.end();
  }
  return out.join("\n");
}

const demoMade = args.demo ? null : await demoDatabase(args.chain);
if (demoMade) {
  const fresh = await openDatabase({ databaseUrl: demoMade.url }); // the product's migrations
  await seedCatalogue(fresh.db);
  await fresh.close();
}
const rounds = Number(args.rounds);
// The outbox sender logs each refused delivery: expected here, and hundreds of lines.
const logError = console.error;
console.error = (...a: unknown[]) => (String(a[0]).startsWith("[email]") ? undefined : logError(...a));
const targets = [await prepare("demo", args.demo ?? demoMade!.url), await prepare("chain", args.chain)];
try {
  for (const t of targets) if (t.free.length < 3 * (rounds + 2)) throw new Error(`${t.name}: only ${t.free.length} free times at Fenway; use fewer --rounds`);
  const load = (await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ");
  for (let r = 0; r < rounds + 2; r++) {
    // Two warm-up rounds (connections, caches of the catalogue), then interleaved: demo, chain, chain, demo, …
    const order = r % 2 === 0 ? targets : [...targets].reverse();
    for (const t of order) await round(t, r >= 2);
  }
  const loadAfter = (await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ");
  console.log(`\n${rounds} rounds, load average ${load} before, ${loadAfter} after (${(await import("node:os")).cpus().length} CPUs)\n`);
  console.log("| operation | demo median | demo p99 | chain median | chain p99 | chain/demo (median) | CPU ms/op demo → chain |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  const [demo, chain] = targets;
  for (const op of OPS) {
    const f = (x: number) => `${x.toFixed(1)} ms`;
    const dm = quantile(demo.took[op], 0.5);
    const cm = quantile(chain.took[op], 0.5);
    console.log(
      `| ${op} | ${f(dm)} | ${f(quantile(demo.took[op], 0.99))} | ${f(cm)} | ${f(quantile(chain.took[op], 0.99))} | ${(cm / dm).toFixed(2)}× | ${quantile(demo.cpu[op], 0.5).toFixed(1)} → ${quantile(chain.cpu[op], 0.5).toFixed(1)} |`,
    );
  }
  if (args.explain) {
    writeFileSync(args.explain, await explain(chain));
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of each statement on the chain's data: ${args.explain}`);
  }
} finally {
  setDatabase(undefined);
  for (const t of targets) await t.database.close();
  await demoMade?.drop();
}
