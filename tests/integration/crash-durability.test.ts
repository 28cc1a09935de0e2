import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { runNode, stop, waitFor } from "../helpers/process";
import { templateDataDir } from "../helpers/db";

// SIGKILL a process that is writing to the PGlite data dir, reopen, and find every acknowledged row.
const dataDir = templateDataDir("dental-crash-");
const writers: ReturnType<typeof runNode>[] = [];
afterAll(async () => {
  for (const writer of writers) await stop(writer, "SIGKILL").catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

const acked = (stdout: string) => [...stdout.matchAll(/^ack (\d+)$/gm)].map((m) => Number(m[1]));

describe("crash durability of the embedded database", () => {
  it("keeps every acknowledged write through 3 SIGKILLs", async () => {
    const all: number[] = [];
    for (let cycle = 0; cycle < 3; cycle++) {
      const writer = runNode("tests/fixtures/outbox-writer.ts", {}, [dataDir, `cycle${cycle}`]);
      writers.push(writer);
      // Kill somewhere mid-stream, at a different point each cycle.
      const target = 40 + cycle * 37;
      await waitFor(
        () => {
          if (writer.proc.exitCode !== null) throw new Error(`writer exited early: ${writer.stderr()}`);
          return acked(writer.stdout()).length >= target || undefined;
        },
        60_000,
        `${target} acknowledged writes`,
      );
      expect(await stop(writer, "SIGKILL")).toBe("SIGKILL");
      const ids = acked(writer.stdout());
      expect(ids.length).toBeGreaterThanOrEqual(target);
      all.push(...ids);

      // The killed writer left its lock behind; it names a dead pid, so it must not block the reopen.
      const lock = path.join(dataDir, "app.lock");
      expect(existsSync(lock)).toBe(true);
      expect(readFileSync(lock, "utf8").trim()).toBe(String(writer.proc.pid));

      const database = await openDatabase({ dataDir });
      try {
        const rows = await database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(inArray(emailOutbox.id, all));
        const found = new Set(rows.map((r) => r.id));
        const missing = all.filter((id) => !found.has(id));
        expect(missing).toEqual([]);
      } finally {
        await database.close();
      }
    }
    expect(new Set(all).size).toBe(all.length);
  }, 180_000);
});
