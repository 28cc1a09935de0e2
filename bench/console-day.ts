// A studio's day of 200 visits in the console: server time of the whole page (loader + React render), through the
// production build's request handler, on an in-memory PGlite. `npm run build` first; then
// node --import tsx bench/console-day.ts [rounds]. Prints median, p90 and CPU per page.
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { openDatabase, setDatabase } from "../app/db/client.server";
import { appointments, patients } from "../app/db/schema";
import { seedCatalogue } from "../app/db/seed.server";
import { createStudioWithProviders } from "../tests/fixtures/factories";
import { signedInStaff } from "../tests/helpers/staff";

const rounds = Number(process.argv[2] ?? 60);
const database = await openDatabase({ inMemory: true });
setDatabase(Promise.resolve(database));
await seedCatalogue(database.db);
const db = database.db;
const { slug, providerIds } = await createStudioWithProviders(db, { roles: Array(10).fill("hygienist") });
// 200 visits on 2030-01-02, 08:00–18:00 New York time: 10 providers × 20 half-hour visits.
const rows = [];
for (let i = 0; i < 200; i++) {
  const [patient] = await db.insert(patients).values({ email: `bench-${i}@example.com`, firstName: "Pat", lastName: `Bench ${i}` }).returning();
  const startsAt = new Date(Date.UTC(2030, 0, 2, 13, 0) + Math.floor(i / 10) * 30 * 60_000);
  rows.push({ token: `bench-token-${i}-xxxxxxxxxxxx`, patientId: patient!.id, studioSlug: slug, providerId: providerIds[i % 10]!, serviceType: "CLNCHK", startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) });
}
await db.insert(appointments).values(rows);
const admin = await signedInStaff(db, "admin");
const build = (await import(path.resolve("build/index.js"))) as ServerBuild;
const handle = createRequestHandler(build, "production");
const url = `http://localhost/staff/studios/${slug}/day/2030-01-02`;
const once = async () => {
  const response = await handle(new Request(url, { headers: { Cookie: admin.cookie } }), { nonce: "bench", clientIp: "127.0.0.1" });
  const html = await response.text();
  if (response.status !== 200 || (html.match(/Pat Bench/g) ?? []).length !== 200) throw new Error(`unexpected page: ${response.status}`);
  return html.length;
};
for (let i = 0; i < 10; i++) await once(); // warm up
// The data alone (the loader's queries and shaping), to tell it from the render.
const { studioDay } = await import("../app/console/day.server");
const dataStart = process.cpuUsage();
for (let i = 0; i < rounds; i++) await studioDay(db, { slug, tz: "America/New_York" }, "2030-01-02");
const dataCpu = process.cpuUsage(dataStart);
console.info(`  of which the day's data: CPU ${((dataCpu.user + dataCpu.system) / 1000 / rounds).toFixed(1)} ms/page`);
const wall: number[] = [];
const cpuStart = process.cpuUsage();
let bytes = 0;
for (let i = 0; i < rounds; i++) {
  const t = performance.now();
  bytes = await once();
  wall.push(performance.now() - t);
}
const cpu = process.cpuUsage(cpuStart);
wall.sort((a, b) => a - b);
const at = (q: number) => wall[Math.min(wall.length - 1, Math.floor(q * wall.length))]!.toFixed(1);
console.info(`console day, 200 visits (${rounds} pages, ${Math.round(bytes / 1024)} KB HTML): median ${at(0.5)} ms, p90 ${at(0.9)} ms, CPU ${((cpu.user + cpu.system) / 1000 / rounds).toFixed(1)} ms/page`);
await database.close();
