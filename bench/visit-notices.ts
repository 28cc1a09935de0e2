// The visit emails and texts as a consumer of the visit events (issue 42 B, decision 070): what it did to a booking.
// 1. The booking's transaction (begin to commit, wall time), before (`--before`, default 2e106cd: the email rendered
//    and queued, the text queued, inside it) and after (this tree: only the change and its event). Both copies book
//    `--bookings` visits at distinct free times on their own fresh database, in alternating turns of 10.
// 2. An email's delay from the booking's commit to the SMTP server's receipt, each copy's own workers running
//    (`startWorkers`, as `npm start` does) and a local SMTP server: one booking every `--gap` ms on an idle process.
// PGlite in memory; PostgreSQL too when TEST_DATABASE_URL is set. The before's copy imports this tree's modules through
// `~/` (tsconfig's paths) and its own through `./`: its booking (book.server.ts and its ./visit-email) is that commit's.
//   [TEST_DATABASE_URL=postgres://…] node --import tsx bench/visit-notices.ts [--before 2e106cd] [--bookings 200] [--emails 100] [--gap 100]
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { SMTPServer } from "smtp-server";
import { createEmptyPostgresDatabase } from "../tests/helpers/db";

const { values: args } = parseArgs({
  options: { before: { type: "string", default: "2e106cd" }, bookings: { type: "string", default: "200" }, emails: { type: "string", default: "100" }, gap: { type: "string", default: "100" } },
});
const BOOKINGS = Number(args.bookings);
const EMAILS = Number(args.emails);
const GAP = Number(args.gap);
const repo = path.resolve(import.meta.dirname, "..");

// The "before": that commit's app/, inside the repository so that tsx compiles it with the project's settings.
const scratch = mkdtempSync(path.join(repo, "bench", "scratch-notices-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
execFileSync("sh", ["-c", `git archive ${args.before} app | tar -x -C ${scratch}`], { cwd: repo });

type Variant = { label: string; root: string };
const variants: Variant[] = [
  { label: `before (${args.before})`, root: scratch },
  { label: "after (this tree)", root: repo },
];
const engines = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;

const load = (root: string, p: string) => import(pathToFileURL(path.join(root, p)).href);
const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function open(root: string, engine: (typeof engines)[number]) {
  const { openDatabase } = await load(root, "app/db/client.server.ts");
  const { seedCatalogue } = await load(root, "app/db/seed.server.ts");
  const empty = engine === "postgres" ? await createEmptyPostgresDatabase() : null;
  const database = await openDatabase(empty ? { databaseUrl: empty.url } : { inMemory: true });
  await seedCatalogue(database.db);
  return { database, close: async () => (await database.close(), await empty?.drop()) };
}

/** Distinct free times at four Boston studios over the next weeks: no booking waits on another's studio-day lock. */
async function freeTimes(root: string, db: unknown, count: number) {
  const { getBookableStudio, getService } = await load(root, "app/scheduling/catalogue.server.ts");
  const { findSlots } = await load(root, "app/scheduling/slots.server.ts");
  const now = new Date();
  const times: { studio: string; startsAt: Date }[] = [];
  for (const slug of ["fenway", "kendall-square", "post-office-square", "south-boston"]) {
    const studio = await getBookableStudio(db, slug);
    const service = await getService(db, "CLNCHK");
    const slots = await findSlots(db, studio, service, { from: new Date(now.getTime() + 2 * 86400_000), to: new Date(now.getTime() + 40 * 86400_000), now }, { fresh: true, now });
    times.push(...slots.filter((_: unknown, i: number) => i % 4 === 0).map((s: { startsAt: Date }) => ({ studio: slug, startsAt: s.startsAt })));
  }
  if (times.length < count) throw new Error(`bench: only ${times.length} free times`);
  return times;
}

const patient = (email: string) => ({ email, firstName: "Bench", lastName: "Patient", phone: "6175550100", dateOfBirth: "1990-05-01", preferences: [] });

async function transactions(engine: (typeof engines)[number]) {
  const runs = [];
  for (const variant of variants) {
    const { database, close } = await open(variant.root, engine);
    const { bookAppointment } = await load(variant.root, "app/scheduling/book.server.ts");
    const times = await freeTimes(variant.root, database.db, BOOKINGS);
    // Every transaction of this database timed, begin to commit (the booking's is the only one per booking).
    const durations: number[] = [];
    const begin = database.db.transaction.bind(database.db);
    database.db.transaction = (async (fn: unknown, config: unknown) => {
      const t = performance.now();
      try {
        return await begin(fn as never, config as never);
      } finally {
        durations.push(performance.now() - t);
      }
    }) as never;
    let n = 0;
    runs.push({
      variant,
      durations,
      close,
      async turn(count: number) {
        for (let i = 0; i < count && n < BOOKINGS; i++, n++) {
          const outcome = await bookAppointment(database.db, { studioSlug: times[n].studio, serviceCode: "CLNCHK", startsAt: times[n].startsAt, patient: patient(`bench-${n}@example.com`), needsInsurance: false, details: {} });
          if (!outcome.ok) throw new Error(`bench: booking refused (${outcome.code})`);
        }
      },
      done: () => n >= BOOKINGS,
    });
  }
  while (!runs.every((r) => r.done())) for (const run of runs) await run.turn(10);
  console.log(`\nThe booking's transaction, ${engine}, ${BOOKINGS} bookings each, sequential, alternating turns of 10:`);
  console.log("| | median | p90 | p99 |\n|---|---|---|---|");
  for (const run of runs) {
    console.log(`| ${run.variant.label} | ${ms(at(run.durations, 0.5))} | ${ms(at(run.durations, 0.9))} | ${ms(at(run.durations, 0.99))} |`);
    await run.close();
  }
}

async function emailDelay(engine: (typeof engines)[number], variant: Variant) {
  const committed = new Map<string, number>();
  const delays: number[] = [];
  let received = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) {
          const t = committed.get(rcpt.address);
          if (t !== undefined) delays.push(performance.now() - t);
        }
        received();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  const { database, close } = await open(variant.root, engine);
  const { getEnv } = await load(variant.root, "app/platform/env.server.ts");
  // The copy's `~/` imports resolve to this tree (tsconfig's paths): the before's own workers cannot load. Its outbox ran
  // as at that commit: polled every 2 s, the only job an email waited for (the booking's transaction queued it).
  const startWorkers =
    variant.root === repo
      ? (await load(repo, "app/server/workers.server.ts")).startWorkers
      : async (db: { db: unknown }, env: { SMTP_URL: string; MAIL_FROM: string }) => {
          const { startJob } = await load(repo, "app/jobs/job.server.ts");
          const { deliverPending } = await load(variant.root, "app/platform/email.server.ts"); // that commit's: a connection per run
          return startJob({ name: "email-outbox-before", everyMs: 2_000, tick: (now: Date) => deliverPending(db.db, env.SMTP_URL, env.MAIL_FROM, 20, now) });
        };
  const { bookAppointment } = await load(variant.root, "app/scheduling/book.server.ts");
  const times = await freeTimes(variant.root, database.db, EMAILS);
  const workers = await startWorkers(database, { ...getEnv(), SMTP_URL: process.env.SMTP_URL });
  await new Promise((r) => setTimeout(r, 1_500)); // the start's first look is over
  for (let n = 0; n < EMAILS; n++) {
    const to = `delay-${n}@example.com`;
    const outcome = await bookAppointment(database.db, { studioSlug: times[n].studio, serviceCode: "CLNCHK", startsAt: times[n].startsAt, patient: patient(to), needsInsurance: false, details: {} });
    if (!outcome.ok) throw new Error(`bench: booking refused (${outcome.code})`);
    committed.set(to, performance.now());
    await new Promise((r) => setTimeout(r, GAP));
  }
  const deadline = Date.now() + 30_000;
  while (delays.length < EMAILS && Date.now() < deadline) await new Promise<void>((r) => ((received = r), setTimeout(r, 500)));
  await workers.stop();
  await close();
  server.close();
  return `| ${variant.label} | ${engine} | ${delays.length}/${EMAILS} | ${ms(at(delays, 0.5))} | ${ms(at(delays, 0.99))} | ${ms(Math.max(...delays))} |`;
}

for (const engine of engines) await transactions(engine);
console.log(`\nAn email's delay, the booking's commit → the SMTP server's receipt, one booking every ${GAP} ms, the copy's own workers:`);
console.log("| | engine | received | median | p99 | max |\n|---|---|---|---|---|---|");
for (const engine of engines) for (const variant of variants) console.log(await emailDelay(engine, variant));
process.exit(0);
