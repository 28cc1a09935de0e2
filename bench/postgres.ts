// On PostgreSQL (issue 13): confirmed bookings per second through two production server processes on one
// database, every booking for a distinct time (so none conflicts), and the time to compute a studio's 60-day
// availability from the database. Creates its own database (named after TEST_DATABASE_URL's) and drops it.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/postgres.ts [--bookings 300] [--ports 3335,3336]
// bench/perf.ts runs it too when TEST_DATABASE_URL is set.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createBookingCookie } from "~/booking/cookie.server";
import { openDatabase } from "~/db/client.server";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { findSlots } from "~/scheduling/slots.server";
import { completeState } from "../tests/fixtures/booking-states";
import { createEmptyPostgresDatabase } from "../tests/helpers/db";
import { runNode, stop, waitFor, type ServerChild } from "../tests/helpers/process";

const SECRET = "bench-postgres-secret-0123456789abcdefghijklmnop";
const DAY = 86400_000;

export async function postgresFigures({ bookings = 300, ports = [3335, 3336], concurrency = 10 } = {}) {
  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  const database = await createEmptyPostgresDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "dental-bench-pg-"));
  const servers: ServerChild[] = [];
  try {
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET: SECRET, NODE_ENV: "production", SITE_ORIGIN: "https://dental.example.com" };
    // Both start on the empty database at once: one migrates and seeds, as two containers would.
    for (const port of ports) servers.push({ ...runNode("server.ts", { ...env, HOST: "127.0.0.1", PORT: String(port) }), port, url: `http://127.0.0.1:${port}` });
    for (const server of servers) {
      await waitFor(async () => (await fetch(`${server.url}/healthz`).then((r) => r.ok, () => false)) || undefined, 180_000, `the server on ${server.port}`);
    }
    const app = await openDatabase({ databaseUrl: database.url, migrate: false });
    try {
      const studio = (await getBookableStudio(app.db, "fenway"))!;
      const service = (await getService(app.db, "CLNCHK"))!;
      const now = new Date();

      // The 60-day availability of a studio, read fresh from the database each time (no cache), median of 20.
      const range = { from: now, to: new Date(now.getTime() + 60 * DAY), now };
      await findSlots(app.db, studio, service, range, { fresh: true });
      const took: number[] = [];
      let slots: Awaited<ReturnType<typeof findSlots>> = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        slots = await findSlots(app.db, studio, service, range, { fresh: true });
        took.push(performance.now() - started);
      }
      took.sort((a, b) => a - b);

      // Distinct free times, spread over both processes, `concurrency` posts of the confirmation form in flight.
      const cookie = createBookingCookie({ secrets: [SECRET], secure: true });
      // Times that do not overlap (a 60-minute visit every 30 minutes would share providers and conflict), from
      // tomorrow on (today's first times fall inside the booking notice while the run lasts).
      const times: typeof slots = [];
      const tomorrow = now.getTime() + DAY;
      for (const slot of [...slots].filter((s) => s.startsAt.getTime() >= tomorrow).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
        if (times.length < bookings && (times.length === 0 || slot.startsAt >= times[times.length - 1].endsAt)) times.push(slot);
      }
      const jars = await Promise.all(
        times.map(async (slot, i) => {
          const state = completeState("cleaning", {
            email: `bench-${i}@example.com`,
            slot: { startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() },
          });
          return (await cookie.serialize(state)).split(";")[0];
        }),
      );
      let next = 0;
      let confirmed = 0;
      const errors: string[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async (_, worker) => {
          const server = servers[worker % servers.length];
          for (let i = next++; i < jars.length; i = next++) {
            const res = await fetch(`${server.url}/booking/confirmation`, {
              method: "POST",
              headers: { Cookie: jars[i], Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
              body: "",
              redirect: "manual",
            });
            await res.arrayBuffer();
            const location = res.headers.get("location") ?? "";
            if (res.status === 303 && location.startsWith("/booking/confirmed/")) confirmed++;
            else errors.push(`${res.status} ${location}`);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return {
        availability60Days: { medianMs: took[10], maxMs: took[19], slots: slots.length },
        bookings: { attempted: jars.length, confirmed, errors, seconds, perSecond: confirmed / seconds, processes: servers.length, concurrency },
      };
    } finally {
      await app.close();
    }
  } finally {
    for (const server of servers) await stop(server, "SIGTERM").catch(() => stop(server, "SIGKILL"));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printPostgresFigures(figures: Awaited<ReturnType<typeof postgresFigures>>) {
  const { availability60Days: a, bookings: b } = figures;
  console.log(`\nPostgreSQL (${new URL(process.env.TEST_DATABASE_URL!).host}):`);
  console.log(`  60-day availability of a studio (Fenway, cleaning), read fresh: median ${a.medianMs.toFixed(1)} ms, max ${a.maxMs.toFixed(1)} ms of 20 (${a.slots} slots)`);
  console.log(
    `  bookings: ${b.confirmed} confirmed of ${b.attempted} distinct times in ${b.seconds.toFixed(1)} s = ${b.perSecond.toFixed(1)} confirmed bookings/s ` +
      `(${b.processes} server processes, ${b.concurrency} in flight), errors ${b.errors.length}${b.errors.length ? `: ${[...new Set(b.errors)].slice(0, 3).join("; ")}` : ""}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({ options: { bookings: { type: "string", default: "300" }, ports: { type: "string", default: "3335,3336" } } });
  printPostgresFigures(await postgresFigures({ bookings: Number(values.bookings), ports: values.ports.split(",").map(Number) }));
}
