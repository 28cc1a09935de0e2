// Garbage posted to every booking route of the real server: never a 500, and a 400 page with messages
// where the step asks for an answer. Runs against the production build (npm test builds first).
import { rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingCookie } from "~/booking/cookie.server";
import { pathFor, stepsFor } from "~/booking/funnel";
import { STEP_IDS, type BookingState, type StepId } from "~/booking/state";
import { completeState, opts } from "../fixtures/booking-states";
import { startServer, stop, type ServerChild } from "../helpers/process";
import { templateDataDir } from "../helpers/db";

const SECRET = "garbage-test-secret-0123456789abcdefghijkl";
const SCENARIOS: [string, BookingState][] = [
  ["cleaning", completeState("cleaning")],
  ["emergency", completeState("emergency")],
  ["procedures", completeState("procedures")],
  ["cosmetic consult", completeState("cosmetic")],
  ["cosmetic whitening", completeState("cosmetic", { cosmeticChoice: "whitening" })],
  ["ortho invisalign", completeState("ortho", { quizResult: "invisalign" })],
  ["ortho braces", completeState("ortho", { quizResult: "braces" })],
  ["ortho smile straightening", completeState("ortho", { quizResult: "smile-straightening" })],
];

const FIELDS = [
  "market", "orthoMarket", "category", "emergencyType", "freeform", "procedure", "cosmeticChoice", "serviceType",
  "concern", "priority", "ageGroup", "quizResult", "studio", "slot", "email", "firstName", "lastName", "phone",
  "dateOfBirth", "guardian", "flavor", "show", "carrier", "memberId", "number", "expMonth", "expYear", "cvc", "cardName", "intent",
];
const every = (value: string) => new URLSearchParams(FIELDS.map((f) => [f, value]));
const PAYLOADS: [string, () => { body: BodyInit; type?: string }][] = [
  ["an empty form", () => ({ body: new URLSearchParams() })],
  ["10 KB strings in every field", () => ({ body: every("x".repeat(10_240)) })],
  ["every field twice", () => ({ body: new URLSearchParams(FIELDS.flatMap((f) => [[f, "a"], [f, "b"]])) })],
  ["wrong types and unknown values", () => ({ body: every("-1") })],
  ["unknown slots and studios", () => ({ body: new URLSearchParams({ slot: "2027-13-45T99:99:00Z", studio: "../../etc/passwd", email: "not-an-email", dateOfBirth: "3000-02-30", phone: "abc", expMonth: "99", number: "1234" }) })],
  ["a JSON body", () => ({ body: JSON.stringify({ market: "boston" }), type: "application/json" })],
  ["broken multipart", () => ({ body: "--x\r\nContent-Disposition: form-data; name=\"market\"\r\n\r\nbost", type: "multipart/form-data; boundary=x" })],
];

/** Asked only of a signed-in account with family members (issue 20 A): its garbage is posted in family.test.ts. */
const ACCOUNT_WITH_FAMILY_ONLY = new Set<StepId>(["who"]);

/** Steps that need an answer: an empty post must come back as a 400 page with a message. */
const ASKS = new Set<StepId>([
  "markets", "ortho-markets", "services", "emergency-type", "procedures", "cosmetic", "cosmetic-consult",
  "ortho-quiz-result", "studios", "times", "email", "contact-info", "insurance", "payment-info",
]);

describe("garbage posted to every booking route", () => {
  let server: ServerChild;
  let dataDir: string;
  const cookie = createBookingCookie({ secrets: [SECRET], secure: false });
  beforeAll(async () => {
    dataDir = templateDataDir("dental-garbage-");
    server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, NODE_ENV: "test" });
  });
  afterAll(async () => {
    if (server) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the scenarios reach every step of the funnel (but the one only an account with family reaches)", () => {
    const reached = new Set(SCENARIOS.flatMap(([, state]) => stepsFor(state, opts)));
    expect([...STEP_IDS].filter((s) => !reached.has(s) && !ACCOUNT_WITH_FAMILY_ONLY.has(s))).toEqual([]);
  });

  for (const [name, state] of SCENARIOS) {
    it(`${name}: no 500 on any step, 400 with messages where an answer is needed`, async () => {
      const jar = (await cookie.serialize(state)).split(";")[0];
      const failures: string[] = [];
      for (const step of stepsFor(state, opts)) {
        for (const [label, make] of PAYLOADS) {
          const { body, type } = make();
          const res = await fetch(`${server.url}${pathFor(step)}`, {
            method: "POST",
            body,
            headers: { Cookie: jar, ...(type ? { "Content-Type": type } : {}) },
            redirect: "manual",
          });
          const html = await res.text();
          if (res.status >= 500) failures.push(`${step} with ${label}: ${res.status}`);
          if (label === "an empty form" && ASKS.has(step)) {
            if (res.status !== 400) failures.push(`${step} with an empty form: expected 400, got ${res.status}`);
            else if (!html.includes("There is a problem")) failures.push(`${step}: 400 without an error summary`);
          }
        }
        const forged = await fetch(`${server.url}${pathFor(step)}`, { method: "POST", body: new URLSearchParams(), headers: { Cookie: jar, Origin: "garbage" }, redirect: "manual" });
        if (forged.status !== 403) failures.push(`${step} with a malformed Origin: ${forged.status}`);
        for (const origin of ["null", "https://evil.example", "file://"]) {
          const res = await fetch(`${server.url}${pathFor(step)}`, { method: "POST", body: every("a"), headers: { Cookie: jar, Origin: origin }, redirect: "manual" });
          if (res.status !== 403) failures.push(`${step} with Origin ${origin}: ${res.status}`);
          if (res.headers.get("set-cookie")) failures.push(`${step} with Origin ${origin}: changed the booking cookie`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("TRACE and every method no route serves: 405 with Allow, on every kind of path", async () => {
    for (const url of ["/", "/booking/markets", "/booking/confirmation", "/cookie-consent", "/healthz", "/build/nothing.js", "/no-such-page"]) {
      for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND", "SEARCH"]) {
        // fetch refuses to send TRACE: a plain HTTP request.
        const res = await new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
          const req = httpRequest(`${server.url}${url}`, { method }, (r) => {
            let body = "";
            r.on("data", (d) => (body += d));
            r.on("end", () => resolve({ status: r.statusCode!, allow: r.headers.allow, body }));
          });
          req.on("error", reject);
          req.end();
        });
        expect(res.status, `${method} ${url}`).toBe(405);
        expect(res.allow, `${method} ${url}`).toBe("GET, HEAD, POST");
        expect(res.body).toContain("does not accept");
      }
    }
  });

  // Issue 42 E: a POST reached Remix (a 405 "Unexpected Server Error" and "[error] [object Object]" in the log); the
  // other methods got the site's HTML 405 naming POST.
  it("the read API answers every other method with its JSON 405 and a true Allow, and logs nothing", async () => {
    for (const url of ["/api/v1/visits", "/api/v1/visits/1", "/api/v1/openapi.json", "/api/v2/nothing"]) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"]) {
        const res = await new Promise<{ status: number; allow?: string; type?: string; body: string }>((resolve, reject) => {
          const req = httpRequest(`${server.url}${url}`, { method, headers: { "Content-Type": "application/json" } }, (r) => {
            let body = "";
            r.on("data", (d) => (body += d));
            r.on("end", () => resolve({ status: r.statusCode!, allow: r.headers.allow, type: r.headers["content-type"], body }));
          });
          req.on("error", reject);
          req.end(method === "POST" ? "{}" : undefined);
        });
        expect(res.status, `${method} ${url}`).toBe(405);
        expect(res.allow, `${method} ${url}`).toBe("GET, HEAD");
        expect(res.type, `${method} ${url}`).toMatch(/^application\/json/);
        expect(JSON.parse(res.body), `${method} ${url}`).toEqual({ error: { code: "method_not_allowed", message: expect.stringContaining("only reads") } });
      }
    }
    expect(server.stderr()).not.toMatch(/\[error\]/);
  });

  it("form bodies past 64 KB or 300 fields: a 413 page, never a 500, nothing changed", async () => {
    const jar = (await cookie.serialize(completeState("cleaning"))).split(";")[0];
    const posts: [string, BodyInit, string][] = [
      ["a 10 MB form", new URLSearchParams({ market: "boston", x: "a".repeat(10 * 1024 * 1024) }), "application/x-www-form-urlencoded"],
      ["10,000 fields", new URLSearchParams(Array.from({ length: 10_000 }, (_, i) => [`f${i}`, "1"])), "application/x-www-form-urlencoded"],
      ["a 100 KB JSON body", JSON.stringify({ x: "a".repeat(100 * 1024) }), "application/json"],
      [
        "1,000 multipart fields",
        Array.from({ length: 1000 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n1\r\n`).join("") + "--x--\r\n",
        "multipart/form-data; boundary=x",
      ],
      [
        "a 1 MB file outside the upload route",
        `--x\r\nContent-Disposition: form-data; name="f"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${"a".repeat(1024 * 1024)}\r\n--x--\r\n`,
        "multipart/form-data; boundary=x",
      ],
    ];
    for (const path of ["/booking/markets", "/booking/contact-info", "/booking/confirmation", "/cookie-consent", "/no-such-page"]) {
      for (const [label, body, type] of posts) {
        const res = await fetch(`${server.url}${path}`, { method: "POST", body, headers: { Cookie: jar, "Content-Type": type }, redirect: "manual" });
        expect(res.status, `${label} to ${path}`).toBe(413);
        expect(res.headers.get("set-cookie"), `${label} to ${path}`).toBeNull();
        expect(await res.text()).toMatch(/Too (much data|many fields)/);
      }
    }
    // A chunked body (no Content-Length) is counted as it arrives.
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if ((sent += 16 * 1024) > 1024 * 1024) controller.close();
        else controller.enqueue(new TextEncoder().encode("a".repeat(16 * 1024)));
      },
    });
    const chunked = await fetch(`${server.url}/booking/markets`, { method: "POST", body: stream, duplex: "half", headers: { "Content-Type": "application/x-www-form-urlencoded" } } as RequestInit);
    expect(chunked.status).toBe(413);
    // Normal forms, urlencoded and multipart, still go through.
    const ok = await fetch(`${server.url}/booking/markets`, { method: "POST", body: new URLSearchParams({ market: "boston" }), redirect: "manual" });
    expect(ok.status).toBe(303);
    const multipart = new FormData();
    multipart.set("market", "boston");
    const okMultipart = await fetch(`${server.url}/booking/markets`, { method: "POST", body: multipart, redirect: "manual" });
    expect(okMultipart.status).toBe(303);
  });

  it("the card upload route takes multipart bodies past the form limit, and answers an over-limit one itself", async () => {
    const body = new FormData();
    body.set("front", new Blob([new Uint8Array(5 * 1024 * 1024)], { type: "image/jpeg" }), "front.jpg");
    const res = await fetch(`${server.url}/intake/insurance/card`, { method: "POST", body, redirect: "manual" });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
    const huge = new FormData();
    huge.set("front", new Blob([new Uint8Array(22 * 1024 * 1024)], { type: "image/jpeg" }), "front.jpg");
    // Over the upload limit the page answers for itself, never a 413 page: here no visit (no token), so the 404;
    // with a visit's token it is the card page, 400, "larger than 10 MB" (tests/e2e/intake.spec.ts).
    expect((await fetch(`${server.url}/intake/insurance/card`, { method: "POST", body: huge, redirect: "manual" })).status).toBe(404);
  });

  it("cookie consent: a cross-site post changes nothing, and returnTo never leads off-site", async () => {
    for (const origin of ["null", "https://evil.example", "garbage"]) {
      const res = await fetch(`${server.url}/cookie-consent`, { method: "POST", body: new URLSearchParams({ returnTo: "/" }), headers: { Origin: origin }, redirect: "manual" });
      expect(res.status, origin).toBe(403);
      expect(res.headers.get("set-cookie"), origin).toBeNull();
    }
    const targets = ["/\t/evil.example", "/%09/evil.example", "//evil.example", "/\\evil.example", "/%5c/evil.example", "/\r\nX-Evil: 1", "/%0d%0aX-Evil:%201", "https://evil.example", "/%2F%2Fevil.example", "/.//evil.example"];
    for (const returnTo of targets) {
      const res = await fetch(`${server.url}/cookie-consent`, { method: "POST", body: new URLSearchParams({ returnTo }), redirect: "manual" });
      expect(res.status, returnTo).toBe(303);
      expect(res.headers.get("location"), returnTo).toBe("/");
      expect(res.headers.get("x-evil"), returnTo).toBeNull();
    }
    // The raw bytes too: a TAB or CR sent unencoded in the form body.
    for (const raw of ["returnTo=/\t/evil.example", "returnTo=/\r/evil.example"]) {
      const res = await fetch(`${server.url}/cookie-consent`, { method: "POST", body: raw, headers: { "Content-Type": "application/x-www-form-urlencoded" }, redirect: "manual" });
      expect(res.headers.get("location"), JSON.stringify(raw)).toBe("/");
    }
    const home = await fetch(`${server.url}/cookie-consent`, { method: "POST", body: new URLSearchParams({ returnTo: "/booking/times?week=1" }), redirect: "manual" });
    expect(home.headers.get("location")).toBe("/booking/times?week=1");
  });

  it("GET of every booking path with a tampered cookie restarts the booking, never a 500", async () => {
    for (const step of STEP_IDS) {
      const res = await fetch(`${server.url}${pathFor(step)}`, { headers: { Cookie: "booking=eyJhbGciOiJkaXIifQ..x.y.z" }, redirect: "manual" });
      expect(res.status, step).toBeLessThan(500);
      if (step !== "markets") expect(res.headers.get("location"), step).toBe("/booking/markets");
    }
  });
});
