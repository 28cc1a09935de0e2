/**
 * Availability that staff shape reaches /booking/times at once on EVERY process (issue 18 C, decision 023): two real
 * production servers on one PostgreSQL database, checked through HTTP as a patient and a manager would. Both have
 * read (and cached) the times; a closure made on one process empties that day on the other at once, and a change of
 * hours made on the other moves the times the first offers, at once: every cache keys on the catalogue revision.
 * Needs the build and TEST_DATABASE_URL (CI sets it). Ports: the OS's, or TEST_SERVER_PORTS ("3642,3643").
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingCookie } from "~/booking/cookie.server";
import { openDatabase, setDatabase, type Database } from "~/db/client.server";
import { localDayKey } from "~/rules/zoned-time";
import { completeState } from "../fixtures/booking-states";
import { createEmptyPostgresDatabase, testPool } from "../helpers/db";
import { ROOT, startServer, stop, type ServerChild } from "../helpers/process";
import { signedInStaff } from "../helpers/staff";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres) throw new Error("CI must set TEST_DATABASE_URL for the two-process PostgreSQL tests");

const SECRET = "two-process-avail-secret-0123456789abcdefghij";
const TZ = "America/New_York"; // Fenway's
const cookie = createBookingCookie({ secrets: [SECRET], secure: true });
const ports = (process.env.TEST_SERVER_PORTS ?? "").split(",").map(Number).filter(Boolean);

describe.skipIf(!hasPostgres)("availability changes reach every process at once [postgres]", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dental-avail-two-"));
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let app: Database;
  let sql: pg.Pool;
  const servers: ServerChild[] = [];
  let a: ServerChild;
  let b: ServerChild;
  const env = () => ({ DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET: SECRET, NODE_ENV: "production", SITE_ORIGIN: "https://dental.example.com" });

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, "build/index.js"))) throw new Error("No build: run `npx remix build` first");
    database = await createEmptyPostgresDatabase();
    sql = testPool(database.url);
    a = await startServer(env(), { port: ports[0] });
    servers.push(a);
    b = await startServer(env(), { port: ports[1] });
    servers.push(b);
    // This process signs a manager in on the same database (the servers read the session row like any other).
    app = await openDatabase({ databaseUrl: database.url });
    setDatabase(Promise.resolve(app));
  });
  afterAll(async () => {
    for (const server of servers) await stop(server, "SIGKILL").catch(() => undefined);
    setDatabase(undefined);
    await app?.close();
    await sql?.end();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The cleaning times a server's times page offers for a week and day, and the days it links to. */
  async function timesPage(server: ServerChild, query: string) {
    const jar = (await cookie.serialize(completeState("cleaning"))).split(";")[0]!;
    const html = await (await fetch(`${server.url}/booking/times?${query}`, { headers: { Cookie: jar } })).text();
    const times = [...html.matchAll(/<input type="radio" name="slot"[^>]*? value="([^"]+)"/g)].map((m) => m[1]!);
    const days = [...new Set([...html.matchAll(/day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]!))];
    return { times, days };
  }
  const onDay = (times: string[], day: string) => times.filter((t) => localDayKey(new Date(t), TZ) === day);

  async function staffPost(server: ServerChild, staffCookie: string, pathname: string, fields: Record<string, string>) {
    const res = await fetch(`${server.url}${pathname}`, {
      method: "POST",
      headers: { Cookie: staffCookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    await res.arrayBuffer();
    return res;
  }

  it("a closure made on process a empties that day's times on process b at once, though b had them cached", async () => {
    const manager = await signedInStaff(app.db, "manager", ["fenway"]);
    const { days } = await timesPage(a, "week=1");
    const day = days[1]!;
    for (const server of [a, b]) expect(onDay((await timesPage(server, `week=1&day=${day}`)).times, day).length, server.url).toBeGreaterThan(0);
    const closed = await staffPost(a, manager.cookie, "/staff/studios/fenway/closures", { intent: "add", day, reason: "Snow day" });
    expect(closed.status).toBe(303);
    expect(closed.headers.get("location")).toBe(`/staff/studios/fenway/closures?added=${day}`);
    for (const server of [b, a]) {
      expect(onDay((await timesPage(server, `week=1&day=${day}`)).times, day), server.url).toEqual([]);
      expect((await timesPage(server, "week=1")).days, server.url).not.toContain(day); // no link to the day either
    }
  });

  it("a change of hours made on process b moves the times process a offers, at once", async () => {
    const manager = await signedInStaff(app.db, "manager", ["fenway"]);
    const { days } = await timesPage(b, "week=2");
    const day = days[2]!;
    const field = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][new Date(`${day}T12:00:00Z`).getUTCDay()]!;
    const before = onDay((await timesPage(a, `week=2&day=${day}`)).times, day);
    expect(before.length).toBeGreaterThan(0);
    const hygienists = (await sql.query("select id from providers where studio_slug = 'fenway' and role = 'hygienist' order by id")).rows as { id: number }[];
    for (const { id } of hygienists) {
      const saved = await staffPost(b, manager.cookie, `/staff/studios/fenway/hours/${id}`, { [field]: "2:00 PM–5:00 PM" });
      expect(saved.status).toBe(303);
    }
    const after = onDay((await timesPage(a, `week=2&day=${day}`)).times, day);
    expect(after.length).toBeGreaterThan(0);
    expect(after).not.toEqual(before);
    for (const t of after) expect(new Date(t).toLocaleTimeString("en-US", { timeZone: TZ, hour: "numeric", minute: "2-digit" })).toMatch(/^(2|3|4):\d\d PM$/);
    const [{ n }] = (await sql.query("select count(*)::int as n from audit_log where action = 'availability.hours'")).rows as { n: number }[];
    expect(n).toBe(hygienists.length);
  });
});
