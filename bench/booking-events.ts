// The confirmation step's cost before/after the visit record (issue 30: "a booking's cost stays flat: the event write
// is in its transaction; delivery is never on the request path"), on PostgreSQL. Two copies of app/ side by side:
// this one, and a scratch copy whose booking transaction does not write its `visit.booked` event (the one line
// removed); each books `--bookings` visits at distinct free times on its own fresh database, in alternating turns of 10
// so the machine's load falls on both alike. Prints the median and p90 of the booking transaction's wall time and the
// process CPU per booking, with and without the event write.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/booking-events.ts [--bookings 200]
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createEmptyPostgresDatabase } from "../tests/helpers/db";

const bookings = Number(process.argv[process.argv.indexOf("--bookings") + 1]) || 200;
if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
const repo = path.resolve(import.meta.dirname, "..");

// The "before": a copy of app/ whose booking transaction writes no event (the line, not the module, is removed).
// Inside the repository, so that tsx compiles it with the project's settings (JSX); removed at the end.
const scratch = mkdtempSync(path.join(repo, "bench", "scratch-events-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
cpSync(path.join(repo, "app"), path.join(scratch, "app"), { recursive: true });
const book = path.join(scratch, "app/scheduling/book.server.ts");
const source = readFileSync(book, "utf8");
const line = /^\s*await recordVisitEvent\(tx, "visit\.booked".*$/m;
if (!line.test(source)) throw new Error("bench: the booking's event write was not found in book.server.ts");
writeFileSync(book, source.replace(line, "  // (the bench's copy: no event written)"));

type Variant = { label: string; root: string };
const variants: Variant[] = [
  { label: "with the event write (today)", root: repo },
  { label: "without it (the line removed)", root: scratch },
];

async function prepare({ root }: Variant) {
  const load = (p: string) => import(pathToFileURL(path.join(root, p)).href);
  const { openDatabase } = await load("app/db/client.server.ts");
  const { seedCatalogue } = await load("app/db/seed.server.ts");
  const { bookAppointment } = await load("app/scheduling/book.server.ts");
  const { getBookableStudio, getService } = await load("app/scheduling/catalogue.server.ts");
  const { findSlots } = await load("app/scheduling/slots.server.ts");
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: empty.url });
  await seedCatalogue(database.db);
  // Distinct free times at every studio over the next weeks: no booking waits on another's studio-day lock.
  const now = new Date();
  const times: { studio: string; startsAt: Date }[] = [];
  for (const slug of ["fenway", "kendall-square", "post-office-square", "south-boston"]) {
    const studio = await getBookableStudio(database.db, slug);
    const service = await getService(database.db, "CLNCHK");
    const slots = await findSlots(database.db, studio, service, { from: new Date(now.getTime() + 2 * 86400_000), to: new Date(now.getTime() + 40 * 86400_000), now }, { fresh: true, now });
    times.push(...slots.filter((_: unknown, i: number) => i % 4 === 0).map((s: { startsAt: Date }) => ({ studio: slug, startsAt: s.startsAt })));
  }
  if (times.length < bookings) throw new Error(`bench: only ${times.length} free times`);
  let n = 0;
  const wall: number[] = [];
  const cpu: number[] = [];
  return {
    async turn(count: number) {
      for (let i = 0; i < count && n < bookings; i++, n++) {
        const { studio, startsAt } = times[n];
        const c = process.cpuUsage();
        const t = performance.now();
        const outcome = await bookAppointment(database.db, { studioSlug: studio, serviceCode: "CLNCHK", startsAt, patient: { email: `bench-${n}@example.com`, firstName: "Bench", lastName: "Patient", phone: "6175550100", dateOfBirth: "1990-05-01", preferences: [] }, needsInsurance: false, details: {} });
        wall.push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
        if (!outcome.ok) throw new Error(`bench: booking refused (${outcome.code})`);
      }
    },
    done: () => n >= bookings,
    figures: () => ({ wall, cpu }),
    /** The visit.booked events written (the proof the two copies differ). */
    events: async () => Number(((await database.db.execute("select count(*)::int as n from visit_events where type = 'visit.booked'")) as { rows: { n: number }[] }).rows[0].n),
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

const runs = [];
for (const variant of variants) runs.push({ variant, run: await prepare(variant) });
while (!runs.every((r) => r.run.done())) for (const { run } of runs) await run.turn(10);
const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)];
console.log(`${bookings} bookings each, PostgreSQL, sequential, alternating turns of 10:`);
for (const { variant, run } of runs) {
  const { wall, cpu } = run.figures();
  console.log(`  ${variant.label}: booking transaction median ${at(wall, 0.5).toFixed(2)} ms, p90 ${at(wall, 0.9).toFixed(2)} ms; CPU median ${at(cpu, 0.5).toFixed(2)} ms (${await run.events()} visit.booked events)`);
  await run.close();
}
rmSync(scratch, { recursive: true, force: true });
