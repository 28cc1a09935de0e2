// Decision 006 / issue 17 C: every response at an address carrying a secret (a visit's token, an emailed link's
// token) sends `Referrer-Policy: no-referrer` — read from the real server, for every intake route (GET, and
// POST with an empty form: the 400 re-render), the card photos, every page under a visit's token, and the
// emailed links. The routes are listed from app/routes, so a new one is read too.
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingCookie } from "~/booking/cookie.server";
import { completeState } from "../fixtures/booking-states";
import { ROOT, startServer, stop, type ServerChild } from "../helpers/process";
import { templateDataDir } from "../helpers/db";

const SECRET = "referrer-policy-test-secret-0123456789abcdef";
const cookie = createBookingCookie({ secrets: [SECRET], secure: false });

/** `insurance.card.tsx` → `/intake/insurance/card`, `confirmed.$token_.cancel.tsx` → `/booking/confirmed/<token>/cancel`. */
function addresses(folder: string, prefix: string, token: string, only: (file: string) => boolean = () => true) {
  return readdirSync(path.join(ROOT, "app/routes", folder))
    .filter((file) => /\.tsx?$/.test(file) && !/\.server\.tsx?$/.test(file) && only(file))
    .map((file) => {
      const segments = file
        .replace(/\.tsx?$/, "")
        .replace(/\[(.*?)\]/g, "$1")
        .split(/\.(?!ics$)/)
        .filter((segment) => segment !== "_index" && segment !== "_layout")
        .map((segment) => segment.replace(/_$/, "").replace(/^\$token$/, token).replace(/^\$side$/, "front"));
      const url = [prefix, ...segments].join("/");
      return { file, url };
    });
}

describe("Referrer-Policy: no-referrer wherever the address carries a secret", () => {
  const dataDir = templateDataDir("dental-referrer-");
  let server: ServerChild;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, NODE_ENV: "production", SITE_ORIGIN: "http://127.0.0.1" });
    // A real visit, booked through the server, so its token opens its pages.
    const atTimes = (await cookie.serialize(completeState("procedures"))).split(";")[0];
    const week = await (await fetch(`${server.url}/booking/times?week=1`, { headers: { Cookie: atTimes } })).text();
    const day = /day=(\d{4}-\d{2}-\d{2})/.exec(week)?.[1];
    const page = await (await fetch(`${server.url}/booking/times?week=1&day=${day}`, { headers: { Cookie: atTimes } })).text();
    const startsAt = /name="slot" value="([^"]+)"/.exec(page)?.[1];
    const state = completeState("procedures", { slot: { startsAt: startsAt!, endsAt: new Date(new Date(startsAt!).getTime() + 3600_000).toISOString() } });
    const booked = await fetch(`${server.url}/booking/confirmation`, { method: "POST", headers: { Cookie: (await cookie.serialize(state)).split(";")[0] }, redirect: "manual" });
    token = /^\/booking\/confirmed\/([A-Za-z0-9_-]{20,})\?booked=1$/.exec(booked.headers.get("location") ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
  }, 240_000);
  afterAll(async () => {
    if (server) await stop(server).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("every intake response, GET and POST (400 re-render), and the card photos", async () => {
    const intake = addresses("intake+", "/intake", token);
    expect(intake.map((a) => a.url)).toEqual(expect.arrayContaining(["/intake", "/intake/insurance/card", "/intake/card-photo/front"]));
    const seen: string[] = [];
    for (const { url } of intake) {
      for (const method of ["GET", "POST"] as const) {
        for (const address of [`${url}?token=${token}`, `${url}?token=${token}&size=thumbnail`, `${url}?token=not-a-token`]) {
          const res = await fetch(`${server.url}${address}`, {
            method,
            redirect: "manual",
            ...(method === "POST" ? { body: new URLSearchParams(), headers: { Origin: server.url } } : {}),
          });
          await res.arrayBuffer();
          seen.push(`${method} ${url} ${res.status}`);
          expect(res.headers.get("referrer-policy"), `${method} ${address} (${res.status})`).toBe("no-referrer");
        }
      }
    }
    // The 400 re-render of a step with a form is among them (an empty form is not an answer).
    expect(seen).toContain("POST /intake/insurance/provider 400");
    expect(seen.some((line) => line.startsWith("GET /intake ") && line.endsWith(" 200"))).toBe(true);
  });

  it("every page under a visit's token (the confirmed page, cancel, reschedule, calendar file; the patient area's), GET and POST", async () => {
    const visit = [
      ...addresses("booking+", "/booking", token, (file) => file.includes("$token")),
      ...addresses("profile+", "/profile", token),
    ];
    expect(visit.map((a) => a.url)).toEqual(
      expect.arrayContaining([`/booking/confirmed/${token}`, `/booking/confirmed/${token}/cancel`, `/booking/confirmed/${token}/reschedule`, `/booking/confirmed/${token}/calendar.ics`, `/profile/appointments/${token}`]),
    );
    for (const { url } of visit) {
      for (const method of ["GET", "POST"] as const) {
        const res = await fetch(`${server.url}${url}`, { method, redirect: "manual", ...(method === "POST" ? { body: new URLSearchParams(), headers: { Origin: server.url } } : {}) });
        await res.arrayBuffer();
        expect(res.headers.get("referrer-policy"), `${method} ${url} (${res.status})`).toBe("no-referrer");
      }
    }
    expect((await fetch(`${server.url}/booking/confirmed/${token}`)).status).toBe(200);
  });

  it("the emailed links (set a password, verify an email, confirm an email change, recall, waitlist, staff invitation), GET and POST", async () => {
    for (const page of ["/set-password", "/email-verification", "/confirm-email-change"]) {
      for (const method of ["GET", "POST"] as const) {
        const res = await fetch(`${server.url}${page}?token=${"A1b2C3d4".repeat(4)}`, { method, redirect: "manual", ...(method === "POST" ? { body: new URLSearchParams(), headers: { Origin: server.url } } : {}) });
        await res.arrayBuffer();
        expect(res.headers.get("referrer-policy"), `${method} ${page} (${res.status})`).toBe("no-referrer");
      }
    }
    // Links whose path carries the token: recall's unsubscribe, the waitlist's offer and leave, a staff invitation.
    const secret = "A1b2C3d4".repeat(4);
    const tokenPaths = [
      ...addresses("recall+", "/recall", secret, (file) => file.includes("$token")),
      ...addresses("waitlist+", "/waitlist", secret, (file) => file.includes("$token")),
      ...addresses("staff+", "/staff", secret, (file) => file.includes("$token")),
    ];
    expect(tokenPaths.map((a) => a.url)).toEqual(
      expect.arrayContaining([`/recall/unsubscribe/${secret}`, `/waitlist/offer/${secret}`, `/waitlist/leave/${secret}`, `/staff/setup/${secret}`]),
    );
    for (const { url } of tokenPaths) {
      for (const method of ["GET", "POST"] as const) {
        const res = await fetch(`${server.url}${url}`, { method, redirect: "manual", ...(method === "POST" ? { body: new URLSearchParams(), headers: { Origin: server.url } } : {}) });
        await res.arrayBuffer();
        expect(res.headers.get("referrer-policy"), `${method} ${url} (${res.status})`).toBe("no-referrer");
      }
    }
  });

  it("elsewhere, the site's policy: the origin only, to other sites", async () => {
    for (const page of ["/", "/booking/markets", "/login"]) {
      expect((await fetch(`${server.url}${page}`)).headers.get("referrer-policy"), page).toBe("strict-origin-when-cross-origin");
    }
  });
});
