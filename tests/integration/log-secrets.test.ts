// The real server's log after a booking and every visit link holds no token and no email address.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingCookie } from "~/booking/cookie.server";
import { completeState } from "../fixtures/booking-states";
import { freePort, startServer, stop, waitFor, type ServerChild } from "../helpers/process";

const SECRET = "log-secrets-test-secret-0123456789abcdefghij";
const cookie = createBookingCookie({ secrets: [SECRET], secure: false });

/** A booking through the real server, then its visit page, calendar file, intake link and the other token links. */
async function bookAndVisit(server: ServerChild) {
  const email = `log.secret.${Date.now()}@example.com`;
  const atTimes = (await cookie.serialize(completeState("cleaning", { email }))).split(";")[0];
  const week = await (await fetch(`${server.url}/booking/times?week=1`, { headers: { Cookie: atTimes } })).text();
  const day = /day=(\d{4}-\d{2}-\d{2})/.exec(week)?.[1];
  const page = await (await fetch(`${server.url}/booking/times?week=1&day=${day}`, { headers: { Cookie: atTimes } })).text();
  const startsAt = /name="slot" value="([^"]+)"/.exec(page)?.[1];
  expect(startsAt).toBeTruthy();
  const state = completeState("cleaning", { email, slot: { startsAt: startsAt!, endsAt: new Date(new Date(startsAt!).getTime() + 3600_000).toISOString() } });
  const booked = await fetch(`${server.url}/booking/confirmation`, { method: "POST", headers: { Cookie: (await cookie.serialize(state)).split(";")[0] }, redirect: "manual" });
  expect(booked.status).toBe(303);
  const token = /^\/booking\/confirmed\/([A-Za-z0-9_-]{20,})\?booked=1$/.exec(booked.headers.get("location") ?? "")?.[1];
  expect(token).toBeTruthy();

  const visit = await fetch(`${server.url}/booking/confirmed/${token}?booked=1`);
  expect(visit.status).toBe(200);
  const html = await visit.text();
  expect((await fetch(`${server.url}/booking/confirmed/${token}/calendar.ics`)).status).toBe(200);
  for (const link of [`/intake?token=${token}&appointmentBooked=true`, `/intake/card-photo/${token}`, `/set-password/${token}`, `/profile/appointments/${token}`]) {
    await (await fetch(`${server.url}${link}`, { redirect: "manual" })).text();
  }
  return { email, token: token!, html };
}

describe("secrets out of the server's log", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dental-logs-"));
  let server: ServerChild;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, NODE_ENV: "production", SITE_ORIGIN: "http://127.0.0.1" });
  });
  afterAll(async () => {
    if (server) await stop(server).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("after a booking, its visit page, calendar file and intake link, the log shows no token and no email", async () => {
    const { email, token, html } = await bookAndVisit(server);
    expect(html).toContain(token!); // the page itself still links with it

    await waitFor(() => server.stdout().includes("/profile/appointments/") || undefined, 5_000, "the last request's log line");
    const logs = server.stdout() + server.stderr();
    expect(logs).toMatch(/^GET \/booking\/confirmed\/:token 200 /m);
    expect(logs).toMatch(/^GET \/booking\/confirmed\/:token\/calendar\.ics 200 /m);
    expect(logs).toMatch(/^POST \/booking\/confirmation 303 /m);
    expect(logs).not.toContain(token!);
    expect(logs).not.toContain(token!.slice(0, 12));
    expect(logs).not.toContain(email);
    expect(logs).not.toMatch(/[^\s@]+@example\.com/);
  });
});

describe("LOG_FORMAT=json and the metrics port (issue 17 B)", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dental-json-logs-"));
  let server: ServerChild;
  let metricsUrl: string;
  let booked: { email: string; token: string } | undefined;
  beforeAll(async () => {
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = await startServer({
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      NODE_ENV: "production",
      SITE_ORIGIN: "http://127.0.0.1",
      LOG_FORMAT: "json",
      METRICS_PORT: String(metricsPort),
      TRUST_PROXY_HOPS: "1",
    });
  }, 240_000);
  afterAll(async () => {
    if (server) await stop(server).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("one JSON line per request: its id (a trusted proxy's, else generated, and returned), route pattern, status, duration, pid; no token, email or query", async () => {
    const { email, token } = (booked = await bookAndVisit(server));
    const proxied = await fetch(`${server.url}/about?email=${encodeURIComponent(email)}`, { headers: { "X-Request-Id": "lb-req-0123456789" } });
    expect(proxied.headers.get("x-request-id")).toBe("lb-req-0123456789");
    await proxied.text();
    const own = await fetch(`${server.url}/`, { headers: { "X-Request-Id": "bad id with spaces" } });
    const ownId = own.headers.get("x-request-id") ?? "";
    expect(ownId).toMatch(/^[0-9a-f-]{36}$/);
    await own.text();

    await waitFor(() => server.stdout().includes(ownId) || undefined, 5_000, "the last request's log line");
    const lines = (server.stdout() + server.stderr()).split("\n").filter(Boolean);
    const json = lines.map((line) => JSON.parse(line) as Record<string, unknown>); // every line is JSON
    const requests = json.filter((line) => line.msg === "request");
    for (const line of requests) {
      expect(line).toMatchObject({ level: "info", pid: server.proc.pid });
      expect(Object.keys(line).sort()).toEqual(["durationMs", "level", "method", "msg", "pid", "requestId", "route", "status", "time"]);
    }
    expect(new Set(requests.map((line) => line.requestId)).size).toBe(requests.length);
    expect(requests).toEqual(expect.arrayContaining([
      expect.objectContaining({ method: "POST", route: "/booking/confirmation", status: 303 }),
      expect.objectContaining({ method: "GET", route: "/booking/confirmed/:token", status: 200 }),
      expect.objectContaining({ method: "GET", route: "/booking/confirmed/:token/calendar.ics", status: 200 }),
      expect.objectContaining({ requestId: "lb-req-0123456789", route: "/:slug", status: 200 }),
      expect.objectContaining({ requestId: ownId, route: "/", status: 200 }),
    ]));
    const logs = lines.join("\n");
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(token.slice(0, 12));
    expect(logs).not.toContain(email);
    expect(logs).not.toMatch(/[^\s@]+@example\.com/);
    expect(logs).not.toContain("?");
  });

  it("/metrics answers on its own port only (404 on the public one), by route pattern, never a token", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/booking\/confirmed\/:token",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_requests_total\{method="POST",route="\/booking\/confirmation",status="303"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/",status="200"\} \d+/m);
    expect(text).toMatch(/^dental_patient_events_total\{event="booking",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^dental_email_outbox_depth \d+$/m);
    expect(text).toMatch(/^dental_email_outbox_oldest_age_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^dental_reminder_lag_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total [\d.e+-]+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    // Route labels are patterns: no token, no raw path of a 404 (a splat), no query.
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]);
    for (const route of routes) expect(route, route).toMatch(/^(\/[a-z0-9.*:_-]*)+$|^\/$/i);
    expect(routes).not.toContain("/metrics");
    expect(booked).toBeDefined();
    expect(text).not.toContain(booked!.token.slice(0, 12));
    expect(text).not.toContain(booked!.email);
    expect((await fetch(metricsUrl.replace("/metrics", "/other"))).status).toBe(404);
  });
});
