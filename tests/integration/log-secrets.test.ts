// The real server's log after a booking and every visit link holds no token and no email address.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingCookie } from "~/booking/cookie.server";
import { completeState } from "../fixtures/booking-states";
import { startServer, stop, waitFor, type ServerChild } from "../helpers/process";

const SECRET = "log-secrets-test-secret-0123456789abcdefghij";
const cookie = createBookingCookie({ secrets: [SECRET], secure: false });

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
