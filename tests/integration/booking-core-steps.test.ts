/**
 * The core booking steps (studios → times → email → contact-info → insurance → insurance-status →
 * payment-info → confirmation → confirmed page / .ics), through their real loaders and actions, with real
 * Requests, the encrypted cookie and a real database.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import { callRoute } from "../helpers/route-call";
import { tellVisitChanges } from "../helpers/visit-notices";

process.env.SESSION_SECRET = "core-steps-test-secret-0123456789-abcdef";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "core-steps-"));
process.env.AVAILABILITIES_TIMEOUT_MS = "1500";
delete process.env.NASHVILLE_CC_REQUIRED;

/** Lets one test make the availability lookup slow (the rest of the file uses the real one). */
const slow = vi.hoisted(() => ({ ms: 0 }));
vi.mock("~/scheduling/slots.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/scheduling/slots.server")>();
  return {
    ...real,
    findSlots: async (...args: Parameters<typeof real.findSlots>) => {
      if (slow.ms) await new Promise((r) => setTimeout(r, slow.ms));
      return real.findSlots(...args);
    },
  };
});

/**
 * Configuration is read once per process (getEnv); the dev outbox test switches DEV_ROUTES between two
 * requests, so that one setting is read from process.env at each call.
 */
vi.mock("~/platform/env.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/platform/env.server")>();
  return { ...real, getEnv: () => ({ ...real.getEnv(), DEV_ROUTES: process.env.DEV_ROUTES === "true" }) };
});

const { describeEachEngine } = await import("../helpers/db");
const { createPatient, createStudioWithProviders, patientInput } = await import("../fixtures/factories");
const { advance } = await import("~/booking/funnel");
const { OUTCOME_MESSAGES: OUTCOME_KEYS } = await import("~/booking/outcomes");
const { tFor } = await import("~/i18n/catalogues.server");
// What an English reader is told (the outcomes are catalogue keys).
const OUTCOME_MESSAGES = Object.fromEntries(Object.entries(OUTCOME_KEYS).map(([code, key]) => [code, tFor("en-US")(key)])) as typeof OUTCOME_KEYS;
const { localPaymentProvider } = await import("~/payments/local.server");
const { bookingCookie } = await import("~/booking/step.server");
const { appointments, emailOutbox, patients } = await import("~/db/schema");
const { bookAppointment } = await import("~/scheduling/book.server");

/** A card expiry year that is always a few years ahead (a fixed year would expire and fail the tests). */
const CARD_YEAR = new Date().getFullYear() + 4;
const studiosRoute = await import("~/routes/booking+/studios");
const timesRoute = await import("~/routes/booking+/times");
const emailRoute = await import("~/routes/booking+/email");
const contactRoute = await import("~/routes/booking+/contact-info");
const insuranceRoute = await import("~/routes/booking+/insurance");
const insuranceStatusRoute = await import("~/routes/booking+/insurance-status");
const paymentRoute = await import("~/routes/booking+/payment-info");
const confirmationRoute = await import("~/routes/booking+/confirmation");
const confirmedRoute = await import("~/routes/booking+/confirmed.$token");
const icsRoute = await import("~/routes/booking+/confirmed.$token.calendar[.ics]");
const devOutboxRoute = await import("~/routes/dev+/outbox");

type BookingState = import("~/booking/state").BookingState;
type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

const ORIGIN = "http://localhost";
const OPTS = { cardRequired: true, account: null };

/** Calls a loader/action; a thrown Response (redirect, 404) is returned like an answered one. */
function call(fn: Fn, request: Request, params: Record<string, string> = {}): Promise<Response> {
  return callRoute(fn, request, { params });
}
const get = (fn: Fn, url: string, cookie?: string, params?: Record<string, string>) =>
  call(fn, new Request(ORIGIN + url, { headers: cookie ? { Cookie: cookie } : {} }), params);
function post(fn: Fn, url: string, fields: Record<string, string> | string, cookie?: string, contentType = "application/x-www-form-urlencoded") {
  const body = typeof fields === "string" ? fields : new URLSearchParams(fields).toString();
  const headers: Record<string, string> = { "Content-Type": contentType, Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  return call(fn, new Request(ORIGIN + url, { method: "POST", body, headers }));
}
/** The Cookie request header for a Set-Cookie response header. */
const cookieOf = (res: Response) => res.headers.get("Set-Cookie")!.split(";")[0];
const cookieFor = async (state: BookingState) => (await bookingCookie().serialize(state)).split(";")[0];
const readState = (cookie: string) => bookingCookie().read(new Request(ORIGIN, { headers: { Cookie: cookie } }));

type Reply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
async function replyOf(res: Response): Promise<Reply> {
  return (await res.json()) as Reply;
}

/** State answered through the studio step (cleaning in Boston). */
function throughStudio(studio: string): BookingState {
  let s: BookingState = { completed: [] };
  s = advance(s, "markets", { market: "boston" }, OPTS).state;
  s = advance(s, "services", { category: "cleaning" }, OPTS).state;
  return advance(s, "studios", { studio }, OPTS).state;
}

/** The first time the times page offers for that state. */
async function firstOfferedSlot(state: BookingState): Promise<string> {
  const res = await get(timesRoute.loader as Fn, "/booking/times", await cookieFor(state));
  expect(res.status).toBe(200);
  const data = (await res.json()) as { days: { slots: { value: string }[] }[] };
  return data.days[0].slots[0].value;
}

async function cardToken() {
  const r = await localPaymentProvider.tokenize({ number: "4242 4242 4242 4242", expMonth: 12, expYear: CARD_YEAR, cvc: "123" });
  if (!r.ok) throw new Error("test card refused");
  return r.card;
}

/** A complete booking state, ready for the confirmation POST. */
async function fullState(studio: string, email = patientInput().email): Promise<BookingState> {
  let s = throughStudio(studio);
  const startsAt = await firstOfferedSlot(s);
  s = advance(s, "times", { slot: { startsAt, endsAt: new Date(Date.parse(startsAt) + 3600_000).toISOString() } }, OPTS).state;
  s = advance(s, "email", { email }, OPTS).state;
  s = advance(
    s,
    "contact-info",
    { contact: { firstName: "Alex", lastName: "Rivera", phone: "6175550100", dateOfBirth: "1990-05-01", preferences: { flavor: "mint", show: "comedy" } } },
    OPTS,
  ).state;
  s = advance(s, "insurance", { insurance: { kind: "carrier", carrier: "GUARDIAN", memberId: "ABC123" } }, OPTS).state;
  s = advance(s, "insurance-status", {}, OPTS).state;
  return advance(s, "payment-info", { payment: await cardToken() }, OPTS).state;
}

const TEN_KB = "x".repeat(10_240);

describeEachEngine("booking core steps", ({ db }) => {
  let studio: string;
  beforeAll(async () => {
    studio = (await createStudioWithProviders(db().db)).slug;
  });

  it("/booking/times with no booking redirects to the start", async () => {
    const res = await get(timesRoute.loader as Fn, "/booking/times");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/booking/markets");
  });

  it("a tampered booking cookie is a fresh start, not a 500", async () => {
    const cookie = await cookieFor(await fullState(studio));
    const tampered = cookie.slice(0, -6) + (cookie.endsWith("AAAAAA") ? "BBBBBB" : "AAAAAA");
    for (const fn of [timesRoute.loader, confirmationRoute.loader, paymentRoute.loader] as Fn[]) {
      const res = await get(fn, "/booking/x", tampered);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/booking/markets");
    }
    const res = await post(confirmationRoute.action as Fn, "/booking/confirmation", {}, "booking=garbage.not.a.jwe");
    expect(res.headers.get("Location")).toBe("/booking/markets");
  });

  it("walks the whole journey through the actions and books: 303, cookie cleared, appointment and email stored", async () => {
    const email = `Walk-${Date.now()}@Example.com`;
    let cookie = await cookieFor(advance(advance({ completed: [] }, "markets", { market: "boston" }, OPTS).state, "services", { category: "cleaning" }, OPTS).state);

    // studios: the list has the test studio with its first free time, formatted in its zone
    const studiosPage = (await (await get(studiosRoute.loader as Fn, "/booking/studios", cookie)).json()) as {
      studios: { slug: string; firstFree: string | null }[];
    };
    const listed = studiosPage.studios.find((s) => s.slug === studio);
    expect(listed?.firstFree).toMatch(/^First free time: \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} (AM|PM) E[SD]T$/);
    let res = await post(studiosRoute.action as Fn, "/booking/studios", { studio }, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/booking/times");
    cookie = cookieOf(res);

    // times: day headings carry the zone abbreviation; the first slot is posted
    const times = (await (await get(timesRoute.loader as Fn, "/booking/times", cookie)).json()) as {
      days: { heading: string; slots: { value: string; label: string }[] }[];
    };
    expect(times.days[0].heading).toMatch(/\((EST|EDT)\)$/);
    const slot = times.days[0].slots[0].value;
    res = await post(timesRoute.action as Fn, "/booking/times", { slot }, cookie);
    expect(res.headers.get("Location")).toBe("/booking/email");
    cookie = cookieOf(res);

    res = await post(emailRoute.action as Fn, "/booking/email", { email: `  ${email} ` }, cookie);
    expect(res.headers.get("Location")).toBe("/booking/contact-info");
    cookie = cookieOf(res);
    expect((await readState(cookie)).email).toBe(email.toLowerCase());

    res = await post(
      contactRoute.action as Fn,
      "/booking/contact-info",
      { firstName: "Alex", lastName: "Rivera", phone: "+1 (617) 555-0100", dateOfBirth: "1990-05-01", flavor: "mint", show: "documentary" },
      cookie,
    );
    expect(res.headers.get("Location")).toBe("/booking/insurance");
    cookie = cookieOf(res);
    expect((await readState(cookie)).contact?.phone).toBe("6175550100");
    const contactPage = (await (await get(contactRoute.loader as Fn, "/booking/contact-info", cookie)).json()) as { saved: { phone: string } };
    expect(contactPage.saved.phone).toBe("(617) 555-0100");

    res = await post(insuranceRoute.action as Fn, "/booking/insurance", { carrier: "METLIFE", memberId: "" }, cookie);
    expect(res.headers.get("Location")).toBe("/booking/insurance-status");
    cookie = cookieOf(res);
    const statusPage = (await (await get(insuranceStatusRoute.loader as Fn, "/booking/insurance-status", cookie)).json()) as { situation: string };
    expect(statusPage.situation).toBe("card-at-intake");
    res = await post(insuranceStatusRoute.action as Fn, "/booking/insurance-status", {}, cookie);
    expect(res.headers.get("Location")).toBe("/booking/payment-info");
    cookie = cookieOf(res);

    res = await post(paymentRoute.action as Fn, "/booking/payment-info", { number: "4242 4242 4242 4242", expMonth: "12", expYear: String(CARD_YEAR), cvc: "123", cardName: "Alex Rivera" }, cookie);
    expect(res.headers.get("Location")).toBe("/booking/confirmation");
    cookie = cookieOf(res);
    const saved = await readState(cookie);
    expect(saved.payment).toMatchObject({ brand: "visa", last4: "4242", expMonth: 12, expYear: CARD_YEAR });
    expect(JSON.stringify(saved)).not.toContain("4242424242424242");

    // review page: every choice with a change link
    const review = (await (await get(confirmationRoute.loader as Fn, "/booking/confirmation", cookie)).json()) as {
      rows: { label: string; value: string; change: string }[];
    };
    const row = (label: string) => review.rows.find((r) => r.label === label)!;
    expect(row("Date and time").value).toMatch(/ (EST|EDT)$/);
    expect(row("Mobile number").value).toBe("(617) 555-0100");
    expect(row("Card").value).toBe("Visa ending 4242");
    expect(row("Studio").change).toBe("/booking/studios");
    expect(review.rows.map((r) => r.label)).toEqual(
      expect.arrayContaining(["City", "Visit", "Studio", "Date and time", "Email", "Name", "Date of birth", "Insurance", "Card"]),
    );

    res = await post(confirmationRoute.action as Fn, "/booking/confirmation", {}, cookie);
    expect(res.status).toBe(303);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/booking\/confirmed\/[A-Za-z0-9_-]{32}\?booked=1$/);
    expect(res.headers.get("Set-Cookie")).toMatch(/^booking=;.*Max-Age=0/);
    const token = location.split("/")[3].split("?")[0];

    const [appointment] = await db().db.select().from(appointments).where(eq(appointments.token, token));
    expect(appointment).toMatchObject({ studioSlug: studio, serviceType: "CLNCHK", status: "CONFIRMED", needsInsurance: true });
    expect(appointment.startsAt.toISOString()).toBe(slot);
    expect(appointment.details).toMatchObject({ category: "cleaning", insurance: { kind: "carrier", carrier: "METLIFE" }, payment: { brand: "visa", last4: "4242" } });
    expect(JSON.stringify(appointment.details)).not.toMatch(/4242424242424242|"cvc"/);
    const [patient] = await db().db.select().from(patients).where(eq(patients.email, email.toLowerCase()));
    expect(patient.preferences).toEqual([{ name: "FLAVOR", value: "mint" }, { name: "NETFLIX", value: "documentary" }]);
    await tellVisitChanges(db().db);
    expect(await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, email.toLowerCase()))).toHaveLength(1);

    // the confirmed page: studio-local time, the .ics link, the intake link (insurance needed)
    const page = await get(confirmedRoute.loader as Fn, location, undefined, { token });
    expect(page.status).toBe(200);
    const data = (await page.json()) as { facts: { when: string; icsHref: string }; intake: { href: string } | null; eventId: string };
    expect(data.facts.when).toMatch(/ at \d{1,2}:\d{2} (AM|PM) E[SD]T$/);
    expect(data.intake?.href).toBe(`/intake?token=${token}&appointmentBooked=true`);
    expect(data.eventId).not.toContain(token);
    const ics = await get(icsRoute.loader as Fn, data.facts.icsHref, undefined, { token });
    expect(ics.status).toBe(200);
    expect(ics.headers.get("Content-Type")).toContain("text/calendar");
    const text = await ics.text();
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain("TZID:America/New_York");
    expect(text).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T\d{6}/);
  });

  it("an unknown token is a 404 for the page and the .ics", async () => {
    for (const token of ["x".repeat(32), "short", "../../etc"]) {
      expect((await get(confirmedRoute.loader as Fn, `/booking/confirmed/${token}`, undefined, { token })).status).toBe(404);
      expect((await get(icsRoute.loader as Fn, `/booking/confirmed/${token}/calendar.ics`, undefined, { token })).status).toBe(404);
    }
  });

  it("availability_conflict: the slot taken meanwhile → back to times with the message, the rest of the state kept", async () => {
    const own = (await createStudioWithProviders(db().db)).slug;
    const state = await fullState(own);
    const taken = await bookAppointment(db().db, {
      studioSlug: own, serviceCode: "CLNCHK", startsAt: new Date(state.slot!.startsAt), patient: patientInput(), needsInsurance: false, details: {},
    });
    expect(taken.ok).toBe(true);
    const res = await post(confirmationRoute.action as Fn, "/booking/confirmation", {}, await cookieFor(state));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/booking/times?conflict=1");
    const cookie = cookieOf(res);
    const kept = await readState(cookie);
    expect(kept.slot).toBeUndefined();
    expect(kept.completed).not.toContain("times");
    expect(kept).toMatchObject({ studio: own, email: state.email, contact: state.contact, insurance: state.insurance, payment: state.payment });
    const page = await get(timesRoute.loader as Fn, "/booking/times?conflict=1", cookie);
    expect(page.status).toBe(200);
    const data = (await page.json()) as { conflictMessage: string; days: { slots: { value: string }[] }[] };
    expect(data.conflictMessage).toBe(OUTCOME_MESSAGES.availability_conflict);
    expect(data.days.flatMap((d) => d.slots.map((s) => s.value))).not.toContain(state.slot!.startsAt);
  });

  it("has_srp_tx_plan and conflict answer the page with their message, the state kept", async () => {
    const own = (await createStudioWithProviders(db().db)).slug;
    const srp = await createPatient(db().db, { hasSrpTxPlan: true });
    const srpState = await fullState(own, srp.email);
    let res = await post(confirmationRoute.action as Fn, "/booking/confirmation", {}, await cookieFor(srpState));
    expect(res.status).toBe(409);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await res.json()).toEqual({ code: "has_srp_tx_plan", message: OUTCOME_MESSAGES.has_srp_tx_plan });

    const state = await fullState(own);
    const other = (await createStudioWithProviders(db().db)).slug;
    const first = await bookAppointment(db().db, {
      studioSlug: other, serviceCode: "CLNCHK", startsAt: new Date(state.slot!.startsAt), patient: patientInput(state.email), needsInsurance: false, details: {},
    });
    expect(first.ok).toBe(true);
    res = await post(confirmationRoute.action as Fn, "/booking/confirmation", {}, await cookieFor(state));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: "conflict", message: OUTCOME_MESSAGES.conflict });
  });

  it("the times page stops offering a slot as soon as this process books it", async () => {
    const own = (await createStudioWithProviders(db().db)).slug; // one hygienist
    const state = throughStudio(own);
    const first = await firstOfferedSlot(state); // the page's answer is now cached for a few seconds
    const booked = await bookAppointment(db().db, {
      studioSlug: own, serviceCode: "CLNCHK", startsAt: new Date(first), patient: patientInput(), needsInsurance: false, details: {},
    });
    expect(booked.ok).toBe(true);
    expect(await firstOfferedSlot(state)).not.toBe(first);
  });

  it("a double-clicked Book appointment leads both posts to the one visit booked", async () => {
    const own = (await createStudioWithProviders(db().db)).slug;
    const cookie = await cookieFor(await fullState(own));
    const attempt = "0b9f4a56-1d2e-4c3b-9a8f-7e6d5c4b3a21";
    const first = await post(confirmationRoute.action as Fn, "/booking/confirmation", { attempt }, cookie);
    const second = await post(confirmationRoute.action as Fn, "/booking/confirmation", { attempt }, cookie);
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    // Without the attempt id (another tab, a forged post) it stays a conflict.
    const third = await post(confirmationRoute.action as Fn, "/booking/confirmation", {}, cookie);
    expect(third.status).toBe(409);
  });

  it("payment-info: the declined test card is insufficent_funds as a form error; number and CVC never echoed", async () => {
    const state = await fullState(studio);
    const cookie = await cookieFor({ ...state, payment: undefined, completed: state.completed.filter((s) => s !== "payment-info") });
    const res = await post(paymentRoute.action as Fn, "/booking/payment-info", { number: "4000 0000 0000 0002", expMonth: "12", expYear: String(CARD_YEAR), cvc: "123", cardName: "Alex" }, cookie);
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain(OUTCOME_MESSAGES.insufficent_funds);
    expect(body).not.toMatch(/4000 0000 0000 0002|4000000000000002|"123"/);
    const reply = JSON.parse(body) as Reply;
    expect(reply.error?.[""]).toEqual([OUTCOME_MESSAGES.insufficent_funds]);
    expect(reply.initialValue).toMatchObject({ cardName: "Alex", expMonth: "12" });

    const bad = await post(paymentRoute.action as Fn, "/booking/payment-info", { number: "4242 4242 4242 4241", expMonth: "1", expYear: "2020", cvc: "12" }, cookie);
    expect(bad.status).toBe(400);
    expect((await replyOf(bad)).error?.number?.[0]).toMatch(/card number/);
    // keeping the saved card works without re-typing it
    const keep = await post(paymentRoute.action as Fn, "/booking/payment-info", { intent: "keep" }, await cookieFor(state));
    expect(keep.status).toBe(303);
    expect(keep.headers.get("Location")).toBe("/booking/confirmation");
  });

  it("contact-info: future date, impossible date, and a minor without a guardian get messages", async () => {
    const state = await fullState(studio);
    const cookie = await cookieFor(state);
    const base = { firstName: "Sam", lastName: "Lee", phone: "617-555-0100" };
    const thisYear = new Date().getUTCFullYear();
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ ...base, dateOfBirth: `${thisYear + 1}-01-01` }, "dateOfBirth", /future/],
      [{ ...base, dateOfBirth: "1990-02-30" }, "dateOfBirth", /real date/],
      [{ ...base, dateOfBirth: `${thisYear - 10}-01-01` }, "guardian", /parent or guardian/],
      [{ ...base, phone: "12345", dateOfBirth: "1990-01-01" }, "phone", /10-digit/],
      [{ ...base, dateOfBirth: "1990-01-01", flavor: "garlic" }, "flavor", /flavors/],
    ];
    for (const [fields, field, message] of cases) {
      const res = await post(contactRoute.action as Fn, "/booking/contact-info", fields, cookie);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((await replyOf(res)).error?.[field]?.[0]).toMatch(message);
    }
    const guardian = await post(contactRoute.action as Fn, "/booking/contact-info", { ...base, dateOfBirth: `${thisYear - 10}-01-01`, guardian: "on" }, cookie);
    expect(guardian.status).toBe(303);
  });

  it("garbage posts to every core step answer 400 with messages, never 500", async () => {
    const state = await fullState(studio);
    const cookie = await cookieFor(state);
    const routes: [string, Fn, Record<string, string>[]][] = [
      ["/booking/studios", studiosRoute.action as Fn, [{}, { studio: "atlantis" }, { studio: "fenway-x" }, { studio: "buckhead" }, { studio: "stella" }, { studio: TEN_KB }]],
      [
        "/booking/times",
        timesRoute.action as Fn,
        [{}, { slot: "tomorrow" }, { slot: "2020-01-01T10:00:00.000Z" }, { slot: "2099-01-01T10:07:00.000Z" }, { slot: new Date(Date.now() + 86400_000).toISOString().slice(0, 11) + "03:00:00.000Z" }, { slot: TEN_KB }],
      ],
      ["/booking/email", emailRoute.action as Fn, [{}, { email: "not-an-email" }, { email: TEN_KB }, { email: `${TEN_KB}@example.com` }]],
      ["/booking/contact-info", contactRoute.action as Fn, [{}, { firstName: TEN_KB, lastName: TEN_KB, phone: TEN_KB, dateOfBirth: TEN_KB }, { firstName: "A", lastName: "B", phone: "6175550100", dateOfBirth: "yesterday" }]],
      ["/booking/insurance", insuranceRoute.action as Fn, [{}, { carrier: "MEDICAID" }, { carrier: "AETNA", memberId: TEN_KB }, { carrier: "AETNA", memberId: "<script>" }]],
      ["/booking/payment-info", paymentRoute.action as Fn, [{}, { number: TEN_KB, expMonth: "abc", expYear: "x", cvc: TEN_KB }, { number: "4242424242424242", expMonth: "13", expYear: String(CARD_YEAR), cvc: "123" }]],
    ];
    for (const [url, action, bodies] of routes) {
      for (const fields of bodies) {
        const res = await post(action, url, fields, cookie);
        expect(res.status, `${url} ${JSON.stringify(fields).slice(0, 80)}`).toBe(400);
        const reply = await replyOf(res);
        const messages = Object.values(reply.error ?? {}).flat();
        expect(messages.length, url).toBeGreaterThan(0);
        for (const m of messages) expect(m).toMatch(/^[A-Z]/); // a sentence, not a zod code
      }
      // not a form at all
      const json = await post(action, url, JSON.stringify({ a: [1, 2] }), cookie, "application/json");
      expect(json.status).toBe(400);
      const multipart = await post(action, url, "--x\r\nbroken", cookie, "multipart/form-data; boundary=x");
      expect(multipart.status).toBe(400);
    }
  });

  it("times: ?week=N pages 0..8, anything else is week 0", async () => {
    const cookie = await cookieFor(throughStudio(studio));
    for (const [query, week] of [["3", 3], ["8", 8], ["9", 0], ["-1", 0], ["abc", 0], ["1e3", 0], ["", 0]] as const) {
      const res = await get(timesRoute.loader as Fn, `/booking/times?week=${query}`, cookie);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { week: number }).week).toBe(week);
    }
  });

  it("times: a lookup past availabilitiesTimeout says so with a retry link (503), never hangs", async () => {
    const cookie = await cookieFor(throughStudio(studio));
    slow.ms = 4000;
    try {
      // The lookup takes 4 s; the answer is the timeout's 503, so the page did not wait for it.
      const res = await get(timesRoute.loader as Fn, "/booking/times", cookie);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { timedOut: boolean }).timedOut).toBe(true);
    } finally {
      slow.ms = 0;
    }
  });

  it("dev outbox lists emails and appointments only when DEV_ROUTES=true", async () => {
    const before = process.env.DEV_ROUTES;
    try {
      delete process.env.DEV_ROUTES;
      expect((await get(devOutboxRoute.loader as Fn, "/dev/outbox")).status).toBe(404);
      process.env.DEV_ROUTES = "true";
      const res = await get(devOutboxRoute.loader as Fn, "/dev/outbox");
      expect(res.status).toBe(200);
      const data = (await res.json()) as { mails: unknown[]; visits: { token: string }[] };
      expect(data.mails.length).toBeGreaterThan(0);
      expect(data.visits.length).toBeGreaterThan(0);
    } finally {
      if (before === undefined) delete process.env.DEV_ROUTES;
      else process.env.DEV_ROUTES = before;
    }
  });
});
