// The embedded database's memory (issue 33 E, decision 056): PGlite's WASM memory is part of the process's RSS and
// never shrinks. With PostgreSQL's default shared_buffers (128 MB) a read of a table of some MB grows it from its
// 128 MB minimum to ~190 MB; with the 16 MB the app starts it with, it stays at the minimum.
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { templateDataDir } from "../helpers/db";

const work = templateDataDir("dental-pglite-memory-");
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the embedded database's memory", () => {
  it("keeps PGlite's WASM memory at its minimum through reads of a 10 MB table (shared_buffers 16 MB)", async () => {
    const database = await openDatabase({ dataDir: work });
    try {
      const run = (query: ReturnType<typeof sql>) => database.db.execute(query) as unknown as Promise<{ rows: Record<string, unknown>[] }>;
      expect((await run(sql`show shared_buffers`)).rows[0]).toEqual({ shared_buffers: "16MB" });
      await run(sql`create table memory_probe (id serial primary key, v text)`);
      await run(sql`insert into memory_probe (v) select repeat('x', 300) from generate_series(1, 30000)`);
      for (let i = 0; i < 20; i++) await run(sql`select count(*), max(v) from memory_probe where id % 7 = ${i % 7}`);
      const client = (database.db as unknown as { $client: { mod: { wasmMemory: WebAssembly.Memory } } }).$client;
      expect(client.mod.wasmMemory.buffer.byteLength / 1024 / 1024).toBeLessThanOrEqual(128);
    } finally {
      await database.close();
    }
  }, 120_000);
});
