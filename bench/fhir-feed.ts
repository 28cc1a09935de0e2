// The open slot feed's rebuild (issue 30 D, decision 064), on the embedded database, seeded (32 studios, 11 services):
// 1. a change at one studio (a braces consult time held there: one orthodontist, so the time turns busy) and that studio's Slot file asked for: the rebuild the cache does after
//    a change — CPU median and worst over 20 changes, each at the next studio;
// 2. every studio's Slot file built from nothing (a console change, the 15-minute step): CPU of the whole feed;
// and the files' sizes. CPU is the process's (user + system), so the database's share of a query counts too.
//   node --import tsx bench/fhir-feed.ts [--runs 20]
import { openDatabase } from "../app/db/client.server";
import { seedCatalogue } from "../app/db/seed.server";
import { feedFile, feedManifest, feedText, slotFileName } from "../app/fhir/feed.server";
import { getBookableStudio, getService } from "../app/scheduling/catalogue.server";
import { newBookingId, placeHold } from "../app/scheduling/holds.server";

const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 20;
const origin = "https://dental.example";
const database = await openDatabase({ inMemory: true });
const db = database.db;
await seedCatalogue(db);
const cpu = async <T,>(work: () => Promise<T>) => {
  const start = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const manifest = JSON.parse(await feedText(await feedManifest(db, origin))) as { output: { type: string; url: string }[] };
const names = manifest.output.map((o) => o.url.slice(`${origin}/fhir/`.length));
const slotNames = names.filter((n) => n.startsWith("Slot-"));

// Warm: every file once (the first build of each), then the whole feed timed from nothing, several times.
const now = () => new Date();
for (const name of names) await feedFile(db, origin, name, now());
const whole: number[] = [];
let bytes = 0;
let slots = 0;
let zipped = 0;
for (let i = 0; i < 3; i++) {
  const { ms, value } = await cpu(async () => {
    const { buildStudioSlots } = await import("../app/fhir/feed.server");
    const { studios, services } = await loadCatalogue();
    const files = [];
    for (const studio of studios) files.push(await buildStudioSlots(db, studio, services, origin, now()));
    return files;
  });
  whole.push(ms);
  const texts = await Promise.all(value.map(feedText));
  bytes = texts.reduce((n, text) => n + Buffer.byteLength(text), 0);
  zipped = value.reduce((n, f) => n + f.gzip.length, 0);
  slots = texts.reduce((n, text) => n + text.split("\n").length - 1, 0);
}

// A change at one studio (a hold placed there), then its file asked for: the cache rebuilds that studio only.
const service = (await getService(db, "BRACESCON"))!;
const after: number[] = [];
for (let i = 0; i < runs; i++) {
  const name = slotNames[i % slotNames.length];
  const slug = name.slice("Slot-".length, -".ndjson".length);
  const studio = (await getBookableStudio(db, slug))!;
  const body = await feedText((await feedFile(db, origin, name, now()))!);
  const free = body.split("\n").find((l) => l.includes(`Schedule/${slug}.BRACESCON"`) && l.includes('"free"'));
  if (!free) continue;
  const start = new Date(JSON.parse(free).start);
  const held = await placeHold(db, { bookingId: newBookingId(), studioSlug: studio.slug, serviceCode: service.code, startsAt: start });
  if (!held.ok) throw new Error("bench: the hold was refused");
  const { ms, value } = await cpu(() => feedFile(db, origin, slotFileName(slug), now()));
  if ((await feedText(value!)) === body) throw new Error("bench: the file did not change after the hold");
  after.push(ms);
}

console.log(`feed: ${slotNames.length} studios, ${slots} slots, Slot files ${(bytes / 1e6).toFixed(1)} MB (${(bytes / slotNames.length / 1e6).toFixed(2)} MB a studio); kept gzipped: ${(zipped / 1e6).toFixed(2)} MB`);
console.log(`after a change at one studio (its Slot file rebuilt): CPU median ${median(after).toFixed(1)} ms, worst ${Math.max(...after).toFixed(1)} ms (${after.length} changes)`);
console.log(`every studio from nothing: CPU median ${median(whole).toFixed(0)} ms (${whole.length} runs)`);
await database.close();

async function loadCatalogue() {
  const { studios: studiosTable, services: servicesTable } = await import("../app/db/schema");
  const { studioTimezone } = await import("../app/rules/timezones");
  const rows = (await db.select().from(studiosTable)).filter((r) => r.enabled && !r.isVirtual);
  return {
    studios: rows.map((r) => ({ slug: r.slug, name: r.name, address: r.address, phone: r.phone, tz: studioTimezone(r.slug, r.timezone), latitude: r.latitude, longitude: r.longitude })),
    services: await db.select().from(servicesTable),
  };
}
