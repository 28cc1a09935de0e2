// What keying the caches on the catalogue revision costs a request on PostgreSQL (decision 023): the one primary-key
// read of catalogue_revision, timed alone (wall and this process's CPU per read), against DATABASE_URL.
//   DATABASE_URL=postgres://… node --import tsx bench/catalogue-revision.ts [--reads 2000]
import { parseArgs } from "node:util";
import { openDatabase, setDatabase } from "../app/db/client.server";
import { catalogueRevisionNow } from "../app/scheduling/catalogue.server";

const { values } = parseArgs({ options: { reads: { type: "string", default: "2000" } } });
const READS = Number(values.reads);
if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL (a PostgreSQL database; PGlite needs no read)");
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
setDatabase(Promise.resolve(database));
for (let i = 0; i < 200; i++) await catalogueRevisionNow(database.db); // warm the pool
const samples: number[] = [];
const cpu = process.cpuUsage();
const start = performance.now();
for (let i = 0; i < READS; i++) {
  const t = performance.now();
  await catalogueRevisionNow(database.db);
  samples.push((performance.now() - t) * 1000);
}
const wall = (performance.now() - start) / READS;
const used = process.cpuUsage(cpu);
samples.sort((a, b) => a - b);
console.log(`${READS} reads: wall ${(wall * 1000).toFixed(0)} µs each (median ${samples[samples.length >> 1]!.toFixed(0)}, p95 ${samples[Math.floor(samples.length * 0.95)]!.toFixed(0)}), CPU ${((used.user + used.system) / READS).toFixed(0)} µs each`);
await database.close();
