// A studio's day of 200 visits in the console: server time of the whole page (loader + React render), through the
// production build's request handler, on an in-memory PGlite, with React's production build (NODE_ENV=production,
// as `npm start` and the image run it). `npm run build` first; then
//   node --import tsx bench/console-day.ts [--rounds 60] [--turns 6] [label=<dir with build/index.js> …]
// Without labels it measures ./build. With several, their turns alternate in one process (decision 026): the
// machine's load falls on every build alike, and CPU time (process.cpuUsage) is summed per build.
import path from "node:path";
import { parseArgs } from "node:util";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { openDatabase, setDatabase } from "../app/db/client.server";
import { appointments, patients } from "../app/db/schema";
import { seedCatalogue } from "../app/db/seed.server";
import { createStudioWithProviders } from "../tests/fixtures/factories";
import { signedInStaff } from "../tests/helpers/staff";

const { values: args, positionals } = parseArgs({ options: { rounds: { type: "string", default: "60" }, turns: { type: "string", default: "6" } }, allowPositionals: true });
const rounds = Number(args.rounds);
const turns = Number(args.turns);
process.env.NODE_ENV = "production"; // before the build (and React) is imported below
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
const variants: { label: string; handle: ReturnType<typeof createRequestHandler>; cpuMs: number; wall: number[] }[] = [];
for (const spec of positionals.length ? positionals : ["current=."]) {
  const [label, dir] = spec.split("=") as [string, string];
  const build = (await import(path.resolve(dir, "build/index.js"))) as ServerBuild;
  variants.push({ label, handle: createRequestHandler(build, "production"), cpuMs: 0, wall: [] });
}
const url = `http://localhost/staff/studios/${slug}/day/2030-01-02`;
const once = async (variant: (typeof variants)[number]) => {
  const response = await variant.handle(new Request(url, { headers: { Cookie: admin.cookie } }), { nonce: "bench", clientIp: "127.0.0.1" });
  const html = await response.text();
  if (response.status !== 200 || (html.match(/Pat Bench/g) ?? []).length !== 200) throw new Error(`unexpected page: ${response.status}`);
  return html.length;
};
for (const variant of variants) for (let i = 0; i < 10; i++) await once(variant); // warm up
// The data alone (the loader's queries and shaping), to tell it from the render.
const { studioDay } = await import("../app/console/day.server");
const dataStart = process.cpuUsage();
for (let i = 0; i < rounds; i++) await studioDay(db, { slug, tz: "America/New_York" }, "2030-01-02");
const dataCpu = process.cpuUsage(dataStart);
console.info(`  the day's data alone (this checkout's): CPU ${((dataCpu.user + dataCpu.system) / 1000 / rounds).toFixed(1)} ms/page`);
const perTurn = Math.max(1, Math.round(rounds / turns));
const bytes = new Map<string, number>();
for (let turn = 0; turn < turns; turn++) {
  for (const variant of turn % 2 ? [...variants].reverse() : variants) {
    const cpuStart = process.cpuUsage();
    for (let i = 0; i < perTurn; i++) {
      const t = performance.now();
      bytes.set(variant.label, await once(variant));
      variant.wall.push(performance.now() - t);
    }
    const cpu = process.cpuUsage(cpuStart);
    variant.cpuMs += (cpu.user + cpu.system) / 1000;
  }
}
for (const variant of variants) {
  const wall = [...variant.wall].sort((a, b) => a - b);
  const at = (q: number) => wall[Math.min(wall.length - 1, Math.floor(q * wall.length))]!.toFixed(1);
  console.info(
    `${variant.label}: console day, 200 visits (${wall.length} pages, ${Math.round(bytes.get(variant.label)! / 1024)} KB HTML): median ${at(0.5)} ms, p90 ${at(0.9)} ms, CPU ${(variant.cpuMs / wall.length).toFixed(1)} ms/page`,
  );
}
console.info(`load average: ${(await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ")}`);
await database.close();
