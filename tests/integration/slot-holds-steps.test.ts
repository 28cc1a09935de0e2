/**
 * Slot holds through the booking routes in-process (issue 19 A, decision 021), on both engines: choosing a time on
 * the times step holds it for the booking (the id and until when in the booking cookie); the later steps and the
 * review say "Held for you until …", and once past it that it is no longer held; choosing another time releases the
 * first; a tampered booking id is a fresh start, never a 500; the review books the held time and the hold goes.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";

process.env.SESSION_SECRET = "hold-steps-test-secret-0123456789-abcdef";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "hold-steps-"));

const { describeEachEngine } = await import("../helpers/db");
const { completeState } = await import("../fixtures/booking-states");
const { bookingCookie } = await import("~/booking/step.server");
const { bookingStepHeader } = await import("~/booking/step-header.server");
const { slotHolds, appointments } = await import("~/db/schema");
const timesRoute = await import("~/routes/booking+/times");
const confirmationRoute = await import("~/routes/booking+/confirmation");

type BookingState = import("~/booking/state").BookingState;
type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
const ORIGIN = "http://localhost";
const cookieFor = async (state: BookingState) => (await bookingCookie().serialize(state)).split(";")[0];
const readState = (cookie: string) => bookingCookie().read(new Request(ORIGIN, { headers: { Cookie: cookie } }));
const get = (fn: Fn, url: string, cookie: string) => callRoute(fn, new Request(ORIGIN + url, { headers: { Cookie: cookie } }));
const post = (fn: Fn, url: string, fields: Record<string, string>, cookie: string, ip = "203.0.113.9") =>
  callRoute(
    fn,
    new Request(ORIGIN + url, { method: "POST", body: new URLSearchParams(fields).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie } }),
    { context: { clientIp: ip } },
  );
const header = async (pathname: string, cookie: string) => bookingStepHeader(new Request(ORIGIN + pathname, { headers: { Cookie: cookie } }));

/** A braces consult at Fenway (one orthodontist) with every step answered but the time. */
function atTimes(email: string): BookingState {
  const state = completeState("ortho", { email, quizResult: "braces" });
  delete state.slot;
  return { ...state, completed: state.completed.filter((s) => s !== "times") };
}

describeEachEngine("slot holds through the booking steps", ({ db }) => {
  async function offeredTimes(cookie: string) {
    const res = await get(timesRoute.loader as Fn, "/booking/times?week=1", cookie);
    expect(res.status).toBe(200);
    return ((await res.json()) as { days: { slots: { value: string }[] }[] }).days.flatMap((d) => d.slots.map((s) => s.value));
  }

  it("holds the chosen time, says until when on the later steps and the review, releases it for another choice, and books it", async () => {
    const first = await cookieFor(atTimes("holder@example.com"));
    // Two times far apart on the day (a 30-minute consult at 13:15 would also hide 13:00).
    const day = await offeredTimes(first);
    const [t1, t2] = [day[0], day[day.length - 1]];
    let res = await post(timesRoute.action as Fn, "/booking/times", { slot: t1 }, first);
    expect(res.status).toBe(303);
    let cookie = res.headers.get("Set-Cookie")!.split(";")[0];
    const state = await readState(cookie);
    expect(state.bookingId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(state.slot?.heldUntil).toBeGreaterThan(Date.now() / 1000 + 9 * 60);
    // Another patient is not offered it; the holder still is.
    expect(await offeredTimes(await cookieFor(atTimes("other@example.com")))).not.toContain(t1);
    expect(await offeredTimes(cookie)).toContain(t1);
    for (const step of ["/booking/confirmation", "/booking/payment-info"]) {
      expect((await header(step, cookie))?.held).toEqual({ until: expect.stringMatching(/^\d{1,2}:\d{2} [AP]M$/) });
    }
    expect((await header("/booking/times", cookie))?.held ?? null).toBeNull();

    // Another time: the first is released (offered to others again), the second held, one row for the booking.
    res = await post(timesRoute.action as Fn, "/booking/times", { slot: t2 }, cookie);
    expect(res.status).toBe(303);
    cookie = res.headers.get("Set-Cookie")!.split(";")[0];
    expect((await readState(cookie)).bookingId).toBe(state.bookingId);
    expect(await offeredTimes(await cookieFor(atTimes("other@example.com")))).toContain(t1);
    expect(await offeredTimes(await cookieFor(atTimes("other@example.com")))).not.toContain(t2);
    expect(await db().db.select().from(slotHolds).where(eq(slotHolds.bookingId, state.bookingId!))).toHaveLength(1);

    // Another patient choosing it is told, on the times page (400), never a 5xx.
    const other = await post(timesRoute.action as Fn, "/booking/times", { slot: t2 }, await cookieFor(atTimes("late@example.com")), "203.0.113.10");
    expect(other.status).toBe(400);
    expect(JSON.stringify(await other.json())).toContain("that time was just taken by someone else");

    // The review books it; the hold goes with the booking.
    const page = (await (await get(confirmationRoute.loader as Fn, "/booking/confirmation", cookie)).json()) as { attempt: string };
    res = await post(confirmationRoute.action as Fn, "/booking/confirmation", { attempt: page.attempt }, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toMatch(/^\/booking\/confirmed\//);
    expect(await db().db.select().from(slotHolds).where(eq(slotHolds.bookingId, state.bookingId!))).toHaveLength(0);
    expect(await db().db.select().from(appointments).where(eq(appointments.startsAt, new Date(t2)))).toHaveLength(1);
  });

  it("once the hold has passed the later steps say so; a forged booking id or hold time is a fresh start, not a 500", async () => {
    const base = completeState("cleaning", { email: "past@example.com" });
    const past = { ...base, bookingId: "A".repeat(32), slot: { ...base.slot!, heldUntil: Math.floor(Date.now() / 1000) - 60 } };
    expect((await header("/booking/confirmation", await cookieFor(past)))?.held).toEqual({ until: null });
    // The schema refuses a malformed id or hold time before it is written.
    for (const forged of [{ ...past, bookingId: "short" }, { ...past, slot: { ...past.slot, heldUntil: -1 } }]) {
      await expect(bookingCookie().serialize(forged as BookingState)).rejects.toThrow();
    }
    // A cookie changed in the browser (one character of its ciphertext) is a fresh start.
    const value = await cookieFor(past);
    const at = Math.floor(value.length / 2);
    const tampered = value.slice(0, at) + (value[at] === "A" ? "B" : "A") + value.slice(at + 1);
    const res = await get(timesRoute.loader as Fn, "/booking/times", tampered);
    expect(res.status).toBe(302);
  });
});
