import { DataDirLockedError, openDatabase, setDatabase, type Database } from "~/db/client.server";
import { catalogueIsEmpty, seedCatalogue } from "~/db/seed.server";
import type { Env } from "~/platform/env.server";

/** The process's database, migrated, seeded on first start and shared with the Remix bundle; a locked data dir exits 1. */
export async function openAppDatabase(env: Env): Promise<Database> {
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  setDatabase(Promise.resolve(database));
  if (await catalogueIsEmpty(database.db)) {
    await seedCatalogue(database.db);
    console.info("[db] seeded the studio catalogue");
  }
  console.info(`[db] ${database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${env.DATA_DIR}`} ready`);
  return database;
}
