import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import * as schema from "./schema";

/** One type for both engines: Drizzle's PGlite and node-postgres databases share the query API. */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Answers whether the database responds (for /readyz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections (for the metrics); PGlite has one, in-process. */
  poolUse?(): { total: number; idle: number; waiting: number };
  /** PGlite only: a gzipped tarball of the data dir (npm run db:backup). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * LISTENs on `channel`: `onNotice` gets each NOTIFY's payload, after the commit of the transaction that sent it, from
   * any process (PostgreSQL: one connection of its own, made again when lost; PGlite: its own, in this process).
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
};

const MIGRATIONS = path.resolve(process.cwd(), "db/migrations");

export class DataDirLockedError extends Error {}

/** Marks a database handle only this process can write (PGlite); a symbol from the global registry, so the Remix bundle sees it too. */
const SINGLE_PROCESS = Symbol.for("dental.single-process-db");
export const isSingleProcessDb = (db: object) => (db as { [SINGLE_PROCESS]?: boolean })[SINGLE_PROCESS] === true;

/**
 * PGlite has no lock of its own and two openers corrupt the data dir, so we keep a pid file and
 * refuse to open while the process named in it is alive.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, "app.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(lockFile, "utf8").trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another process (pid ${pid}). ` +
            "Stop it first, or use PostgreSQL (DATABASE_URL) to run several processes.",
        );
      }
      rmSync(lockFile, { force: true }); // stale lock from a crashed process
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  migrate?: boolean;
  /** Restore (npm run db:restore): a dumpDataDir() tarball; the current data is moved aside, not deleted. */
  loadDataDir?: Blob;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const migrateOnOpen = options.migrate !== false;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, migrateOnOpen);
  const database = await openPglite(options);
  if (migrateOnOpen) {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS });
  }
  return database;
}

async function openPostgres(url: string, migrateOnOpen: boolean): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // A connection not made in 5 s fails (503, decision 028) rather than leave the patient waiting on a database away.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // A client losing its connection must not crash the process: idle ones are the pool's ("error" below); one in use
  // (a transaction between two statements) would emit "error" with nobody listening — the database stopped or the
  // network cut mid-transaction killed the process. Its query fails instead, and the pool drops it on release.
  pool.on("error", (error) => console.error("[db] idle client error:", error.message));
  pool.on("connect", (client) => client.on("error", (error) => console.error("[db] connection lost:", error.message)));
  const db = drizzle(pool, { schema });
  if (migrateOnOpen) await migratePostgres(pool);
  return {
    db,
    kind: "postgres",
    listen: (channel, onNotice) => listenPostgres(pg, url, channel, onNotice),
    ping: () => ping(db),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

async function openPglite(options: OpenOptions): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  const { drizzle } = await import("drizzle-orm/pglite");
  let unlock = () => {};
  let dataDir: string | undefined;
  if (!options.inMemory) {
    const root = path.resolve(options.dataDir ?? "./data");
    unlock = lockDataDir(root);
    dataDir = path.join(root, "pglite");
    // PGlite only loads a tarball into an empty dir; done under our lock so no server can open it meanwhile.
    if (options.loadDataDir && existsSync(dataDir)) {
      renameSync(dataDir, `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
    }
  }
  // PGlite's defaults never fsync (-F); without it and with O_SYNC on the WAL a commit is durable.
  // shared_buffers 16 MB, not PostgreSQL's 128 MB: PGlite's WASM memory then stays at its 128 MB minimum instead of
  // growing to ~190 MB, and the data files are in the OS's page cache anyway (decision 056).
  const startParams = [
    ...PGlite.defaultStartParams.filter((p) => p !== "-F"),
    "-c",
    "wal_sync_method=open_datasync",
    "-c",
    "shared_buffers=16MB",
  ];
  let client;
  try {
    client = await PGlite.create({
      dataDir,
      extensions: { btree_gist },
      ...(dataDir ? { startParams } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  // One process per data dir (the lock above): its caches need no revision read to hear of a change (decision 023).
  Object.defineProperty(db, SINGLE_PROCESS, { value: true });
  // No autovacuum and no automatic checkpoints in PGlite: keep the WAL and crash recovery short.
  const maintenance = dataDir
    ? setInterval(() => {
        client.exec("CHECKPOINT").catch(() => {});
      }, 5 * 60_000)
    : undefined;
  const vacuum = dataDir
    ? setInterval(() => {
        client.exec("VACUUM").catch(() => {});
      }, 6 * 60 * 60_000)
    : undefined;
  maintenance?.unref();
  vacuum?.unref();
  return {
    db,
    kind: "pglite",
    async listen(channel, onNotice) {
      const stop = await client.listen(channel, onNotice);
      return () => stop().catch(() => {});
    },
    ping: () => ping(db),
    dumpDataDir: () => client.dumpDataDir("gzip"),
    async close() {
      clearInterval(maintenance);
      clearInterval(vacuum);
      try {
        if (dataDir) await client.exec("CHECKPOINT");
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * A connection of its own that LISTENs (a pooled one would be handed to queries). Lost (the database restarted, the
 * network cut), it is made again after a few seconds; the jobs' slow safety poll covers the gap.
 */
async function listenPostgres(pg: typeof import("pg").default, url: string, channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>> {
  let client: InstanceType<typeof pg.Client> | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    const again = () => {
      if (client === c) client = null;
      c.end().catch(() => {});
      if (!stopped && !retry) {
        retry = setTimeout(() => {
          retry = null;
          void connect();
        }, 5_000);
        retry.unref();
      }
    };
    c.on("error", (error) => {
      console.error("[db] listening connection lost:", error.message);
      again();
    });
    c.on("notification", (n) => onNotice(n.payload ?? ""));
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, "")}"`);
      client = c;
      if (stopped) await c.end();
    } catch (error) {
      console.error("[db] could not listen:", (error as Error).message);
      again();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
    client = null;
  };
}

async function ping(db: Db) {
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000).unref()),
    ]);
    return true;
  } catch {
    return false;
  }
}

/** The newest migration this build ships (the journal's last entry), read once. */
let shipped: number | undefined;
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: { when: number }[] };
  shipped ??= Math.max(...journal.entries.map((entry) => entry.when));
  return shipped;
}

/**
 * Whether the database holds every migration this build ships (for /readyz): Drizzle records each applied
 * migration's journal time in created_at. A newer container may have applied more; that still counts.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  try {
    const result = (await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { newest: string | null }[];
    };
    return Number(result.rows[0]?.newest ?? 0) >= newestMigration();
  } catch {
    return false; // no migrations table yet, or no answer
  }
}

/** Several containers may start at once: one migrates while the others wait on an advisory lock. */
async function migratePostgres(pool: import("pg").Pool) {
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(727274)");
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => {});
    client.release();
  }
}

type GlobalDb = { __appDatabase?: Promise<Database> };
const holder = globalThis as GlobalDb;

/**
 * The process-wide database. server.ts opens it at start-up; the Remix bundle and server.ts are
 * separate module graphs, so the handle lives on globalThis.
 */
export function getDatabase(): Promise<Database> {
  if (!holder.__appDatabase) throw new Error("Database not opened: call setDatabase() at start-up");
  return holder.__appDatabase;
}

export function setDatabase(database: Promise<Database> | undefined) {
  holder.__appDatabase = database;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
