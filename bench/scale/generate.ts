// A chain's five years on a FRESH PostgreSQL database (issue 23 A): the product's own migrations and catalogue
// seed, then, server-side (INSERT … SELECT generate_series: nothing crosses the wire), 100 studios in the five
// markets, 1,000 providers with weekly hours and time off, 500,000 patients (a fifth with accounts), 2,000,000
// past visits (completed, cancelled, no-show) and 200,000 future ones, their reminders and outbox rows.
// Sizes scale with --scale (0.01 in CI). Deterministic: every value is a hash of its row number and --seed
// (hashint8extended), dates count from --now (default: the current week).
//
// Visits never overlap by construction: each provider has a grid of one-hour slots (weekdays 10:00–17:00 local,
// inside every provider's hours), every visit takes its own slot (≤ 60 minutes), and a patient's visits are all
// with one provider. The database checks it anyway: the big tables are loaded without their secondary indexes
// and constraints (as pg_restore does), which are then re-created from their own definitions — the exclusion
// constraints validate every row then.
//
//   node --import tsx bench/scale/generate.ts --url postgres://postgres@127.0.0.1:5432/dental_chain [--scale 1] [--seed 23] [--replace]
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "~/db/client.server";
import { seedCatalogue } from "~/db/seed.server";

export type ChainOptions = { url: string; scale?: number; seed?: number; now?: Date; replace?: boolean; log?: (line: string) => void };
export type ChainReport = {
  scale: number;
  seconds: number;
  steps: { step: string; seconds: number }[];
  rows: Record<string, number>;
  databaseBytes: number;
  /** A patient with an account and 40 past visits (the /profile bench's patient). */
  heavyPersonId: number;
};

/** The tables filled in bulk: loaded without their secondary indexes and constraints, which are re-created after. */
const BULK_TABLES = ["persons", "patients", "appointments", "appointment_reminders", "email_outbox"];
const WEEKS_PAST = 260;
const WEEKS_AHEAD = 9; // ≈ 60 days of future visits: the busy window the times page reads
const SLOTS_PER_DAY = 7; // 10:00–17:00 local, one-hour slots

/** Creates the database (refusing an existing one unless replace), migrates and seeds it the product's way. */
async function freshDatabase(url: string, replace: boolean) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`database name ${name}: use lower-case letters, digits and _`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount;
    if (exists && !replace) throw new Error(`database ${name} exists: the generator fills a fresh one (--replace drops it first)`);
    if (exists) await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const database = await openDatabase({ databaseUrl: url }); // the product's migrations
  try {
    await seedCatalogue(database.db); // and its catalogue: the demo studios are part of the chain
  } finally {
    await database.close();
  }
}

export async function generateChain({ url, scale = 1, seed = 23, now = new Date(), replace = false, log = () => {} }: ChainOptions): Promise<ChainReport> {
  const started = performance.now();
  const steps: ChainReport["steps"] = [];
  let client: pg.Client | undefined;
  const step = async (name: string, work: () => Promise<unknown>) => {
    const t = performance.now();
    await work();
    const seconds = (performance.now() - t) / 1000;
    steps.push({ step: name, seconds });
    log(`${name}: ${seconds.toFixed(1)} s`);
  };
  const q = (text: string, values: unknown[] = []) => client!.query(text, values);

  await step("create, migrate, seed catalogue", () => freshDatabase(url, replace));
  client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await q("SET synchronous_commit = off");
    await q("SET maintenance_work_mem = '256MB'");
    const count = async (sql: string, values: unknown[] = []) => Number((await q(sql, values)).rows[0].n);
    const n = (x: number) => Math.max(1, Math.round(x * scale));

    // --- studios and providers: the catalogue's own, topped up to the chain's sizes -------------------------
    const studiosWanted = n(100);
    const providersWanted = n(1000);
    const newStudios = Math.max(0, studiosWanted - (await count("select count(*) n from studios")));
    await step("studios, providers, hours, time off", async () => {
      await q(
        `INSERT INTO studios (slug, market_slug, name, address, phone, opening_hours, timezone, enabled)
         SELECT 'chain-' || lpad(g::text, 3, '0'), m.slug, 'Chain studio ' || g, g || ' Main Street', '555' || lpad(g::text, 7, '0'),
                'Mon–Fri 8 AM–5 PM', m.timezone, true
         FROM generate_series(1, $1::int) g
         JOIN (SELECT slug, timezone, (row_number() OVER (ORDER BY slug) - 1)::int AS i FROM markets) m ON m.i = g % 5`,
        [newStudios],
      );
      const newProviders = Math.max(0, providersWanted - (await count("select count(*) n from providers where active")));
      if (newProviders > 0 && newStudios > 0) {
        const perStudio = Math.ceil(newProviders / newStudios);
        // Per studio: 4 in 10 hygienists, 5 dentists, 1 orthodontist; Mon–Fri 8–17.
        await q(
          `WITH made AS (
             INSERT INTO providers (name, role, studio_slug)
             SELECT 'Provider ' || s.g || '-' || j,
                    CASE WHEN j % 10 < 4 THEN 'hygienist' WHEN j % 10 < 9 THEN 'dentist' ELSE 'orthodontist' END,
                    'chain-' || lpad(s.g::text, 3, '0')
             FROM generate_series(1, $1::int) s(g), generate_series(0, $2::int - 1) j
             WHERE (s.g - 1) * $2::int + j < $3::int
             ORDER BY s.g, j
             RETURNING id)
           INSERT INTO provider_hours (provider_id, weekday, start_minute, end_minute)
           SELECT id, d, 480, 1020 FROM made, generate_series(1, 5) d`,
          [newStudios, perStudio, newProviders],
        );
      }
      // Every provider: a week off each half year of the past five, and one day off in the coming weeks.
      await q(
        `INSERT INTO provider_time_off (provider_id, starts_at, ends_at, reason)
         SELECT p.id, w.day::timestamp AT TIME ZONE 'UTC', (w.day + 5)::timestamp AT TIME ZONE 'UTC', 'Vacation'
         FROM providers p, generate_series(0, 9) h,
              LATERAL (SELECT date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC')::date - ${(WEEKS_PAST + 1) * 7}
                              + (h * 26 + abs(hashint8extended(p.id * 16 + h, $2::bigint)) % 20)::int * 7 AS day) w
         UNION ALL
         SELECT p.id, d.day::timestamp AT TIME ZONE 'UTC', (d.day + 1)::timestamp AT TIME ZONE 'UTC', 'Day off'
         FROM providers p,
              LATERAL (SELECT date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC')::date + 7
                              + (abs(hashint8extended(p.id, $2::bigint + 1)) % ${WEEKS_AHEAD})::int * 7
                              + (abs(hashint8extended(p.id, $2::bigint + 2)) % 5)::int AS day) d`,
        [now, seed],
      );
    });

    // The providers in a fixed order (idx), with the zone their slots are in and the services they give.
    await q(`CREATE TEMP TABLE sp AS
      SELECT (row_number() OVER (ORDER BY p.id) - 1)::int AS idx, p.id, p.studio_slug, p.role,
             coalesce(s.timezone, m.timezone, 'America/New_York') AS tz,
             CASE p.role WHEN 'hygienist' THEN ARRAY['CLNCHK']
                         WHEN 'orthodontist' THEN ARRAY['BRACESCON', 'INVISALN']
                         ELSE ARRAY['GENOCON', 'IMPCON', 'CRNCON', 'BRGCON', 'COSCON', 'EMERG'] END AS codes
      FROM providers p JOIN studios s ON s.slug = p.studio_slug LEFT JOIN markets m ON m.slug = s.market_slug
      WHERE p.active`);
    const P = await count("select count(*) n from sp");

    // --- patients and accounts ------------------------------------------------------------------------------
    // Patient ids 1..N. Patients 1..P are the regulars (40 past visits each, one per provider, all with accounts);
    // the others are each provider's own Kp patients. Accounts: the regulars and every fifth patient.
    const N = n(500_000);
    const Kp = Math.floor((N - P) / P);
    if (Kp < 1) throw new Error(`scale ${scale}: ${N} patients cannot cover ${P} providers`);
    const personOf = (i: string) => `CASE WHEN ${i} <= ${P} THEN ${i} WHEN ${i} % 5 = 0 THEN ${P} + ${i} / 5 - ${Math.floor(P / 5)} END`;
    const bulk = await dropSecondary(client);
    await step("patients and accounts", async () => {
      await q(
        `INSERT INTO persons (id, email, name, password_hash, email_verified_at, created_at)
         SELECT ${personOf("i")}, 'patient' || i || '@chain.example', 'Patient ' || i,
                '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$0000000000000000000000000000000000000000000',
                $2::timestamptz - interval '3 years', $2::timestamptz - interval '3 years'
         FROM generate_series(1, $1::int) i WHERE i <= ${P} OR i % 5 = 0`,
        [N, now],
      );
      await q(
        `INSERT INTO patients (id, email, first_name, last_name, phone, date_of_birth, type, person_id, created_at)
         SELECT i, 'patient' || i || '@chain.example',
                (ARRAY['Ava','Ben','Chloe','Dev','Eli','Fatima','Gus','Hana','Ivan','June'])[1 + abs(hashint8extended(i, $2::bigint)) % 10],
                (ARRAY['Smith','Garcia','Nguyen','Okafor','Cohen','Patel','Rossi','Kim','Silva','Brown'])[1 + abs(hashint8extended(i, $2::bigint + 1)) % 10],
                '555' || lpad((abs(hashint8extended(i, $2::bigint + 2)) % 10000000)::text, 7, '0'),
                date '1950-01-01' + (abs(hashint8extended(i, $2::bigint + 3)) % 20000)::int,
                'RETURNING', ${personOf("i")}, $3::timestamptz - interval '5 years'
         FROM generate_series(1, $1::int) i`,
        [N, seed, now],
      );
    });

    // --- visits -----------------------------------------------------------------------------------------------
    // A slot s of a provider's grid is weekday number s / 7 (Mon–Fri) from the grid's Monday, at 10:00 + s % 7.
    const pastSlots = WEEKS_PAST * 5 * SLOTS_PER_DAY;
    const futureSlots = WEEKS_AHEAD * 5 * SLOTS_PER_DAY;
    const pastTotal = n(2_000_000);
    const regularVisits = 40 * P;
    const pastBulk = Math.max(0, pastTotal - regularVisits);
    const K = Math.ceil(pastBulk / P); // bulk past visits per provider: even slots, spread over five years
    const Kf = Math.ceil(n(200_000) / P); // future visits per provider
    if (K > pastSlots / 2 || Kf > futureSlots) throw new Error(`scale ${scale}: too many visits per provider (${K} past, ${Kf} future)`);
    const slotTime = (slot: string, monday: string) =>
      `((${monday} + ((${slot}) / ${SLOTS_PER_DAY} / 5) * 7 + ((${slot}) / ${SLOTS_PER_DAY}) % 5) + make_interval(hours => 10 + (${slot}) % ${SLOTS_PER_DAY})) AT TIME ZONE sp.tz`;
    const pastMonday = `(date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC')::date - ${(WEEKS_PAST + 1) * 7})`;
    const futureMonday = `(date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC')::date + 7)`;
    // v: the visit's number (its id), p: provider idx, slot, patient id, past or not.
    const insertVisits = (source: string) =>
      `INSERT INTO appointments (id, token, patient_id, studio_slug, provider_id, service_type, starts_at, ends_at, status,
                                 needs_insurance, details, sequence, cancelled_at, created_at)
       SELECT v.id, 'v' || md5($2::bigint::text || ':' || v.id), v.patient, sp.studio_slug, sp.id, svc.code, t.starts_at,
              t.starts_at + make_interval(mins => svc.duration_minutes),
              st.status, v.h % 3 = 0, '{}'::jsonb, CASE WHEN st.status = 'CANCELLED' THEN 1 ELSE 0 END,
              CASE WHEN st.status = 'CANCELLED' THEN t.starts_at - interval '2 days' END,
              t.starts_at - make_interval(days => 3 + (v.h % 40)::int)
       FROM (${source}) v
       JOIN sp ON sp.idx = v.p
       CROSS JOIN LATERAL (SELECT ${slotTime("v.slot", "v.monday")} AS starts_at) t
       CROSS JOIN LATERAL (SELECT s.code, s.duration_minutes FROM services s WHERE s.code = sp.codes[1 + (v.h / 7) % array_length(sp.codes, 1)]) svc
       CROSS JOIN LATERAL (SELECT CASE WHEN NOT v.past THEN CASE WHEN v.h % 100 < 95 THEN 'CONFIRMED' ELSE 'CANCELLED' END
                                       WHEN v.h % 100 < 84 THEN 'COMPLETED' WHEN v.h % 100 < 94 THEN 'CANCELLED' ELSE 'NO_SHOW' END AS status) st`;
    await step("past visits (bulk)", () =>
      q(
        insertVisits(`SELECT i + 1 AS id, i % ${P} AS p, 2 * ((i / ${P}) * ${Math.floor(pastSlots / 2)} / ${K}) AS slot,
                             ${P} + 1 + (i % ${P}) * ${Kp} + (i / ${P}) % ${Kp} AS patient, true AS past, ${pastMonday} AS monday,
                             abs(hashint8extended(i, $2::bigint)) AS h
                      FROM generate_series(0, ${pastBulk - 1}) i`),
        [now, seed],
      ),
    );
    await step("past visits (regulars, 40 each)", () =>
      q(
        insertVisits(`SELECT ${pastBulk} + j * 40 + m + 1 AS id, j AS p, 2 * (m * ${Math.floor(pastSlots / 2 / 40)}) + 1 AS slot,
                             j + 1 AS patient, true AS past, ${pastMonday} AS monday, abs(hashint8extended(j * 40 + m, $2::bigint + 7)) AS h
                      FROM generate_series(0, ${P - 1}) j, generate_series(0, 39) m`),
        [now, seed],
      ),
    );
    const futureTotal = n(200_000);
    await step("future visits", () =>
      q(
        insertVisits(`SELECT ${pastBulk + regularVisits} + f + 1 AS id, f % ${P} AS p, ((f / ${P}) * ${futureSlots} / ${Kf}) AS slot,
                             ${P} + 1 + (f % ${P}) * ${Kp} + ((f / ${P}) * 7919) % ${Kp} AS patient, false AS past, ${futureMonday} AS monday,
                             abs(hashint8extended(f, $2::bigint + 9)) AS h
                      FROM generate_series(0, ${futureTotal - 1}) f`),
        [now, seed],
      ),
    );

    // --- reminders and outbox ---------------------------------------------------------------------------------
    await step("reminders", () =>
      q(
        `INSERT INTO appointment_reminders (appointment_id, kind, visit_starts_at, due_at, sent_at, skipped)
         SELECT a.id, r.kind, a.starts_at, a.starts_at - r.ahead,
                CASE WHEN a.status <> 'CANCELLED' AND a.starts_at - r.ahead <= $1::timestamptz THEN a.starts_at - r.ahead + interval '1 minute' END,
                CASE WHEN a.status = 'CANCELLED' THEN 'cancelled' END
         FROM appointments a
         CROSS JOIN (VALUES ('7d', interval '7 days'), ('2d', interval '2 days'), ('2h', interval '2 hours')) AS r(kind, ahead)
         ORDER BY a.id`,
        [now],
      ),
    );
    await step("outbox", () =>
      q(
        // Each visit's booking email, sent; the bodies are short stand-ins (row count, not bytes, is what the
        // sender's query meets).
        `INSERT INTO email_outbox ("to", subject, text, status, attempts, created_at, sent_at)
         SELECT p.email, 'You’re booked', 'Your visit ' || a.token || ' is booked.', 'SENT', 1, a.created_at, a.created_at + interval '1 minute'
         FROM appointments a JOIN patients p ON p.id = a.patient_id
         ORDER BY a.id`,
      ),
    );
    for (const table of ["patients", "persons", "appointments", "appointment_reminders", "email_outbox", "providers", "provider_hours", "provider_time_off"]) {
      await q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 1))`);
    }
    await step("indexes and constraints (validating every row)", () => restoreSecondary(client!, bulk));
    await step("vacuum analyze", () => q("VACUUM ANALYZE"));

    const rows: Record<string, number> = {};
    for (const table of ["studios", "providers", "provider_hours", "provider_time_off", "persons", "patients", "appointments", "appointment_reminders", "email_outbox"]) {
      rows[table] = await count(`select count(*) n from ${table}`);
    }
    for (const status of ["COMPLETED", "CANCELLED", "NO_SHOW", "CONFIRMED"]) {
      rows[`appointments.${status}`] = await count(`select count(*) n from appointments where status = '${status}'`);
    }
    // "future" by the clock the visits were made with, not the database's: the report must not age.
    rows["appointments.future"] = await count(`select count(*) n from appointments where starts_at > $1`, [now]);
    const databaseBytes = Number((await q("select pg_database_size(current_database()) n")).rows[0].n);
    return { scale, seconds: (performance.now() - started) / 1000, steps, rows, databaseBytes, heavyPersonId: 1 };
  } finally {
    await client.end();
  }
}

type Secondary = { table: string; name: string; kind: "constraint" | "fk" | "index"; definition: string }[];

/** Drops the bulk tables' secondary indexes, unique/exclusion/foreign-key constraints (not primary keys, not checks). */
async function dropSecondary(client: pg.Client): Promise<Secondary> {
  const constraints = await client.query<{ table: string; name: string; type: string; definition: string }>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name, c.contype AS type, pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c WHERE c.conrelid::regclass::text = ANY($1) AND c.contype IN ('u', 'x', 'f')`,
    [BULK_TABLES],
  );
  const indexes = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT i.indrelid::regclass::text AS table, i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i WHERE i.indrelid::regclass::text = ANY($1) AND NOT i.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)`,
    [BULK_TABLES],
  );
  const secondary: Secondary = [
    ...constraints.rows.map((c) => ({ table: c.table, name: c.name, kind: c.type === "f" ? ("fk" as const) : ("constraint" as const), definition: c.definition })),
    ...indexes.rows.map((i) => ({ table: i.table, name: i.name, kind: "index" as const, definition: i.definition })),
  ];
  for (const s of secondary.filter((s) => s.kind === "fk")) await client.query(`ALTER TABLE ${s.table} DROP CONSTRAINT "${s.name}"`);
  for (const s of secondary.filter((s) => s.kind === "constraint")) await client.query(`ALTER TABLE ${s.table} DROP CONSTRAINT "${s.name}"`);
  for (const s of secondary.filter((s) => s.kind === "index")) await client.query(`DROP INDEX ${s.name}`);
  return secondary;
}

/** Re-creates them from their own definitions: unique and exclusion constraints and indexes, then foreign keys. */
async function restoreSecondary(client: pg.Client, secondary: Secondary) {
  for (const s of secondary.filter((s) => s.kind === "constraint")) await client.query(`ALTER TABLE ${s.table} ADD CONSTRAINT "${s.name}" ${s.definition}`);
  for (const s of secondary.filter((s) => s.kind === "index")) await client.query(s.definition);
  for (const s of secondary.filter((s) => s.kind === "fk")) await client.query(`ALTER TABLE ${s.table} ADD CONSTRAINT "${s.name}" ${s.definition}`);
}

export function printChainReport(report: ChainReport) {
  console.log(`\nChain data at scale ${report.scale}: ${report.seconds.toFixed(1)} s, database ${(report.databaseBytes / 2 ** 20).toFixed(0)} MiB`);
  for (const { step, seconds } of report.steps) console.log(`  ${step.padEnd(50)} ${seconds.toFixed(1).padStart(8)} s`);
  for (const [table, rows] of Object.entries(report.rows)) console.log(`  ${table.padEnd(50)} ${rows.toLocaleString("en-US").padStart(12)} rows`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      url: { type: "string", default: process.env.SCALE_DATABASE_URL },
      scale: { type: "string", default: "1" },
      seed: { type: "string", default: "23" },
      replace: { type: "boolean", default: false },
    },
  });
  if (!values.url) throw new Error("--url postgres://…/<new database> (or SCALE_DATABASE_URL) is required");
  const report = await generateChain({ url: values.url, scale: Number(values.scale), seed: Number(values.seed), replace: values.replace, log: (l) => console.log(l) });
  printChainReport(report);
}
