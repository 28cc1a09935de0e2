// /readyz's database half: "every migration of this build applied", on both engines.
import { afterAll, describe, expect, it } from "vitest";
import { migrationsApplied, openDatabase, type Database } from "~/db/client.server";
import { createEmptyPostgresDatabase, ENGINES } from "../helpers/db";

const opened: Database[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
  for (const drop of drops) await drop();
});

async function open(engine: (typeof ENGINES)[number], migrate: boolean, url?: string) {
  if (engine === "pglite") {
    const database = await openDatabase({ inMemory: true, migrate });
    opened.push(database);
    return database;
  }
  if (!url) throw new Error("a PostgreSQL database url");
  const database = await openDatabase({ databaseUrl: url, migrate });
  opened.push(database);
  return database;
}

describe.each(ENGINES)("migrationsApplied on %s", (engine) => {
  it("is false before migrating, true after, and false again when the newest migration is missing", async () => {
    let url: string | undefined;
    if (engine === "postgres") {
      const empty = await createEmptyPostgresDatabase();
      drops.push(empty.drop);
      url = empty.url;
    }
    const before = await open(engine, false, url);
    expect(await migrationsApplied(before.db)).toBe(false);
    const migrated = engine === "pglite" ? await open(engine, true) : await open(engine, true, url);
    expect(await migrationsApplied(migrated.db)).toBe(true);
    await migrated.db.execute("delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)");
    expect(await migrationsApplied(migrated.db)).toBe(false);
  });
});
