import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { openDatabase, setDatabase, type Database } from "~/db/client.server";
import { seedCatalogue } from "~/db/seed.server";
import { emailOutbox } from "~/db/schema";
import { captureOutboxEmail } from "../standards/captured";

/** The engines integration tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const ENGINES = ["pglite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])] as const;
export type Engine = (typeof ENGINES)[number];

/**
 * A fresh, migrated and seeded database of its own; on PostgreSQL a new database on the test server.
 * Both are copies of the run's template, migrated and seeded once by the global setup (tests/helpers/global-setup.ts):
 * PGlite loads its data dir from the template's dump, PostgreSQL copies the template database (CREATE DATABASE …
 * TEMPLATE). The migrations and the seed ran on the template with this run's code, so a copy is what they would make.
 * `seed: false` (or a run without the global setup) still migrates and seeds from nothing.
 */
export async function createTestDatabase(engine: Engine, { seed = true } = {}): Promise<Database & { url?: string }> {
  const template = seed ? providedTemplates() : undefined;
  if (engine === "pglite") {
    if (template?.pglite) {
      pgliteTemplate ??= new Blob([readFileSync(template.pglite)]);
      return openDatabase({ inMemory: true, loadDataDir: pgliteTemplate, migrate: false });
    }
    const database = await openDatabase({ inMemory: true });
    if (seed) await seedCatalogue(database.db);
    return database;
  }
  const empty = await createEmptyPostgresDatabase(template?.postgres);
  const database = await openDatabase({ databaseUrl: empty.url, migrate: !template?.postgres });
  if (seed && !template?.postgres) await seedCatalogue(database.db);
  return {
    ...database,
    url: empty.url,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

/** The global setup's templates; none outside vitest (the benches import this file too). */
function providedTemplates() {
  try {
    return inject("testDatabaseTemplates");
  } catch {
    return undefined;
  }
}

/**
 * A new temporary DATA_DIR for a server or a script on the embedded database, holding the run's template (migrated
 * and seeded) where the app keeps its data (`<dir>/pglite`): its first start opens it instead of running initdb, the
 * 25 migrations and the seed (~7 s of CPU each, decision 071). Empty when the run has no template. For a test whose
 * subject is a first start on an empty data dir, use a plain empty directory instead.
 */
export function templateDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = providedTemplates()?.pglite;
  if (!template) return dir;
  const target = path.join(dir, "pglite");
  mkdirSync(target);
  // The dump is a plain tar of PostgreSQL's data dir with absolute member names (tar strips the leading "/").
  const untar = spawnSync("tar", ["-xf", template, "-C", target], { stdio: ["ignore", "ignore", "pipe"] });
  if (untar.status !== 0) throw new Error(`tar -xf ${template}: ${untar.stderr}`);
  return dir;
}

/** The template's data dir, read once per test file. */
let pgliteTemplate: Blob | undefined;

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the global setup left the migrated and seeded templates (absent outside a vitest run's setup). */
    testDatabaseTemplates?: { pglite?: string; postgres?: string };
  }
}

/** The migrated and seeded template every test database copies: a PGlite data dir dump, and a PostgreSQL database. */
export async function createTemplates(dir: string): Promise<{ templates: { pglite: string; postgres?: string }; drop(): Promise<void> }> {
  const lite = await openDatabase({ inMemory: true });
  await seedCatalogue(lite.db);
  const pglite = path.join(dir, "pglite-template.tar");
  // Uncompressed: a gzipped dump costs each copy ~0.35 s of CPU to inflate (decision 071).
  writeFileSync(pglite, Buffer.from(await (await dumpPglite(lite)).arrayBuffer()));
  await lite.close();
  if (!process.env.TEST_DATABASE_URL) return { templates: { pglite }, drop: async () => {} };
  const empty = await createEmptyPostgresDatabase(undefined, "tpl");
  const database = await openDatabase({ databaseUrl: empty.url });
  await seedCatalogue(database.db);
  // Nobody may be connected to a template while it is copied: the pool is ended before the first copy.
  await database.close();
  return { templates: { pglite, postgres: new URL(empty.url).pathname.slice(1) }, drop: empty.drop };
}

async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: "none"): Promise<Blob> } }).$client;
  return client.dumpDataDir("none");
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

/**
 * A new database on TEST_DATABASE_URL's server, and a way to drop it: empty (not migrated, not seeded), or a copy of
 * `template` (a database nobody is connected to).
 */
export async function createEmptyPostgresDatabase(template?: string, kind = "t"): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  // Named after the test server's own database (dental_ci_test_t_…), so each run's leftovers are recognisable.
  const name = `${admin.pathname.slice(1).toLowerCase().replace(/[^a-z0-9_]/g, "").slice(0, 40) || "dental"}_${kind}_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
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
