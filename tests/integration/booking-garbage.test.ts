// Garbage posted to every booking route of the real server: never a 500, and a 400 page with messages
// where the step asks for an answer. Runs against the production build (npm test builds first).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingCookie } from "~/booking/cookie.server";
import { pathFor, stepsFor } from "~/booking/funnel";
import { STEP_IDS, type BookingState, type StepId } from "~/booking/state";
import { completeState, opts } from "../fixtures/booking-states";
import { startServer, stop, type ServerChild } from "../helpers/process";

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
    dataDir = mkdtempSync(path.join(tmpdir(), "dental-garbage-"));
    server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, NODE_ENV: "test" });
  });
  afterAll(async () => {
    if (server) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the scenarios reach every step of the funnel", () => {
    const reached = new Set(SCENARIOS.flatMap(([, state]) => stepsFor(state, opts)));
    expect([...STEP_IDS].filter((s) => !reached.has(s))).toEqual([]);
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
      }
      expect(failures).toEqual([]);
    });
  }

  it("GET of every booking path with a tampered cookie restarts the booking, never a 500", async () => {
    for (const step of STEP_IDS) {
      const res = await fetch(`${server.url}${pathFor(step)}`, { headers: { Cookie: "booking=eyJhbGciOiJkaXIifQ..x.y.z" }, redirect: "manual" });
      expect(res.status, step).toBeLessThan(500);
      if (step !== "markets") expect(res.headers.get("location"), step).toBe("/booking/markets");
    }
  });
});
