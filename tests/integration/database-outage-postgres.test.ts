/**
 * The database away, seen from outside (issue 33 A, decision 028): two production servers on one PostgreSQL
 * database reach it through a TCP proxy in this process; the proxy is cut (every connection destroyed, new ones
 * refused, as a stopped server answers) and restored. The real PostgreSQL server is never touched.
 * While cut: /healthz 200 (liveness), /readyz 503, a page that needs the database 503 with Retry-After in the
 * reader's language (with the studio's phone on a booking page), a form post's 503 keeps what was typed, the pages
 * that need no database 200, both processes alive, every request answered. After: ready again, a booking made,
 * its email queued once.
 * Needs the build (`npm test` builds before vitest) and TEST_DATABASE_URL (CI sets it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingCookie } from "~/booking/cookie.server";
import { formatPhone } from "~/rules/phone";
import { completeState } from "../fixtures/booking-states";
import { cuttableProxy } from "../helpers/cuttable-proxy";
import { createEmptyPostgresDatabase, testPool } from "../helpers/db";
import { freePort, startServer, stop, waitFor, type ServerChild } from "../helpers/process";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !hasPostgres) throw new Error("CI must set TEST_DATABASE_URL for the database outage test");

const SECRET = "outage-test-secret-0123456789abcdefghijklmn";
const cookie = createBookingCookie({ secrets: [SECRET], secure: true });
const bookingCookie = async (email = "outage@example.com") => (await cookie.serialize(completeState("cleaning", { email }))).split(";")[0];
const EN = "We can’t load this right now";
const ES = "No podemos cargar esto ahora mismo";

/** An answer, or a failure when none came: a hang fails the test here instead of at its timeout. */
async function get(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(30_000), ...init });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe.skipIf(!hasPostgres)("the database away, two production servers [postgres]", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dental-outage-"));
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let sql: pg.Pool;
  let a: ServerChild;
  let b: ServerChild;
  let metricsPort: number;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    sql = testPool(database.url);
    const direct = new URL(database.url);
    proxy = await cuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    metricsPort = await freePort();
    const env = { DATABASE_URL: proxy.url(database.url), DATA_DIR: dataDir, SESSION_SECRET: SECRET, NODE_ENV: "production", SITE_ORIGIN: "https://dental.example.com" };
    // Both at once: one migrates and seeds while the other waits on its lock.
    [a, b] = await Promise.all([startServer({ ...env, METRICS_PORT: String(metricsPort) }), startServer(env)]);
  }, 300_000); // two production starts on a busy 2-core machine
  afterAll(async () => {
    // A process that died says why.
    for (const server of [a, b]) if (server && server.proc.exitCode !== null) console.error(`server on ${server.port} exited ${server.proc.exitCode}:\n${server.stderr().slice(-3000)}`);
    for (const server of [a, b]) if (server) await stop(server, "SIGKILL").catch(() => undefined);
    await proxy?.close();
    await sql?.end();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("while the database is away: the process lives, says it is not ready, and answers every page honestly", async () => {
    const [{ phone }] = (await sql.query("select phone from studios where slug = 'fenway'")).rows as { phone: string }[];
    const jar = await bookingCookie();
    // Each process has read Fenway (the booking's studio) once: it knows the phone to give when it cannot read it.
    for (const server of [a, b]) expect((await get(`${server.url}/booking/times`, { headers: { Cookie: jar } })).status).toBe(200);

    await proxy.cut();
    for (const server of [a, b]) {
      expect((await get(`${server.url}/healthz`)).status).toBe(200);
      await waitFor(async () => (await get(`${server.url}/readyz`)).status === 503 || undefined, 30_000, "/readyz 503");

      // Pages that need the database: 503, Retry-After, the short page in the reader's language, never a 500.
      const studios = await get(`${server.url}/studios`);
      expect(studios.status).toBe(503);
      expect(studios.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(studios.headers.get("cache-control")).toBe("no-store");
      expect(studios.text).toContain(EN);
      const spanish = await get(`${server.url}/studios`, { headers: { "Accept-Language": "es-MX,es;q=0.9" } });
      expect(spanish.status).toBe(503);
      expect(spanish.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(spanish.text).toContain('lang="es-US"');
      expect(spanish.text).toContain(ES);
      expect(spanish.text).not.toContain(EN);
      const times = await get(`${server.url}/booking/times`, { headers: { Cookie: jar } });
      expect(times.status).toBe(503);
      expect(times.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(times.text).toContain(EN);
      expect(times.text).toContain(formatPhone(phone)); // the booking's studio, to call
      const data = await get(`${server.url}/studios?_data=routes%2F_marketing%2B%2Fstudios`);
      expect(data.status).toBe(503);
      expect(data.headers.get("retry-after")).toMatch(/^\d+$/);

      // A form post: the form again, 503, with what was typed and the message at the top.
      for (const [language, words] of [["en", EN], ["es", ES]]) {
        const posted = await get(`${server.url}/forgot-password`, {
          method: "POST",
          headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": language },
          body: new URLSearchParams({ email: "still-here@example.com" }),
        });
        expect(posted.status, posted.text.slice(0, 300)).toBe(503);
        expect(posted.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(posted.text).toContain('class="error-summary"');
        expect(posted.text).toContain(words);
        expect(posted.text).toMatch(/<input[^>]*name="email"[^>]*value="still-here@example.com"/);
      }

      // Pages that need no database answer as always.
      for (const page of ["/", "/about", "/booking/markets", "/login"]) expect((await get(`${server.url}${page}`)).status, page).toBe(200);
      expect(server.proc.exitCode).toBeNull();
    }

    // The operator sees them apart from errors.
    const metrics = await get(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.text).toMatch(/dental_database_unavailable_answers_total\{answer="page"\} [1-9]/);
    expect(metrics.text).toMatch(/dental_database_unavailable_answers_total\{answer="form"\} [1-9]/);
    expect(metrics.text).not.toMatch(/http_requests_total\{[^}]*status="500"\}/);
    // Nothing personal in the logs: not the address typed into the form.
    for (const server of [a, b]) expect(server.stdout() + server.stderr()).not.toContain("still-here@example.com");
  });

  it("after the database returns: ready again, a booking is made and its email queued once", async () => {
    await proxy.restore();
    for (const server of [a, b]) await waitFor(async () => (await get(`${server.url}/readyz`)).status === 200 || undefined, 30_000, "/readyz 200");
    const html = (await get(`${b.url}/booking/times?week=1`, { headers: { Cookie: await bookingCookie() } })).text;
    const day = /day=(\d{4}-\d{2}-\d{2})/.exec(html)?.[1];
    expect(day).toBeTruthy();
    const slots = (await get(`${b.url}/booking/times?week=1&day=${day}`, { headers: { Cookie: await bookingCookie() } })).text;
    const startsAt = /<input type="radio" name="slot"[^>]*? value="([^"]+)"/.exec(slots)?.[1];
    expect(startsAt).toBeTruthy();
    const email = "after-outage@example.com";
    const state = completeState("cleaning", { email, slot: { startsAt: startsAt!, endsAt: new Date(new Date(startsAt!).getTime() + 3600_000).toISOString() } });
    const booked = await get(`${a.url}/booking/confirmation`, {
      method: "POST",
      headers: { Cookie: (await cookie.serialize(state)).split(";")[0], Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(booked.status).toBe(303);
    expect(booked.headers.get("location")).toMatch(/^\/booking\/confirmed\//);
    // The confirmation is queued by the visit notices right after the booking's commit (decision 070): once, by one server.
    const queued = async () => ((await sql.query(`select count(*)::int as n from email_outbox where "to" = $1`, [email])).rows as { n: number }[])[0]!.n;
    await waitFor(async () => ((await queued()) > 0 ? true : undefined), 30_000, "the confirmation queued");
    expect(await queued()).toBe(1);
    for (const server of [a, b]) expect(server.proc.exitCode).toBeNull();
  });
});
