import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { appointments } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { createTestDatabase } from "../helpers/db";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";

const run = promisify(execFile);
const now = new Date("2027-01-04T12:00:00Z");
const at = new Date("2027-01-06T15:00:00Z");

// PGlite serializes everything in one process, so races can only show on a real PostgreSQL server.
// CI always sets TEST_DATABASE_URL: there this suite must run, never skip.
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres) throw new Error("CI must set TEST_DATABASE_URL for the PostgreSQL concurrency tests");

describe.skipIf(!hasPostgres)("double booking under concurrency [postgres]", () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.close());

  it("20 simultaneous confirmations of one slot with one eligible provider: exactly one appointment, 19 availability_conflict", async () => {
    const { slug } = await createStudioWithProviders(database.db);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        bookAppointment(database.db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt: at, now, needsInsurance: false, details: {}, patient: patientInput() }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.code === "availability_conflict")).toHaveLength(19);
    expect(await database.db.select().from(appointments).where(eq(appointments.studioSlug, slug))).toHaveLength(1);
  });

  it("the same with two app processes on one database", async () => {
    const { slug } = await createStudioWithProviders(database.db);
    const child = (prefix: string) =>
      run(process.execPath, ["--import", "tsx", "tests/fixtures/book-concurrently.ts", database.url!, slug, at.toISOString(), now.toISOString(), "10", prefix], {
        timeout: 60_000,
      });
    const results = await Promise.all([child("a"), child("b")]);
    const codes = results.flatMap((r) => JSON.parse(r.stdout) as string[]);
    expect(codes).toHaveLength(20);
    expect(codes.filter((c) => c === "ok")).toHaveLength(1);
    expect(codes.filter((c) => c === "availability_conflict")).toHaveLength(19);
    expect(await database.db.select().from(appointments).where(eq(appointments.studioSlug, slug))).toHaveLength(1);
  });
});
