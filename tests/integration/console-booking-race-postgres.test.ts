// The desk and a patient online racing for one time on two processes over one PostgreSQL database (issue 38 D):
// in each round, at the same instant, one process's front desk holds and books the time through the console's
// routes while another process's patient books it through the funnel's transaction. One wins; the other is told the
// time was just taken (the desk: sent back to the times with `taken`, the time not offered again; the patient:
// availability_conflict, the funnel's "that time was just taken"); no 5xx, no generic error, never two visits.
// PGlite serializes everything in one process, so this needs TEST_DATABASE_URL (CI sets it).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase, type Database } from "~/db/client.server";
import { appointments, patients } from "~/db/schema";
import { localTimeAhead } from "../fixtures/clock";
import { createStudioWithProviders } from "../fixtures/factories";
import { createTestDatabase } from "../helpers/db";
import { ROOT } from "../helpers/process";
import { signedInStaff } from "../helpers/staff";

const run = promisify(execFile);
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres) throw new Error("CI must set TEST_DATABASE_URL for the desk race");

describe.skipIf(!hasPostgres)("the desk and a patient online race for one time on two processes [postgres]", () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    setDatabase(Promise.resolve(database)); // the staff sign-in reads the process's database
  });
  afterAll(async () => database?.close());

  it("one wins, the other is told the time was just taken; no 500, never two visits", async () => {
    const winners = { desk: 0, online: 0 };
    for (let round = 0; round < 4; round++) {
      const { slug } = await createStudioWithProviders(database.db); // one hygienist: one visit per time
      const desk = await signedInStaff(database.db, "front_desk", [slug]);
      const [caller] = await database.db.insert(patients).values({ email: "", firstName: "Desk", lastName: `Caller${round}`, phone: "6175550199" }).returning();
      const startsAt = localTimeAhead(3 + round, "10:00").toISOString();
      const goAt = String(Date.now() + 2500);
      const child = (mode: "desk" | "online") =>
        run(process.execPath, ["--import", "tsx", "tests/fixtures/desk-race.ts", database.url!, mode, slug, String(caller!.id), desk.cookie, startsAt, goAt, `online-${randomBytes(4).toString("hex")}@example.com`], {
          cwd: ROOT,
          timeout: 60_000,
          env: { ...process.env, SESSION_SECRET: process.env.SESSION_SECRET ?? "desk-race-secret-0123456789-abcdefghij" },
        });
      const [deskRun, onlineRun] = await Promise.all([child("desk"), child("online")]);
      const deskSaid = JSON.parse(deskRun.stdout) as { won: boolean; statuses: number[]; taken?: boolean; offeredAgain?: boolean };
      const onlineSaid = JSON.parse(onlineRun.stdout) as { won: boolean; code: string };
      expect(deskSaid.statuses.every((s) => s < 500), JSON.stringify(deskSaid)).toBe(true);
      expect(deskSaid.won).toBe(!onlineSaid.won);
      if (deskSaid.won) {
        winners.desk++;
        expect(onlineSaid.code).toBe("availability_conflict");
      } else {
        winners.online++;
        expect(deskSaid).toMatchObject({ taken: true, offeredAgain: false });
      }
      const visits = await database.db.select().from(appointments).where(eq(appointments.studioSlug, slug));
      expect(visits).toHaveLength(1);
      expect(visits[0]!.channel).toBe(deskSaid.won ? "phone" : "online");
    }
    console.log(`desk race: the desk won ${winners.desk}, the patient online ${winners.online} of 4 rounds`);
  });
});
