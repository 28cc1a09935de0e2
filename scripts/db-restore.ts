// npm run db:restore <file> — replaces the PGlite data in DATA_DIR (default ./data) with a db:backup
// tarball. Refuses while a server holds the data dir. The current data is kept beside it as
// pglite.before-restore-<date>, never deleted. On PostgreSQL (DATABASE_URL) use pg_restore instead.
import { existsSync, readFileSync } from "node:fs";
import { DataDirLockedError, openDatabase } from "../app/db/client.server";

if (process.env.DATABASE_URL) {
  console.error("[db:restore] DATABASE_URL is set: restore PostgreSQL with its own tool, e.g. pg_restore --clean -d \"$DATABASE_URL\" backup.dump");
  process.exit(1);
}
const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error("[db:restore] usage: npm run db:restore -- <backup.tar.gz>");
  process.exit(1);
}

const dataDir = process.env.DATA_DIR || "./data";
try {
  // openDatabase takes the data-dir lock first, so a running server makes this fail before anything moves.
  // It then applies any newer migrations to the restored data.
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
  try {
    const { rows } = (await database.db.execute("select count(*)::int as n from studios")) as unknown as { rows: { n: number }[] };
    console.info(`[db:restore] restored ${file} into ${dataDir} (${rows[0].n} studios)`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`[db:restore] ${error instanceof DataDirLockedError ? error.message : (error as Error).stack}`);
  process.exit(1);
}
