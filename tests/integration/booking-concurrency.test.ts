import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { appointments, patients } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { createTestDatabase } from "../helpers/db";
import { createPatient, createStudioWithProviders, patientInput } from "../fixtures/factories";

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

  // Outcomes only: how long the answers take is measured by bench/contention.ts (p50/p95/max), never asserted here.
  it("a slot four providers can take, 20 patients at once from two processes, three rounds: all four booked, everyone else told", async () => {
    for (let round = 0; round < 3; round++) {
      const { slug } = await createStudioWithProviders(database.db, { roles: ["hygienist", "hygienist", "hygienist", "hygienist"] });
      const goAt = String(Date.now() + 3_000); // both processes start their burst at the same instant
      const child = (prefix: string) =>
        run(process.execPath, ["--import", "tsx", "tests/fixtures/book-concurrently.ts", database.url!, slug, at.toISOString(), now.toISOString(), "10", `${slug}-${prefix}`, goAt], {
          timeout: 60_000,
        });
      const results = await Promise.all([child("a"), child("b")]);
      const codes = results.flatMap((r) => JSON.parse(r.stdout) as string[]);
      expect(codes).toHaveLength(20);
      // Every patient is either booked or told the time was just taken: no generic error, nobody left hanging.
      expect(codes.filter((c) => c !== "ok" && c !== "availability_conflict"), `round ${round + 1}`).toEqual([]);
      expect(codes.filter((c) => c === "ok"), `round ${round + 1}`).toHaveLength(4);
      // Every acknowledged visit is there, and nothing more.
      expect(await database.db.select().from(appointments).where(eq(appointments.studioSlug, slug))).toHaveLength(4);
    }
  });

  it("a returning patient booking two studios for the same hour at once: one visit and one conflict, every time", async () => {
    for (let round = 0; round < 5; round++) {
      const first = await createStudioWithProviders(database.db);
      const second = await createStudioWithProviders(database.db);
      const patient = patientInput();
      await createPatient(database.db, { email: patient.email }); // returning: no new-patient insert to wait on
      const outcomes = await Promise.all(
        [first.slug, second.slug].map((studioSlug) =>
          bookAppointment(database.db, { studioSlug, serviceCode: "CLNCHK", startsAt: at, now, needsInsurance: false, details: {}, patient }),
        ),
      );
      expect(outcomes.map((o) => (o.ok ? "ok" : o.code)).sort(), `round ${round + 1}`).toEqual(["conflict", "ok"]);
      const [row] = await database.db.select({ id: patients.id }).from(patients).where(eq(patients.email, patient.email));
      expect(await database.db.select().from(appointments).where(eq(appointments.patientId, row.id))).toHaveLength(1);
    }
  });
});
