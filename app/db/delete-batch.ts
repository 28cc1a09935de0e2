import { inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.server";

/** A sweeper's batch: the job helper runs the next one at once while a batch comes back full. */
const SWEEP_BATCH = 1_000;

/**
 * Deletes at most `limit` rows of `table` matching `where` (by their `key`); returns how many. The sweepers' tick
 * (rate limits, card trips): safe in every container at once — a row deleted twice is deleted once, no claim needed.
 */
export async function deleteBatch(db: Db, table: PgTable, key: PgColumn, where: SQL, limit = SWEEP_BATCH): Promise<number> {
  const batch = db.select({ key }).from(table).where(where).limit(limit);
  const deleted = await db.delete(table).where(inArray(key, batch)).returning({ key });
  return deleted.length;
}
