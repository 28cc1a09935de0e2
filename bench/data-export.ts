// "A copy of my data" (issue 41 A, decision 080): how long the ZIP takes and how much memory it needs, on the embedded
// database, for a typical patient — 50 visits (each with intake answers), 4 insurance card photos of 400 KB, 100
// texts, 200 emails, 50 staff reads — and for a long history (--visits 2000 --photos 40) to show the memory stays
// flat (rows read in pages of 200, photos one at a time, the ZIP streamed). Prints wall time, CPU, the ZIP's size and
// the peak of heap and RSS above the baseline before the build (sampled every 5 ms and at every chunk).
//   node --import tsx bench/data-export.ts [--visits 50] [--photos 4] [--runs 3]
import { randomBytes } from "node:crypto";
import { exportZip } from "../app/account/data-export.server";
import { openDatabase } from "../app/db/client.server";
import { appointments, auditLog, emailOutbox, intakeCardPhotos, intakes, patients, persons, providers, services, smsOutbox, staff, studios } from "../app/db/schema";
import { seedCatalogue } from "../app/db/seed.server";

const arg = (name: string, fallback: number) => Number(process.argv[process.argv.indexOf(`--${name}`) + 1]) || fallback;
const visits = arg("visits", 50);
const photos = arg("photos", 4);
const runs = arg("runs", 3);

const database = await openDatabase({ inMemory: true });
const db = database.db;
await seedCatalogue(db);
await db.insert(studios).values({ slug: "bench-export", name: "Bench Export", marketSlug: "boston", timezone: "America/New_York" }).onConflictDoNothing();
const [provider] = await db.insert(providers).values({ name: "Dr. Bench", role: "dentist", studioSlug: "bench-export" }).returning();
const [service] = await db.select().from(services).limit(1);
const email = "bench-export@example.com";
const [person] = await db.insert(persons).values({ email, name: "Robin Bench", passwordHash: "x", emailVerifiedAt: new Date() }).returning();
const [record] = await db.insert(patients).values({ email, firstName: "Robin", lastName: "Bench", phone: "6175550199", personId: person.id, dateOfBirth: "1985-04-02" }).returning();
const [child] = await db.insert(patients).values({ email, firstName: "Sam", lastName: "Bench", familyOfPersonId: person.id, relationship: "child" }).returning();
const [reader] = await db.insert(staff).values({ email: "desk@bench.example", role: "front_desk" }).returning();
const answers = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`question${i}`, i % 3 ? `An answer of a few words, number ${i}` : ["one", "two", "three"]]));
const ids: number[] = [];
for (let i = 0; i < visits; i += 500) {
  const rows = await db
    .insert(appointments)
    .values(
      Array.from({ length: Math.min(500, visits - i) }, (_, j) => {
        const startsAt = new Date(Date.UTC(2020, 0, 6) + (i + j) * 9 * 86_400_000 + 14 * 3_600_000);
        return { token: `bench-${i + j}-${randomBytes(6).toString("hex")}`, patientId: (i + j) % 5 ? record.id : child.id, studioSlug: "bench-export", providerId: provider.id, serviceType: service.code, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), status: "COMPLETED" as const, details: { insurance: { carrier: "Delta" } } };
      }),
    )
    .returning({ id: appointments.id });
  ids.push(...rows.map((r) => r.id));
  await db.insert(intakes).values(rows.map((r) => ({ appointmentId: r.id, answers, status: "COMPLETE" as const, completedAt: new Date() })));
}
for (let p = 0; p < photos; p++) {
  const bytes = randomBytes(400 * 1024); // a re-encoded phone photo: JPEG does not compress further, nor does noise
  await db.insert(intakeCardPhotos).values({ appointmentId: ids[Math.floor(p / 2)], side: p % 2 ? "back" : "front", mime: "image/jpeg", bytes, thumbnail: bytes.subarray(0, 2048), width: 1600, height: 1000 });
}
await db.insert(smsOutbox).values(Array.from({ length: Math.min(100, visits * 2) }, (_, i) => ({ dedupeKey: `bench:${i}`, kind: "reminder", appointmentId: ids[i % ids.length], to: "+16175550199", body: "x", sendAt: new Date(), status: "SENT" as const })));
await db.insert(emailOutbox).values(Array.from({ length: 200 }, (_, i) => ({ to: email, subject: `Your visit on day ${i}`, text: "x", status: "SENT" as const })));
await db.insert(auditLog).values(Array.from({ length: 50 }, (_, i) => ({ actor: "staff" as const, staffId: reader.id, staffEmail: reader.email, action: "intake.view", appointmentId: ids[i % ids.length] })));

let sampleMemory = () => {};
async function build() {
  const reader = exportZip(db, person.id).getReader();
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    sampleMemory(); // at every chunk too: the embedded database's queries can keep timers from firing
    if (done) return bytes;
    bytes += value.byteLength;
  }
}

await build(); // warm: the modules, the catalogue, the query plans
for (let run = 0; run < runs; run++) {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let heap = 0;
  let rss = 0;
  sampleMemory = () => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed - base.heapUsed);
    rss = Math.max(rss, m.rss - base.rss);
  };
  const sample = setInterval(sampleMemory, 5);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const bytes = await build();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  clearInterval(sample);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(`${visits} visits, ${photos} photos: ${ms.toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU, ZIP ${mb(bytes)} MB; peak above baseline: heap +${mb(heap)} MB, RSS +${mb(rss)} MB`);
}
await database.close?.();
