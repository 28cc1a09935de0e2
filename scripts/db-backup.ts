// npm run db:backup [file] — writes a gzipped tarball of the PGlite data dir (DATA_DIR, default ./data)
// to `file`, or to ./data/backup-<date>.tar.gz. PGlite allows one process per data dir, so stop the server
// first. On PostgreSQL (DATABASE_URL) use pg_dump instead.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DataDirLockedError, openDatabase } from "../app/db/client.server";

if (process.env.DATABASE_URL) {
  console.error("[db:backup] DATABASE_URL is set: back up PostgreSQL with its own tool, e.g. pg_dump --format=custom \"$DATABASE_URL\" > backup.dump");
  process.exit(1);
}

const dataDir = process.env.DATA_DIR || "./data";
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(process.argv[2] ?? path.join(dataDir, `backup-${stamp}.tar.gz`));

try {
  // No migration: a backup copies the data exactly as it is.
  const database = await openDatabase({ dataDir, migrate: false });
  try {
    const tarball = await database.dumpDataDir!();
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, Buffer.from(await tarball.arrayBuffer()));
    console.info(`[db:backup] wrote ${target} (${tarball.size} bytes)`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`[db:backup] ${error instanceof DataDirLockedError ? error.message : (error as Error).stack}`);
  process.exit(1);
}
