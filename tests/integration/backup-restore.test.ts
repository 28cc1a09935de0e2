import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { templateDataDir } from "../helpers/db";
import { runNode } from "../helpers/process";

const work = mkdtempSync(path.join(tmpdir(), "dental-backup-"));
const dataDir = templateDataDir("dental-backup-data-");
const backupFile = path.join(work, "backup.tar.gz");
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

async function subjects() {
  const database = await openDatabase({ dataDir });
  try {
    return (await database.db.select({ subject: emailOutbox.subject }).from(emailOutbox)).map((r) => r.subject).sort();
  } finally {
    await database.close();
  }
}

async function addRow(subject: string) {
  const database = await openDatabase({ dataDir });
  try {
    await seedCatalogue(database.db);
    await database.db.insert(emailOutbox).values({ to: "b@example.com", subject, text: "x" });
  } finally {
    await database.close();
  }
}

async function script(name: string, args: string[], env: Record<string, string> = {}) {
  const child = runNode(`scripts/${name}.ts`, { DATA_DIR: dataDir, ...env }, args);
  return { code: await child.exited, out: child.stdout(), err: child.stderr() };
}

describe("npm run db:backup / db:restore on PGlite", () => {
  it("round-trips the data dir and refuses to restore under a running server", async () => {
    await addRow("before-backup");
    const backup = await script("db-backup", [backupFile]);
    expect(backup.err).toBe("");
    expect(backup.code).toBe(0);
    expect(statSync(backupFile).size).toBeGreaterThan(0);

    await addRow("after-backup");
    expect(await subjects()).toEqual(["after-backup", "before-backup"]);

    // A live process holds the data dir (this test process stands in for the server): restore must refuse.
    const lock = path.join(dataDir, "app.lock");
    writeFileSync(lock, String(process.pid));
    const refused = await script("db-restore", [backupFile]);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/in use by another process/);
    expect(readdirSync(dataDir).filter((f) => f.includes("before-restore"))).toEqual([]);
    rmSync(lock);
    expect(await subjects()).toEqual(["after-backup", "before-backup"]);

    const restored = await script("db-restore", [backupFile]);
    expect(restored.err).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.out).toContain("35 studios");
    // The restored data, on disk, with the replaced data kept aside.
    expect(await subjects()).toEqual(["before-backup"]);
    expect(readdirSync(dataDir).filter((f) => f.startsWith("pglite.before-restore-"))).toHaveLength(1);
    expect(existsSync(lock)).toBe(false);
  }, 120_000);

  it("points to pg_dump when DATABASE_URL is set", async () => {
    const result = await script("db-backup", [], { DATABASE_URL: "postgres://u@127.0.0.1:1/none" });
    expect(result.code).toBe(1);
    expect(result.err).toContain("pg_dump");
  });
});
