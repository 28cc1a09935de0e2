/**
 * What a patient sees around a contended booking, through the real loaders and actions:
 * - told "someone just booked that time", the next times page never offers that time again, even when
 *   served by another process whose times cache still holds it (two database handles = two processes'
 *   caches; PostgreSQL only, where two handles share one database);
 * - a failure that is ours (database down) answers 503 with the apology, not a 4xx.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";

process.env.SESSION_SECRET = "conflict-pages-test-secret-0123456789-abcdef";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "conflict-pages-"));

const { createTestDatabase } = await import("../helpers/db");
const { openDatabase, setDatabase } = await import("~/db/client.server");
const { createStudioWithProviders, patientInput } = await import("../fixtures/factories");
const { completeState } = await import("../fixtures/booking-states");
const { bookingCookie } = await import("~/booking/step.server");
const { OUTCOME_MESSAGES: OUTCOME_KEYS } = await import("~/booking/outcomes");
const { tFor } = await import("~/i18n/catalogues.server");
// What an English reader is told (the outcomes are catalogue keys).
const OUTCOME_MESSAGES = Object.fromEntries(Object.entries(OUTCOME_KEYS).map(([code, key]) => [code, tFor("en-US")(key)])) as typeof OUTCOME_KEYS;
const { bookAppointment } = await import("~/scheduling/book.server");
const timesRoute = await import("~/routes/booking+/times");
const confirmationRoute = await import("~/routes/booking+/confirmation");

type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
const ORIGIN = "http://localhost";
function call(fn: Fn, request: Request): Promise<Response> {
  return callRoute(fn, request);
}
const get = (fn: Fn, url: string, cookie: string) => call(fn, new Request(ORIGIN + url, { headers: { Cookie: cookie } }));
const post = (fn: Fn, url: string, cookie: string) =>
  call(fn, new Request(ORIGIN + url, { method: "POST", body: new URLSearchParams(), headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" } }));
const cookieFor = async (state: import("~/booking/state").BookingState) => (await bookingCookie().serialize(state)).split(";")[0];
type TimesPage = { days: { slots: { value: string }[] }[] };
const offered = async (res: Response) => ((await res.json()) as TimesPage).days.flatMap((d) => d.slots.map((s) => s.value));

describe.skipIf(!process.env.TEST_DATABASE_URL)("a contended slot, seen from two processes [postgres]", () => {
  let here: Awaited<ReturnType<typeof createTestDatabase>>;
  let elsewhere: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    here = await createTestDatabase("postgres");
    elsewhere = await openDatabase({ databaseUrl: here.url!, migrate: false });
    setDatabase(Promise.resolve(here));
  });
  afterAll(async () => {
    setDatabase(undefined);
    await elsewhere?.close();
    await here?.close();
  });

  it("the patient told the time was taken is not offered it again by a process that still caches it", async () => {
    const { slug } = await createStudioWithProviders(here.db);
    const state = { ...completeState("cleaning"), studio: slug };
    const browsing = await cookieFor(state);
    // This process's times cache now holds the week, with the first time free.
    const before = await offered(await get(timesRoute.loader as Fn, "/booking/times", browsing));
    const taken = before[0];
    expect(taken).toBeTruthy();

    // Another process books that time (its own cache; this one is not told).
    const other = await bookAppointment(elsewhere.db, {
      studioSlug: slug, serviceCode: "CLNCHK", startsAt: new Date(taken), needsInsurance: false, details: {}, patient: patientInput(),
    });
    expect(other.ok).toBe(true);
    // Still cached here for other patients (decision 004: up to 3 s)…
    expect(await offered(await get(timesRoute.loader as Fn, "/booking/times", browsing))).toContain(taken);

    // …but our patient, who chose it and pressed Book, is told and sent back to a fresh page.
    const chosen = await cookieFor({ ...state, slot: { startsAt: taken, endsAt: new Date(new Date(taken).getTime() + 3600_000).toISOString() } });
    const answer = await post(confirmationRoute.action as Fn, "/booking/confirmation", chosen);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/booking/times?conflict=1");
    const next = answer.headers.get("set-cookie")!.split(";")[0];
    const page = await get(timesRoute.loader as Fn, "/booking/times?conflict=1", next);
    expect(page.status).toBe(200);
    const after = await offered(page);
    expect(after.length).toBeGreaterThan(0);
    expect(after).not.toContain(taken);
  });

  it("a database that is down answers 503 with the apology, never a 4xx", async () => {
    const { slug } = await createStudioWithProviders(here.db);
    const down = await openDatabase({ databaseUrl: here.url!, migrate: false });
    await down.close(); // every query now fails: what a patient meets when the database is unreachable
    setDatabase(Promise.resolve(down));
    try {
      const at = new Date(Date.now() + 3 * 86400_000);
      at.setUTCHours(15, 0, 0, 0);
      const cookie = await cookieFor({ ...completeState("cleaning"), studio: slug, slot: { startsAt: at.toISOString(), endsAt: new Date(at.getTime() + 3600_000).toISOString() } });
      const res = await post(confirmationRoute.action as Fn, "/booking/confirmation", cookie);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toBe(OUTCOME_MESSAGES.generic_error);
    } finally {
      setDatabase(Promise.resolve(here));
    }
  });
});
