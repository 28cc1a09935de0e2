// Contention measurement (decision 007): rounds of 20 patients booking one slot at once, from two
// processes on one PostgreSQL database, for a slot that 1..N providers can take.
// Usage: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/contention.ts [rounds] [providers]
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import pg from "pg";
import { openDatabase } from "~/db/client.server";
import { seedCatalogue } from "~/db/seed.server";
import { providerHours, providers, studios } from "~/db/schema";

const run = promisify(execFile);
const rounds = Number(process.argv[2] ?? 10);
const providerCounts = (process.argv[3] ?? "1,4").split(",").map(Number);
const admin = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// Named after the server's own database (e.g. dental_ci_test_bench_…), like the test databases.
const name = `${new URL(admin).pathname.slice(1).toLowerCase().replace(/[^a-z0-9_]/g, "").slice(0, 40) || "dental"}_bench_${randomBytes(4).toString("hex")}`;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`CREATE DATABASE ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
await seedCatalogue(database.db);
const now = new Date("2027-01-04T12:00:00Z");
const at = new Date("2027-01-06T15:00:00Z");

try {
  for (const count of providerCounts) {
    let deadlockedRounds = 0;
    let errors = 0;
    let unfilled = 0;
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const slug = `bench-${randomBytes(4).toString("hex")}`;
      await database.db.insert(studios).values({ slug, name: slug, marketSlug: "boston", timezone: "America/New_York", enabled: true });
      for (let p = 0; p < count; p++) {
        const [row] = await database.db.insert(providers).values({ name: `h${p}`, role: "hygienist", studioSlug: slug }).returning();
        await database.db.insert(providerHours).values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ providerId: row.id, weekday, startMinute: 480, endMinute: 1080 })));
      }
      const goAt = String(Date.now() + 2500);
      const child = (prefix: string) =>
        run(process.execPath, ["--import", "tsx", "tests/fixtures/book-concurrently.ts", url.toString(), slug, at.toISOString(), now.toISOString(), "10", prefix, goAt, "timed"], {
          timeout: 120_000,
        });
      const results = await Promise.all([child(`${slug}-a`), child(`${slug}-b`)]);
      const outcomes = results.flatMap((r) => JSON.parse(r.stdout) as { code: string; ms: number }[]);
      const booked = outcomes.filter((o) => o.code === "ok").length;
      const failed = outcomes.filter((o) => o.code !== "ok" && o.code !== "availability_conflict").length;
      if (failed) deadlockedRounds++;
      errors += failed;
      if (booked < count) unfilled++;
      times.push(...outcomes.map((o) => o.ms));
      console.log(`  ${count} providers, round ${round + 1}: booked ${booked}, errors ${failed}, max ${Math.max(...outcomes.map((o) => o.ms))} ms`);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
    console.log(
      `${count} provider(s), ${rounds} rounds of 20: rounds with an error ${deadlockedRounds}/${rounds} (${errors} answers), rounds with a free provider left ${unfilled}, latency p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${times.at(-1)} ms`,
    );
  }
} finally {
  await database.close();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}
