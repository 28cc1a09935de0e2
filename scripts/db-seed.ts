// npm run db:seed — migrates and adds whatever is missing from the studio catalogue (idempotent).
// Uses DATABASE_URL when set, else the PGlite data dir in DATA_DIR (./data). Stop the server first on PGlite.
import { DataDirLockedError, openDatabase } from "../app/db/client.server";
import { seedCatalogue } from "../app/db/seed.server";

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || "./data";

try {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await seedCatalogue(database.db);
    const { rows } = (await database.db.execute(
      "select (select count(*) from markets)::int as markets, (select count(*) from studios)::int as studios, (select count(*) from services)::int as services, (select count(*) from providers)::int as providers",
    )) as unknown as { rows: Record<string, number>[] };
    const n = rows[0];
    console.info(`[db:seed] ${databaseUrl ? "PostgreSQL" : `PGlite in ${dataDir}`}: ${n.markets} markets, ${n.studios} studios, ${n.services} services, ${n.providers} providers`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`[db:seed] ${error instanceof DataDirLockedError ? error.message : (error as Error).stack}`);
  process.exit(1);
}
