import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { openDatabase, setDatabase, type Database } from "~/db/client.server";
import { seedCatalogue } from "~/db/seed.server";
import { emailOutbox } from "~/db/schema";
import { captureOutboxEmail } from "../standards/captured";

/** The engines integration tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const ENGINES = ["pglite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])] as const;
export type Engine = (typeof ENGINES)[number];

/** A fresh, migrated and seeded database of its own; on PostgreSQL a new database on the test server. */
export async function createTestDatabase(engine: Engine, { seed = true } = {}): Promise<Database & { url?: string }> {
  if (engine === "pglite") {
    const database = await openDatabase({ inMemory: true });
    if (seed) await seedCatalogue(database.db);
    return database;
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: empty.url });
  if (seed) await seedCatalogue(database.db);
  return {
    ...database,
    url: empty.url,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * A small pool for a test's own queries. The test database is dropped WITH (FORCE) at the end, which can reach a
 * client of this pool while it is still closing: its "terminating connection" error is expected then, not a failure.
 */
export function testPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on("error", (error) => {
    if ((error as { code?: string }).code !== "57P01") throw error;
  });
  return pool;
}

/** A new, empty database (not migrated, not seeded) on TEST_DATABASE_URL's server, and a way to drop it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  // Named after the test server's own database (dental_ci_test_t_…), so each run's leftovers are recognisable.
  const name = `${admin.pathname.slice(1).toLowerCase().replace(/[^a-z0-9_]/g, "").slice(0, 40) || "dental"}_t_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const drop = new pg.Client({ connectionString: admin.toString() });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

/**
 * Runs a suite once per engine, with the database installed as the app's process-wide database
 * (what loaders and actions use).
 */
export function describeEachEngine(title: string, suite: (ctx: { db: () => Database; engine: Engine }) => void) {
  for (const engine of ENGINES) {
    describe(`${title} [${engine}]`, () => {
      let database: Database;
      beforeAll(async () => {
        database = await createTestDatabase(engine);
        setDatabase(Promise.resolve(database));
      });
      afterAll(async () => {
        setDatabase(undefined);
        // Every email the suite's code queued goes to the HTML validator and the .ics checks (global teardown).
        if (database) {
          const mails = await database.db.select({ subject: emailOutbox.subject, html: emailOutbox.html, ics: emailOutbox.ics }).from(emailOutbox);
          for (const mail of mails) captureOutboxEmail(mail, `${title} [${engine}]`);
        }
        await database?.close();
      });
      suite({ db: () => database, engine });
    });
  }
}
