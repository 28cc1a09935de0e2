/**
 * The chain-data generator (bench/scale, issue 23 A) at 1 % of its size, so that it cannot rot: it fills a fresh
 * PostgreSQL database through the product's migrations with the chain's shape (all three past statuses, future
 * visits, reminders, outbox, accounts for a fifth), the database's own constraints hold over every row (the
 * exclusion constraints re-created and validated, and refusing an overlap), the /profile bench's patient has 40
 * past visits, and two runs with one seed and one date are identical. PostgreSQL only (the generator is SQL).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { accountVisits } from "~/scheduling/visits.server";
import { generateChain, type ChainReport } from "../../bench/scale/generate";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres) throw new Error("CI must set TEST_DATABASE_URL for the chain-data generator's test");

const NOW = new Date("2026-11-25T12:00:00Z");
const made: string[] = [];

function databaseUrl() {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const base = url.pathname.slice(1).toLowerCase().replace(/[^a-z0-9_]/g, "").slice(0, 30) || "dental";
  url.pathname = `/${base}_scale_${randomBytes(4).toString("hex")}`;
  made.push(url.toString());
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What the visits are, in one hash: equal hashes mean the same rows. */
const fingerprint = (url: string) =>
  withClient(url, async (c) => {
    const { rows } = await c.query(
      `select md5(string_agg(concat_ws('|', id, token, patient_id, provider_id, service_type, starts_at, ends_at, status), ',' order by id)) as visits,
              (select md5(string_agg(concat_ws('|', id, email, first_name, last_name, phone, person_id), ',' order by id)) from patients) as patients
       from appointments`,
    );
    return rows[0];
  });

afterAll(async () => {
  if (!hasPostgres) return;
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  await withClient(admin.toString(), async (c) => {
    for (const url of made) await c.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  });
});

describe.skipIf(!hasPostgres)("the chain-data generator at 1 % [postgres]", () => {
  let url: string;
  let report: ChainReport;

  it("fills a fresh database with the chain's shape, through the product's migrations", { timeout: 300_000 }, async () => {
    url = databaseUrl();
    report = await generateChain({ url, scale: 0.01, seed: 23, now: NOW });
    const { rows } = report;
    expect(rows.patients).toBe(5_000);
    expect(rows.appointments).toBe(22_000); // 20,000 past (40 for each provider's regular included) and 2,000 future
    expect(rows["appointments.future"]).toBe(2_000);
    for (const status of ["COMPLETED", "CANCELLED", "NO_SHOW", "CONFIRMED"]) expect(rows[`appointments.${status}`]).toBeGreaterThan(0);
    expect(rows.appointment_reminders).toBe(3 * rows.appointments);
    expect(rows.email_outbox).toBe(rows.appointments);
    expect(rows.persons).toBeGreaterThanOrEqual(1_000); // a fifth of the patients, and every regular
    expect(rows.provider_time_off).toBeGreaterThanOrEqual(rows.providers * 11);
    expect(report.databaseBytes).toBeGreaterThan(0);

    await withClient(url, async (c) => {
      // the product's migrations ran (all of them) and every studio market is one of the five
      const migrations = await c.query("select count(*)::int n from drizzle.__drizzle_migrations");
      expect(migrations.rows[0].n).toBeGreaterThanOrEqual(8);
      const markets = await c.query("select count(distinct market_slug)::int n from studios where market_slug is not null");
      expect(markets.rows[0].n).toBe(5);
      // every active provider has weekly hours; every visit is inside its provider's studio
      const noHours = await c.query("select count(*)::int n from providers p where active and not exists (select 1 from provider_hours h where h.provider_id = p.id)");
      expect(noHours.rows[0].n).toBe(0);
      const elsewhere = await c.query("select count(*)::int n from appointments a join providers p on p.id = a.provider_id where p.studio_slug <> a.studio_slug");
      expect(elsewhere.rows[0].n).toBe(0);
      // the constraints the load set aside are back, validated over every row
      const constraints = await c.query(
        "select conname from pg_constraint where conrelid = 'appointments'::regclass and contype in ('x', 'f', 'u') and convalidated order by conname",
      );
      expect(constraints.rows.map((r) => r.conname)).toEqual(expect.arrayContaining(["appointments_no_patient_overlap", "appointments_no_provider_overlap", "appointments_token_unique"]));
      // and they refuse an overlap: the same provider at a visit's time
      const overlap = c.query(
        `insert into appointments (token, patient_id, studio_slug, provider_id, service_type, starts_at, ends_at, status)
         select 'overlap-test-token-000000', patient_id + 1, studio_slug, provider_id, service_type, starts_at, ends_at, 'CONFIRMED'
         from appointments where status = 'CONFIRMED' order by id limit 1`,
      );
      await expect(overlap).rejects.toMatchObject({ code: "23P01" });
    });

    // the /profile bench's patient, read by the product's own query: 40 past visits
    const database = await openDatabase({ databaseUrl: url, migrate: false });
    try {
      const visits = await accountVisits(database.db, report.heavyPersonId);
      expect(visits.filter((v) => v.startsAt < NOW)).toHaveLength(40);
    } finally {
      await database.close();
    }
  });

  it("is deterministic: the same seed and date make the same rows", { timeout: 300_000 }, async () => {
    const again = databaseUrl();
    await generateChain({ url: again, scale: 0.01, seed: 23, now: NOW });
    expect(await fingerprint(again)).toEqual(await fingerprint(url));
  });
});
