// The times page's one read of blocked time with holds (decision 021), on PostgreSQL: the plan of the union
// (time off, appointments, live holds) and its time, with no holds and with 2,000 live and 20,000 expired holds
// spread over the studios' providers; then the same read timed in a loop (median of 200, uncached).
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/holds.ts
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/db/client.server";
import { seedCatalogue } from "../app/db/seed.server";
import { providers, slotHolds } from "../app/db/schema";
import { getBookableStudio, getService } from "../app/scheduling/catalogue.server";
import { findSlots } from "../app/scheduling/slots.server";
import { createEmptyPostgresDatabase } from "../tests/helpers/db";

const empty = await createEmptyPostgresDatabase();
const database = await openDatabase({ databaseUrl: empty.url });
try {
  const db = database.db;
  await seedCatalogue(db);
  const studio = (await getBookableStudio(db, "fenway"))!;
  const service = (await getService(db, "CLNCHK"))!;
  const now = new Date();
  const from = new Date(now.getTime() + 86400_000);
  const to = new Date(from.getTime() + 7 * 86400_000);
  const timeRead = async (label: string) => {
    const ms: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await findSlots(db, studio, service, { from, to, now }, { fresh: true, now });
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    console.log(`${label}: findSlots (one week, uncached) median ${ms[100].toFixed(2)} ms, p90 ${ms[180].toFixed(2)} ms`);
  };
  const ids = (await db.select({ id: providers.id }).from(providers)).map((p) => p.id);
  const plan = async (label: string) => {
    const fenway = (await db.execute(sql`select id from providers where studio_slug = 'fenway' and role = 'hygienist'`)).rows.map((r) => Number((r as { id: number }).id));
    const rows = await db.execute(sql`explain (analyze, costs off, timing on, summary on)
      select provider_id, starts_at, ends_at, booking_id from slot_holds
      where provider_id in (${sql.join(fenway.map((id) => sql`${id}`), sql`, `)}) and starts_at < ${to.toISOString()}::timestamptz
        and starts_at > ${new Date(from.getTime() - 86400_000).toISOString()}::timestamptz and ends_at > ${from.toISOString()}::timestamptz and expires_at > ${now.toISOString()}::timestamptz`);
    console.log(`${label}: plan of the holds branch`);
    for (const r of rows.rows) console.log(`  ${Object.values(r as object)[0]}`);
  };
  await plan("no holds");
  await timeRead("no holds");
  // 2,000 live holds and 20,000 expired ones, an hour each, on a 15-minute grid per provider (no two overlap).
  const values: (typeof slotHolds.$inferInsert)[] = [];
  for (let i = 0; i < 22_000; i++) {
    const providerId = ids[i % ids.length];
    const k = Math.floor(i / ids.length);
    const startsAt = new Date(Math.floor(now.getTime() / 3600_000) * 3600_000 + 86400_000 + k * 3600_000);
    values.push({ bookingId: randomBytes(24).toString("base64url"), studioSlug: "fenway", serviceType: "CLNCHK", providerId, startsAt, endsAt: new Date(startsAt.getTime() + 3600_000), expiresAt: new Date(now.getTime() + (i % 11 === 0 ? 600_000 : -600_000)) });
  }
  for (let i = 0; i < values.length; i += 1000) await db.insert(slotHolds).values(values.slice(i, i + 1000));
  await db.execute(sql`analyze slot_holds`);
  await plan("2,000 live + 20,000 expired holds");
  await timeRead("2,000 live + 20,000 expired holds");
} finally {
  await database.close();
  await empty.drop();
}
process.exit(0);
