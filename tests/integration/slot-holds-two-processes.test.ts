/**
 * Slot holds from outside (issue 19 A, decision 021): two production servers on one PostgreSQL database, patients
 * as cookie jars posting the times step as a browser without JavaScript would.
 * - 20 patients choose one braces-consult time at once (Fenway has one orthodontist), 10 on each process: one holds
 *   it, the 19 others are answered 400 on the times page, told, and shown the times still free (not that one); no 5xx;
 * - a cleaning time two hygienists can take: two holders, the rest told;
 * - while the holds last nobody else can book that time, on either process; each holder then books it;
 * - the hold limits count across both processes (decision 055): a crowd of devices behind one address past its
 *   ceiling (SLOT_HOLDS_PER_ADDRESS_HOUR, 25 here) gets the times page again with a 429, Retry-After and the message.
 * Needs the build and TEST_DATABASE_URL (CI sets it).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingCookie } from "~/booking/cookie.server";
import type { BookingState } from "~/booking/state";
import { DEMO_STAFF } from "~/db/catalogue";
import { completeState } from "../fixtures/booking-states";
import { createEmptyPostgresDatabase, testPool } from "../helpers/db";
import { ROOT, startServer, stop, type ServerChild } from "../helpers/process";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres) throw new Error("CI must set TEST_DATABASE_URL for the two-process hold tests");

const SECRET = "two-process-hold-secret-0123456789abcdefghij";
const cookie = createBookingCookie({ secrets: [SECRET], secure: true });
const jar = async (state: BookingState) => (await cookie.serialize(state)).split(";")[0];
const HYGIENISTS = DEMO_STAFF.find((s) => s.role === "hygienist")!.names.length; // who can take a cleaning at Fenway
const LIMIT = 25;

/** A patient about to choose a time: every earlier step answered, no time yet (a cleaning, or a braces consult). */
function atTimes(email: string, kind: "cleaning" | "braces" = "cleaning"): BookingState {
  const state = kind === "braces" ? completeState("ortho", { email, quizResult: "braces" }) : completeState("cleaning", { email });
  delete state.slot;
  return { ...state, completed: state.completed.filter((s) => s !== "times") };
}

describe.skipIf(!hasPostgres)("slot holds on two production servers over one PostgreSQL database [postgres]", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dental-holds-"));
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let sql: pg.Pool;
  const servers: ServerChild[] = [];
  let a: ServerChild;
  let b: ServerChild;
  const env = () => ({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    NODE_ENV: "production",
    SITE_ORIGIN: "https://dental.example.com",
    SLOT_HOLDS_PER_ADDRESS_HOUR: String(LIMIT),
    SLOT_HOLDS_PER_ADDRESS_DAY: "1000", // the crowd below chooses on one day: the ceiling is what this test counts
    // Behind one proxy hop: each patient's own address is the one the proxy names.
    TRUST_PROXY_HOPS: "1",
  });

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, "build/index.js"))) throw new Error("No build: run `npm run build` first");
    database = await createEmptyPostgresDatabase();
    sql = testPool(database.url);
    a = await startServer(env());
    servers.push(a);
    b = await startServer(env());
    servers.push(b);
  });
  afterAll(async () => {
    for (const server of servers) await stop(server, "SIGKILL").catch(() => undefined);
    await sql?.end();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const timesOf = (html: string) => [...html.matchAll(/<input type="radio" name="slot"[^>]*? value="([^"]+)"/g)].map((m) => m[1]);
  async function timesPage(server: ServerChild, query: string, state: BookingState, ip = "198.51.100.1") {
    const res = await fetch(`${server.url}/booking/times?${query}`, { headers: { Cookie: await jar(state), "X-Forwarded-For": ip } });
    return { status: res.status, html: await res.text() };
  }
  /** Chooses a time on the times step; the booking cookie the answer sets, if any. */
  async function choose(server: ServerChild, state: BookingState, slot: string, ip: string, device = randomBytes(16).toString("base64url")) {
    const res = await fetch(`${server.url}/booking/times`, {
      method: "POST",
      headers: { Cookie: `${await jar(state)}; device=${device}`, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip },
      body: new URLSearchParams({ slot }).toString(),
      redirect: "manual",
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("booking="))?.split(";")[0] ?? null;
    return { status: res.status, html: await res.text(), location: res.headers.get("location"), setCookie, retryAfter: res.headers.get("retry-after") };
  }
  async function book(server: ServerChild, cookieHeader: string) {
    const res = await fetch(`${server.url}/booking/confirmation`, {
      method: "POST",
      headers: { Cookie: cookieHeader, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    await res.arrayBuffer();
    return { status: res.status, location: res.headers.get("location") ?? "" };
  }

  it.each([
    { kind: "braces" as const, providers: 1 },
    { kind: "cleaning" as const, providers: HYGIENISTS },
  ])("20 patients choosing one $kind time at once on two processes: $providers holder(s), everyone else told with the free times, no 5xx; the holders then book it", async ({ kind, providers: HOLDERS }) => {
    const week = await timesPage(a, "week=1", atTimes("look@example.com", kind));
    const day = [...new Set([...week.html.matchAll(/day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]))][1];
    const query = `week=1&day=${day}`;
    const [startsAt] = timesOf((await timesPage(a, query, atTimes("look@example.com", kind))).html);
    expect(timesOf((await timesPage(b, query, atTimes("look@example.com", kind))).html)).toContain(startsAt);

    const patients = Array.from({ length: 20 }, (_, i) => ({ server: i % 2 ? b : a, state: atTimes(`race-${kind}-${i}@example.com`, kind), ip: `203.0.113.${i + 1}` }));
    const answers = await Promise.all(patients.map((p) => choose(p.server, p.state, startsAt, p.ip)));
    expect(answers.filter((x) => x.status >= 500)).toEqual([]);
    const holders = answers.filter((x) => x.status === 303);
    const told = answers.filter((x) => x.status === 400);
    expect(holders).toHaveLength(HOLDERS);
    expect(told).toHaveLength(20 - HOLDERS);
    for (const answer of holders) expect(answer.location).toBe("/booking/confirmation");
    for (const answer of told) {
      expect(answer.html).toContain("that time was just taken by someone else");
      const offered = timesOf(answer.html);
      expect(offered.length).toBeGreaterThan(0);
      expect(offered).not.toContain(startsAt);
    }
    const holds = (await sql.query("select provider_id from slot_holds where starts_at = $1 and service_type = $2", [startsAt, kind === "braces" ? "BRACESCON" : "CLNCHK"])).rows;
    expect(holds).toHaveLength(HOLDERS);
    expect(new Set(holds.map((h) => h.provider_id)).size).toBe(HOLDERS);

    // While the holds last, a patient who never held it cannot book it on either process.
    for (const server of [a, b]) {
      const endsAt = new Date(Date.parse(startsAt) + (kind === "braces" ? 30 : 60) * 60_000).toISOString();
      const state = { ...atTimes(`sneak-${kind}-${server.port}@example.com`, kind), slot: { startsAt, endsAt } };
      state.completed = [...state.completed, "times"];
      expect(await book(server, await jar(state))).toEqual({ status: 303, location: "/booking/times?conflict=1" });
    }
    // Each holder books it, on the other process than the one that held it.
    const booked = await Promise.all(holders.map((h, i) => book(i % 2 ? a : b, h.setCookie!)));
    for (const answer of booked) expect(answer.location).toMatch(/^\/booking\/confirmed\/[A-Za-z0-9_-]+\?booked=1$/);
    expect((await sql.query("select count(*)::int as n from slot_holds where starts_at = $1", [startsAt])).rows[0].n).toBe(0);
    const service = kind === "braces" ? "BRACESCON" : "CLNCHK";
    const visits = (await sql.query("select provider_id from appointments where starts_at = $1 and service_type = $2 and status <> 'CANCELLED'", [startsAt, service])).rows;
    expect(visits).toHaveLength(HOLDERS);
    expect(new Set(visits.map((v) => v.provider_id)).size).toBe(HOLDERS);
  });

  it(`a crowd of devices behind one address, on both processes: the ${LIMIT + 1}th hold in an hour is refused (429, the times page, Retry-After); another address is not`, async () => {
    const state = atTimes("busy-bee@example.com");
    const week = await timesPage(a, "week=2", state, "192.0.2.7");
    const day = [...week.html.matchAll(/day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1])[0];
    const offered = timesOf((await timesPage(a, `week=2&day=${day}`, state, "192.0.2.7")).html);
    let jarState: BookingState = state;
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      // A new booking on a new device each time (a fresh cookie jar), alternating processes: they count together.
      const answer = await choose(i % 2 ? a : b, jarState, offered[i % offered.length], "192.0.2.7");
      statuses.push(answer.status);
      if (i === LIMIT) {
        expect(answer.html).toContain("An unusually large number of times have been chosen from your network in the last hour");
        expect(answer.html).toContain("<title>Choose a time — Book a visit</title>"); // the times page again, its times offered
        expect(timesOf(answer.html).length).toBeGreaterThan(0);
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
      jarState = atTimes(`busy-bee-${i}@example.com`);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 303 || s === 400)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
    expect((await choose(a, atTimes("neighbour@example.com"), offered[offered.length - 1], "192.0.2.8")).status).not.toBe(429);
  });
});
