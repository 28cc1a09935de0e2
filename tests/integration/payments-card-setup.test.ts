/**
 * Issue 32 A (decision 060): with Stripe configured, the booking's card step sends the patient to a Checkout Session
 * in setup mode (the real `stripe` SDK against the local Stripe, tests/helpers/stripe-server.ts, whose hosted page
 * is posted as a browser would), holds the time for the trip, and reads the card back on return — only for the
 * session this booking's cookie sent there. An account holder's card is kept and offered again. Through the real
 * routes in-process, on PGlite and PostgreSQL (TEST_DATABASE_URL). Nothing card-like reaches our routes, Stripe's
 * API calls, our logs or our database.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, expect, it, vi } from "vitest";
import { callRoute } from "../helpers/route-call";
import { startStripeServer } from "../helpers/stripe-server";

const SECRET = "sk_test_localcardsetup0123456789";
const WHSEC = "whsec_localcardsetupsecret0123";
const stripe = await startStripeServer({ secretKey: SECRET, webhookSecret: WHSEC });
process.env.SESSION_SECRET = "card-setup-test-secret-0123456789-abcdef";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "card-setup-"));
process.env.STRIPE_SECRET_KEY = SECRET;
process.env.STRIPE_WEBHOOK_SECRET = WHSEC;
process.env.STRIPE_API_URL = stripe.url;
process.env.SITE_ORIGIN = "https://dental.example.com";
delete process.env.NASHVILLE_CC_REQUIRED;
// Every booking here chooses its time without a device cookie: the limits of decision 055 aside. Each test posts from
// an address of its own, so the trips' "no device" bucket of an address (decision 061) is per test.
process.env.SLOT_HOLDS_PER_ADDRESS_DAY = "100000";
process.env.SLOT_HOLDS_PER_DEVICE_HOUR = "100000";
afterAll(() => stripe.close());

const { describeEachEngine } = await import("../helpers/db");
const { completeState } = await import("../fixtures/booking-states");
const { bookingCookie } = await import("~/booking/step.server");
const { createAccount } = await import("~/auth/accounts.server");
const { TRIP_MINUTES } = await import("~/booking/card-setup.server");
const { readHold, HOLD_MAX_LIFE_MINUTES } = await import("~/scheduling/holds.server");
const { appointments, cardSetups, savedCards, paymentCustomers, slotHolds } = await import("~/db/schema");
const { tFor } = await import("~/i18n/catalogues.server");
const timesRoute = await import("~/routes/booking+/times");
const paymentRoute = await import("~/routes/booking+/payment-info");
const returnRoute = await import("~/routes/booking+/payment-info_.return");
const confirmationRoute = await import("~/routes/booking+/confirmation");

type BookingState = import("~/booking/state").BookingState;
type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
const ORIGIN = "https://dental.example.com";
const en = tFor("en-US");

/** Every request our routes were given in these tests: URL, headers and body, scanned for card numbers at the end. */
const received: string[] = [];
async function call(fn: Fn, request: Request) {
  received.push(`${request.method} ${request.url} ${JSON.stringify([...request.headers])} ${request.method === "POST" ? await request.clone().text() : ""}`);
  return callRoute(fn, request, { context: { clientIp: address } });
}
const jar = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).map((c) => c!.split(";")[0]).join("; ");
const get = (fn: Fn, url: string, cookie: string) => call(fn, new Request(new URL(url, ORIGIN), { headers: { Cookie: cookie } }));
const post = (fn: Fn, url: string, fields: Record<string, string>, cookie: string) =>
  call(fn, new Request(new URL(url, ORIGIN), { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie } }));
const bookingOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("booking="))!.split(";")[0];
const readState = (cookie: string) => bookingCookie().read(new Request(ORIGIN, { headers: { Cookie: cookie } }));
const cookieFor = async (state: BookingState) => (await bookingCookie().serialize(state)).split(";")[0];

/** What the browser does on Stripe's hosted page: types a card and follows the answer (a 303 home, or the page again). */
async function typeCard(sessionUrl: string, number: string) {
  return fetch(sessionUrl, { method: "POST", body: new URLSearchParams({ number, expiry: "12 / 34", cvc: "123", name: "Alex Rivera" }), redirect: "manual" });
}

/** Logs of these tests (console), scanned for card numbers at the end. */
const logged: string[] = [];
let address = "203.0.113.20";
beforeEach(() => {
  address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  for (const level of ["log", "info", "warn", "error"] as const) {
    const real = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
      real(...args);
    });
  }
});
afterEach(() => vi.restoreAllMocks());

/** 13–19 digits in a row starting as a card network's do (2–6) and passing the Luhn check, or the test cards as typed. */
function cardNumbersIn(text: string): string[] {
  const luhn = (d: string) => {
    let sum = 0;
    for (let i = 0; i < d.length; i++) {
      let x = Number(d[d.length - 1 - i]);
      if (i % 2 === 1 && (x *= 2) > 9) x -= 9;
      sum += x;
    }
    return sum % 10 === 0;
  };
  const runs = [...text.matchAll(/(?<!\d)[2-6]\d{12,18}(?!\d)/g)].map((m) => m[0]).filter(luhn);
  return [...runs, ...["4242 4242 4242 4242", "4000 0000 0000 0002", "5555 5555 5555 4444", "12 / 34"].filter((typed) => text.includes(typed))];
}

describeEachEngine("the booking's card saved on Stripe's page", ({ db }) => {
  /** A cleaning at Fenway answered up to the card step, the time chosen on the times step (so it is held). */
  async function atCardStep(account?: string): Promise<string> {
    const state = completeState("cleaning", { email: `card-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com` });
    delete state.slot;
    delete state.payment;
    const start = { ...state, completed: state.completed.filter((s) => s !== "times" && s !== "payment-info") };
    const booking = await cookieFor(start);
    const times = (await (await get(timesRoute.loader as Fn, "/booking/times?week=1", jar(booking, account))).json()) as { days: { slots: { value: string }[] }[] };
    const slots = times.days.flatMap((d) => d.slots.map((s) => s.value));
    // A time no other test of this file holds.
    const slot = slots[Math.floor(Math.random() * slots.length)];
    const res = await post(timesRoute.action as Fn, "/booking/times", { slot }, jar(booking, account));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/booking/payment-info");
    return bookingOf(res);
  }

  /** The step's post of "add a card": the 303 to Stripe's page, and the booking cookie it set. */
  async function leaveForStripe(booking: string, account?: string) {
    const res = await post(paymentRoute.action as Fn, "/booking/payment-info", { card: "new" }, jar(booking, account));
    expect(res.status).toBe(303);
    const url = res.headers.get("Location")!;
    expect(url.startsWith(`${stripe.url}/c/pay/cs_test_`)).toBe(true);
    const session = stripe.sessions.get(url.split("/").pop()!)!;
    return { url, session, booking: bookingOf(res) };
  }

  /** Stripe's redirect home, as the browser follows it: our return route with the booking cookie. */
  async function comeBack(answer: Response, booking: string, account?: string) {
    expect(answer.status).toBe(303);
    const home = new URL(answer.headers.get("Location")!);
    expect(home.origin + home.pathname).toBe(`${ORIGIN}/booking/payment-info/return`);
    return get(returnRoute.loader as Fn, home.pathname + home.search, jar(booking, account));
  }

  it("no card field on our step; its post is a 303 to a setup-mode session for a new Customer, the hold outlives the trip, and the return keeps only the card's id, brand, last 4 and expiry", async () => {
    const booking = await atCardStep();
    const page = (await (await get(paymentRoute.loader as Fn, "/booking/payment-info", booking)).json()) as { saved: unknown; stripe: { choices: unknown[]; declined: string | null } };
    expect(page.saved).toBeNull();
    expect(page.stripe).toEqual({ choices: [], declined: null });
    const before = await readState(booking);
    const heldBefore = (await readHold(db().db, before.bookingId))!;

    const leftAt = Date.now();
    const trip = await leaveForStripe(booking);
    expect(trip.session).toMatchObject({ mode: "setup", status: "open", success_url: `${ORIGIN}/booking/payment-info/return?session={CHECKOUT_SESSION_ID}`, cancel_url: `${ORIGIN}/booking/payment-info?stripe=back` });
    expect(stripe.customers.has(trip.session.customer as string)).toBe(true);
    // The hold now ends when the session does (31 minutes), not in SLOT_HOLD_MINUTES; the cookie says so too.
    const held = (await readHold(db().db, before.bookingId))!;
    expect(held.expiresAt.getTime()).toBeGreaterThan(heldBefore.expiresAt.getTime());
    expect(held.expiresAt.getTime()).toBeGreaterThanOrEqual(leftAt + (TRIP_MINUTES - 1) * 60_000);
    expect(Math.abs(held.expiresAt.getTime() / 1000 - (trip.session.expires_at as number))).toBeLessThan(2);
    const away = await readState(trip.booking);
    expect(away.slot?.heldUntil).toBe(Math.floor(held.expiresAt.getTime() / 1000));
    // The trip is the booking id's row (the cookie has no room for Stripe's ids).
    const tripRow = async () => (await db().db.select().from(cardSetups).where(eq(cardSetups.bookingId, away.bookingId!)))[0];
    expect(await tripRow()).toMatchObject({ personId: null, sessionRef: trip.session.id, customerRef: trip.session.customer, paymentMethodRef: null });

    const res = await comeBack(await typeCard(trip.url, "4242 4242 4242 4242"), trip.booking);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/booking/confirmation");
    const back = await readState(bookingOf(res));
    expect(back.payment).toEqual({ token: expect.stringMatching(/^pm_/), brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 });
    expect((await tripRow()).paymentMethodRef).toBe(back.payment!.token);

    // The review shows the card by brand and last 4, and the visit keeps the PaymentMethod for a late-cancel fee.
    const review = (await (await get(confirmationRoute.loader as Fn, "/booking/confirmation", bookingOf(res))).json()) as { rows: { label: string; value: string }[]; attempt: string };
    expect(review.rows.find((r) => r.label === en("booking.review.card"))?.value).toBe("Visa ending 4242");
    const booked = await post(confirmationRoute.action as Fn, "/booking/confirmation", { attempt: review.attempt }, bookingOf(res));
    expect(booked.status).toBe(303);
    const token = booked.headers.get("Location")!.split("/").pop()!.split("?")[0];
    const [visit] = await db().db.select().from(appointments).where(eq(appointments.token, token));
    expect(visit.details.payment).toEqual({ brand: "visa", last4: "4242", token: back.payment!.token, customer: trip.session.customer });
  });

  it("a session id that is not this booking's trip is the 404, and reads nothing at Stripe: another booking's, a made-up one, none, or no trip at all", async () => {
    const mine = await leaveForStripe(await atCardStep());
    const theirs = await leaveForStripe(await atCardStep());
    // The other patient finished on Stripe's page: their session is complete, with a card.
    expect((await typeCard(theirs.url, "5555 5555 5555 4444")).status).toBe(303);
    const reads = () => stripe.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/checkout/sessions/")).length;
    const readsBefore = reads();
    for (const query of [`?session=${theirs.session.id}`, "?session=cs_test_madeup0123456789", "?session=%3Cscript%3E", ""]) {
      const res = await get(returnRoute.loader as Fn, `/booking/payment-info/return${query}`, mine.booking);
      expect(res.status, query).toBe(404);
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
    const res = await get(returnRoute.loader as Fn, `/booking/payment-info/return?session=${theirs.session.id}`, await atCardStep());
    expect(res.status).toBe(404);
    expect(reads()).toBe(readsBefore);
    // My own trip still works after all that.
    expect((await readState(mine.booking)).payment).toBeUndefined();
    const home = await comeBack(await typeCard(mine.url, "4242424242424242"), mine.booking);
    expect((await readState(bookingOf(home))).payment?.last4).toBe("4242");
  });

  it("4000000000000002 is refused on Stripe's page; Cancel comes back to the step with the time still held and the spec's insufficent_funds message; a second trip uses the same Customer", async () => {
    const trip = await leaveForStripe(await atCardStep());
    const refused = await typeCard(trip.url, "4000 0000 0000 0002");
    expect(refused.status).toBe(402);
    expect(await refused.text()).toContain("insufficient funds");
    // The hosted page's Back link is the cancel URL.
    const cancel = new URL(trip.session.cancel_url as string);
    const res = await get(paymentRoute.loader as Fn, cancel.pathname + cancel.search, trip.booking);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { stripe: { declined: string | null } };
    expect(page.stripe.declined).toBe(en("booking.outcome.insufficent_funds"));
    const state = await readState(trip.booking);
    const hold = (await readHold(db().db, state.bookingId))!;
    expect(hold.expiresAt.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(hold.startsAt.toISOString()).toBe(new Date(state.slot!.startsAt).toISOString());
    // Without the cancel mark, the step asks Stripe nothing and says nothing of a refusal.
    expect(((await (await get(paymentRoute.loader as Fn, "/booking/payment-info", trip.booking)).json()) as { stripe: { declined: null } }).stripe.declined).toBeNull();

    const again = await leaveForStripe(trip.booking);
    expect(again.session.customer).toBe(trip.session.customer);
    expect(again.session.id).not.toBe(trip.session.id);
    const home = await comeBack(await typeCard(again.url, "4242424242424242"), again.booking);
    expect(home.headers.get("Location")).toBe("/booking/confirmation");
  });

  it("a hold is extended for the trip at most to 90 minutes after the time was chosen, and an expired one is not revived", async () => {
    const booking = await atCardStep();
    const { bookingId } = await readState(booking);
    // Chosen 70 minutes ago: the trip may keep it 20 more minutes, not 31.
    await db().db.update(slotHolds).set({ createdAt: new Date(Date.now() - 70 * 60_000) }).where(eq(slotHolds.bookingId, bookingId!));
    await leaveForStripe(booking);
    const capped = (await readHold(db().db, bookingId))!;
    expect(Math.abs(capped.expiresAt.getTime() - (capped.createdAt.getTime() + HOLD_MAX_LIFE_MINUTES * 60_000))).toBeLessThan(2000);
    expect(capped.expiresAt.getTime()).toBeLessThan(Date.now() + 25 * 60_000);
    // Lapsed: stays lapsed (the booking books the time only if it is still free).
    await db().db.update(slotHolds).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(slotHolds.bookingId, bookingId!));
    await leaveForStripe(booking);
    expect((await readHold(db().db, bookingId))!.expiresAt.getTime()).toBeLessThan(Date.now());
  });

  it("an account holder's card is kept: the next booking offers it by brand and last 4 (no trip), or another card on Stripe's page for the account's one Customer", async () => {
    const email = `holder-${Date.now()}@example.com`;
    const account = (await createAccount(new Request(ORIGIN), { email, name: "Robin", password: "correct horse battery staple" })).split(";")[0];
    const first = await leaveForStripe(await atCardStep(account), account);
    const home = await comeBack(await typeCard(first.url, "5555 5555 5555 4444"), first.booking, account);
    expect(home.headers.get("Location")).toBe("/booking/confirmation");
    const [customer] = await db().db.select().from(paymentCustomers).where(eq(paymentCustomers.customerRef, first.session.customer as string));
    expect(customer).toBeTruthy();
    // A guest's trip on a booking whose last trip was this account's (signed out on a shared phone): a Customer of its own.
    const shared = await atCardStep();
    const sharedId = (await readState(shared)).bookingId!;
    await db().db.insert(cardSetups).values({ bookingId: sharedId, personId: customer.personId, customerRef: customer.customerRef, sessionRef: null, paymentMethodRef: null });
    expect((await leaveForStripe(shared)).session.customer).not.toBe(customer.customerRef);
    const cards = await db().db.select().from(savedCards).where(eq(savedCards.personId, customer.personId));
    expect(cards).toMatchObject([{ brand: "mastercard", last4: "4444", expMonth: 12, expYear: 2034, customerRef: customer.customerRef }]);

    // The next booking: the saved card is a choice; choosing it goes on with no trip to Stripe.
    const next = await atCardStep(account);
    const page = (await (await get(paymentRoute.loader as Fn, "/booking/payment-info", jar(next, account))).json()) as { stripe: { choices: { value: string; label: string; detail: string }[] } };
    expect(page.stripe.choices).toEqual([{ value: `saved-${cards[0].id}`, label: "Mastercard •••• 4444", detail: "Expires 12/2034" }]);
    const sessionsBefore = stripe.sessions.size;
    const chosen = await post(paymentRoute.action as Fn, "/booking/payment-info", { card: `saved-${cards[0].id}` }, jar(next, account));
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("Location")).toBe("/booking/confirmation");
    const chosenState = await readState(bookingOf(chosen));
    expect(chosenState.payment).toEqual({ token: cards[0].paymentMethodRef, brand: "mastercard", last4: "4444", expMonth: 12, expYear: 2034 });
    expect((await db().db.select().from(cardSetups).where(eq(cardSetups.bookingId, chosenState.bookingId!)))[0]).toMatchObject({ personId: customer.personId, customerRef: customer.customerRef, paymentMethodRef: cards[0].paymentMethodRef, sessionRef: null });
    expect(stripe.sessions.size).toBe(sessionsBefore);

    // Someone else's saved card, or a made-up choice: the form again (400), nothing chosen.
    for (const card of [`saved-${cards[0].id}`, "saved-999999999", "pm_123", ""]) {
      const guest = await atCardStep();
      const refused = await post(paymentRoute.action as Fn, "/booking/payment-info", { card }, guest);
      expect(refused.status, card).toBe(400);
      expect(refused.headers.get("Set-Cookie")).toBeNull();
    }

    // Another card: to Stripe's page for the account's same Customer; both cards are then offered.
    const another = await leaveForStripe(next, account);
    expect(another.session.customer).toBe(customer.customerRef);
    await comeBack(await typeCard(another.url, "4242424242424242"), another.booking, account);
    expect(await db().db.select().from(savedCards).where(eq(savedCards.personId, customer.personId))).toHaveLength(2);
    expect(await db().db.select().from(paymentCustomers).where(eq(paymentCustomers.personId, customer.personId))).toHaveLength(1);
  });

  it("Nashville (nashvilleCCRequired off) has no card step with Stripe either", async () => {
    const state: BookingState = { ...completeState("cleaning"), market: "nashville", studio: "east-nashville" };
    delete state.payment;
    state.completed = state.completed.filter((s) => s !== "payment-info");
    const res = await get(paymentRoute.loader as Fn, "/booking/payment-info", await cookieFor(state));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).not.toContain("payment-info");
    const posted = await post(paymentRoute.action as Fn, "/booking/payment-info", { card: "new" }, await cookieFor(state));
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).not.toContain("stripe");
  });

  it("too many trips to Stripe: the 11th session of one booking in an hour is refused (429, Retry-After, the step again in the reader's words) and nothing reaches Stripe", async () => {
    const device = `device=${"b".repeat(12)}${String(Date.now()).slice(-10)}`;
    let booking = await atCardStep(device);
    for (let i = 0; i < 10; i++) booking = (await leaveForStripe(booking, device)).booking;
    const sessions = stripe.sessions.size;
    const customers = stripe.customers.size;
    const refuse = (locale: string) =>
      call(paymentRoute.action as Fn, new Request(new URL("/booking/payment-info", ORIGIN), { method: "POST", body: new URLSearchParams({ card: "new" }), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: jar(booking, device), "Accept-Language": locale } }));
    const refused = await refuse("en-US");
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    const minutes = Math.ceil(wait / 60);
    expect(((await refused.json()) as { error: Record<string, string[]> }).error[""]).toEqual([en("booking.payment.tooManyBooking", { count: minutes })]);
    const spanish = await refuse("es-US");
    expect(spanish.status).toBe(429);
    const es = tFor("es-US")("booking.payment.tooManyBooking", { count: Math.ceil(Number(spanish.headers.get("Retry-After")) / 60) });
    expect(es).toMatch(/Stripe/);
    expect(((await spanish.json()) as { error: Record<string, string[]> }).error[""]).toEqual([es]);
    // The document (JavaScript off) gets the Retry-After too.
    const headersOf = paymentRoute.headers as (args: { actionHeaders: Headers; loaderHeaders: Headers }) => Headers;
    expect(headersOf({ actionHeaders: refused.headers, loaderHeaders: new Headers() }).get("Retry-After")).toBe(String(wait));
    expect(stripe.sessions.size).toBe(sessions);
    expect(stripe.customers.size).toBe(customers);
  });

  it("too many trips from one device: 20 sessions an hour over its bookings, the 21st refused with the device's message", async () => {
    const device = `device=${"d".repeat(12)}${String(Date.now()).slice(-10)}`;
    for (let b = 0; b < 2; b++) {
      let booking = await atCardStep(device);
      for (let i = 0; i < 10; i++) booking = (await leaveForStripe(booking, device)).booking;
    }
    const third = await atCardStep(device);
    const refused = await post(paymentRoute.action as Fn, "/booking/payment-info", { card: "new" }, jar(third, device));
    expect(refused.status).toBe(429);
    const minutes = Math.ceil(Number(refused.headers.get("Retry-After")) / 60);
    expect(((await refused.json()) as { error: Record<string, string[]> }).error[""]).toEqual([en("booking.payment.tooManyDevice", { count: minutes })]);
    // Another device of the same booking's patient still goes.
    await leaveForStripe(third, `device=${"e".repeat(12)}${String(Date.now()).slice(-10)}`);
  });

  it("no card number in what our routes received, what we sent to Stripe, our logs, or any row of our database", async () => {
    expect(received.length).toBeGreaterThan(30);
    expect(cardNumbersIn(received.join("\n"))).toEqual([]);
    const sent = stripe.requests.map((r) => `${r.method} ${r.path} ${r.body}`).join("\n");
    expect(sent).toContain("/v1/checkout/sessions");
    expect(cardNumbersIn(sent)).toEqual([]);
    expect(cardNumbersIn(logged.join("\n"))).toEqual([]);
    const tables = (await db().db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)) as unknown as { rows: { table_name: string }[] };
    let rows = 0;
    let dump = "";
    for (const { table_name } of tables.rows) {
      const result = (await db().db.execute(sql.raw(`select row_to_json(t)::text as j from "${table_name}" t`))) as unknown as { rows: { j: string }[] };
      rows += result.rows.length;
      dump += result.rows.map((r) => r.j).join("\n");
    }
    expect(dump).toMatch(/"last4": ?"4242"/);
    expect(rows).toBeGreaterThan(20);
    expect(cardNumbersIn(dump)).toEqual([]);
  });
});
