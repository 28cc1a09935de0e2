/**
 * The real server, twice, on one fresh PostgreSQL database (DATABASE_URL), checked only through HTTP and the
 * database, as an operator running two containers would:
 * - both processes start at once on an empty database: migrations and the catalogue seed run once, not twice;
 * - 20 patients press Book for one time at once, 10 on each process: each free provider is booked once,
 *   everyone else is sent back to the times page told the time was taken, and neither process offers it again;
 * - one process is killed (SIGKILL) mid-burst: every booking either process acknowledged is there, the other
 *   process answered every one of its requests, and nothing is double-booked.
 * Needs the build (`npm test` builds before vitest) and TEST_DATABASE_URL (CI sets it).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingCookie } from "~/booking/cookie.server";
import type { BookingState } from "~/booking/state";
import { DEMO_STAFF } from "~/db/catalogue";
import { completeState } from "../fixtures/booking-states";
import { createEmptyPostgresDatabase, testPool } from "../helpers/db";
import { ROOT, startServer, stop, waitFor, type ServerChild } from "../helpers/process";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres) throw new Error("CI must set TEST_DATABASE_URL for the two-process PostgreSQL tests");

const SECRET = "two-process-test-secret-0123456789abcdefghij";
const cookie = createBookingCookie({ secrets: [SECRET], secure: true });
const jar = async (state: BookingState) => (await cookie.serialize(state)).split(";")[0];
const HYGIENISTS = DEMO_STAFF.find((s) => s.role === "hygienist")!.names.length; // who can take a cleaning at Fenway
const STAFF_PER_STUDIO = DEMO_STAFF.reduce((n, s) => n + s.names.length, 0);

type Answer = { server: "a" | "b"; startsAt: string; status: number | "no answer"; token?: string; location: string };

describe.skipIf(!hasPostgres)("two production servers on one PostgreSQL database [postgres]", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dental-two-"));
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let sql: pg.Pool;
  const servers: ServerChild[] = [];
  let a: ServerChild;
  let b: ServerChild;
  const env = () => ({ DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET: SECRET, NODE_ENV: "production", SITE_ORIGIN: "https://dental.example.com" });

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, "build/index.js"))) throw new Error("No build: run `npx remix build` first");
    database = await createEmptyPostgresDatabase();
    sql = testPool(database.url);
    // Both at once, on an empty database: each migrates and seeds as it starts.
    [a, b] = await Promise.all([startServer(env()), startServer(env())]);
    servers.push(a, b);
  });
  afterAll(async () => {
    for (const server of servers) await stop(server, "SIGKILL").catch(() => undefined);
    await sql?.end();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const rows = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows as T[];

  /** Fenway's cleaning times on one day of a week, read from a server's times page as a patient would. */
  async function times(server: ServerChild, query: string, state = completeState("cleaning")) {
    const html = await (await fetch(`${server.url}/booking/times?${query}`, { headers: { Cookie: await jar(state) } })).text();
    // Every time offered, the one already chosen (rendered `checked` before its value) included.
    const values = [...html.matchAll(/<input type="radio" name="slot"[^>]*? value="([^"]+)"/g)].map((m) => m[1]);
    expect(values.length, "every time radio read").toBe(html.split('name="slot"').length - 1);
    return values;
  }
  async function days(server: ServerChild, week: number) {
    const html = await (await fetch(`${server.url}/booking/times?week=${week}`, { headers: { Cookie: await jar(completeState("cleaning")) } })).text();
    return [...new Set([...html.matchAll(/day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]))];
  }
  const stateFor = (startsAt: string, email: string) =>
    completeState("cleaning", { email, slot: { startsAt, endsAt: new Date(new Date(startsAt).getTime() + 3600_000).toISOString() } });

  /** Presses Book (the confirmation form, posted by a browser without JavaScript) and records the answer. */
  async function book(server: ServerChild, name: "a" | "b", startsAt: string, email: string): Promise<Answer> {
    try {
      const res = await fetch(`${server.url}/booking/confirmation`, {
        method: "POST",
        headers: { Cookie: await jar(stateFor(startsAt, email)), Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
        redirect: "manual",
      });
      await res.arrayBuffer();
      const location = res.headers.get("location") ?? "";
      const token = /^\/booking\/confirmed\/([^/?]+)/.exec(location)?.[1];
      return { server: name, startsAt, status: res.status, token, location };
    } catch {
      return { server: name, startsAt, status: "no answer", location: "" }; // the process was killed
    }
  }

  it("migrated and seeded the empty database once, though both started at the same time", async () => {
    const [{ n: migrations }] = await rows<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    const [{ n: hashes }] = await rows<{ n: number }>("select count(distinct hash)::int as n from drizzle.__drizzle_migrations");
    expect(migrations).toBeGreaterThan(0);
    expect(hashes).toBe(migrations);
    const [{ n: studios }] = await rows<{ n: number }>("select count(*)::int as n from studios");
    expect(studios).toBe(35);
    expect(await rows("select studio_slug, count(*)::int from providers group by 1 having count(*) > $1", [STAFF_PER_STUDIO])).toEqual([]);
    const [{ n: fenway }] = await rows<{ n: number }>("select count(*)::int as n from providers where studio_slug = 'fenway' and role = 'hygienist'");
    expect(fenway).toBe(HYGIENISTS);
    for (const server of [a, b]) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("20 patients pressing Book for one time, 10 on each process: each free provider booked once, everyone else told, the time not offered again", async () => {
    const [day] = await days(a, 1);
    const query = `week=1&day=${day}`;
    const [startsAt] = await times(a, query);
    // Both processes have read (and cached) the day with the time free.
    expect(await times(b, query)).toContain(startsAt);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? book(b, "b", startsAt, `race-b-${i}@example.com`) : book(a, "a", startsAt, `race-a-${i}@example.com`))),
    );
    expect(answers.filter((x) => x.status !== 303)).toEqual([]);
    const booked = answers.filter((x) => x.token);
    const told = answers.filter((x) => x.location === "/booking/times?conflict=1");
    expect(booked).toHaveLength(HYGIENISTS);
    expect(told).toHaveLength(20 - HYGIENISTS);

    const visits = await rows<{ token: string; provider_id: number }>("select token, provider_id from appointments where starts_at = $1 and status <> 'CANCELLED'", [startsAt]);
    expect(visits.map((v) => v.token).sort()).toEqual(booked.map((x) => x.token).sort());
    expect(new Set(visits.map((v) => v.provider_id)).size).toBe(visits.length);

    // A patient told "someone just booked that time" is not offered it again, whichever process serves them.
    for (const server of [a, b]) {
      const loser = told.find((x) => x.server === (server === a ? "a" : "b")) ?? told[0];
      const offered = await times(server, `${query}&conflict=1`, stateFor(startsAt, `loser-${loser.server}@example.com`));
      expect(offered.length).toBeGreaterThan(0);
      expect(offered).not.toContain(startsAt);
    }
  });

  it("a patient told on one process that the time was just taken is not offered it there again, though that process had it cached", async () => {
    const [, day] = await days(a, 1);
    const query = `week=1&day=${day}`;
    const [startsAt] = await times(b, query); // process b now holds the day, with this time free, in its times cache
    // Both providers are booked through process a: b's cache does not know.
    const booked = await Promise.all([book(a, "a", startsAt, "first-of-two@example.com"), book(a, "a", startsAt, "second-of-two@example.com")]);
    expect(booked.filter((x) => x.token)).toHaveLength(HYGIENISTS);
    const late = await book(b, "b", startsAt, "too-late@example.com");
    expect(late).toMatchObject({ status: 303, location: "/booking/times?conflict=1" });
    const offered = await times(b, `${query}&conflict=1`, stateFor(startsAt, "too-late@example.com"));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(startsAt);
  });

  it("one process killed mid-burst: every acknowledged booking is there, the other answered every request, no double booking", async () => {
    // Hour-aligned times over a few days of week 2 (visits are an hour long: these do not overlap each other).
    const slots: string[] = [];
    for (const day of (await days(b, 2)).slice(0, 3)) slots.push(...(await times(b, `week=2&day=${day}`)).filter((s) => new Date(s).getUTCMinutes() === 0));
    expect(slots.length).toBeGreaterThan(12);
    // Each time asked three times, from both processes, three requests in flight per process.
    const jobs = slots.flatMap((startsAt) => [0, 1, 2].map(() => startsAt));
    const answers: Answer[] = [];
    let killed = false;
    let next = 0;
    const worker = async (server: ServerChild, name: "a" | "b") => {
      while (next < jobs.length) {
        if (name === "a" && killed) return;
        const job = next++;
        answers.push(await book(server, name, jobs[job], `kill-${name}-${job}@example.com`));
      }
    };
    const running = Promise.all([0, 1, 2].flatMap(() => [worker(a, "a"), worker(b, "b")]));
    // The kill lands once process a has acknowledged some bookings and has more in flight.
    await waitFor(() => answers.filter((x) => x.server === "a" && x.token).length >= 4 || undefined, 60_000, "bookings acknowledged by process a");
    killed = true;
    expect(await stop(a, "SIGKILL")).toBe("SIGKILL");
    await running;

    const acknowledged = answers.filter((x) => x.token);
    expect(acknowledged.filter((x) => x.server === "a").length).toBeGreaterThanOrEqual(4);
    expect(acknowledged.filter((x) => x.server === "b").length).toBeGreaterThan(0);
    // The survivor answered every request it got: a visit, or "that time was just taken".
    const fromB = answers.filter((x) => x.server === "b");
    expect(fromB.filter((x) => x.status !== 303 || !(x.token || x.location === "/booking/times?conflict=1"))).toEqual([]);

    // No acknowledged booking lost: each is in the database and its page opens on the surviving process.
    const stored = await rows<{ token: string }>("select token from appointments where token = any($1) and status = 'CONFIRMED'", [acknowledged.map((x) => x.token)]);
    expect(stored.length).toBe(acknowledged.length);
    for (const { token } of acknowledged) expect((await fetch(`${b.url}/booking/confirmed/${token}`)).status, token).toBe(200);
    // No double booking: no provider has two overlapping visits, no time more visits than providers.
    const doubles = await rows(
      `select x.id, y.id from appointments x join appointments y on x.provider_id = y.provider_id and x.id < y.id
        and tstzrange(x.starts_at, x.ends_at) && tstzrange(y.starts_at, y.ends_at) where x.status <> 'CANCELLED' and y.status <> 'CANCELLED'`,
    );
    expect(doubles).toEqual([]);
    expect(await rows("select starts_at from appointments where studio_slug = 'fenway' group by 1 having count(*) > $1", [HYGIENISTS])).toEqual([]);

    // The killed process starts again on the same database (nothing left locked) and serves the visits too.
    const again = await startServer(env());
    servers.push(again);
    const fromA = acknowledged.filter((x) => x.server === "a");
    for (const { token } of fromA) expect((await fetch(`${again.url}/booking/confirmed/${token}`)).status, token).toBe(200);

    // Neither process wrote a visit token into its log.
    const logs = servers.map((s) => s.stdout() + s.stderr()).join("\n");
    expect(logs).toMatch(/POST \/booking\/confirmation 303/);
    expect(acknowledged.filter((x) => logs.includes(x.token!))).toEqual([]);
  });
});
