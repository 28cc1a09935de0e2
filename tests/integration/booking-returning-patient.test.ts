/**
 * Booking as a returning patient (issue 10 D), through the real loaders and actions on PGlite and PostgreSQL:
 * logged in, the email step is skipped, the details start from the account's record and the visit is booked
 * under the account's own email (whatever a forged post or cookie says) and is the account's; logged out
 * mid-booking, the email is asked again; the email step answers every address alike; the confirmed page
 * offers an account only to a guest whose visit is no account's, in the browser that booked it; opened by its
 * link alone, the visit's pages name nobody (issue 23 B).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";
import { tellVisitChanges } from "../helpers/visit-notices";

process.env.SESSION_SECRET = "returning-patient-test-secret-0123456789";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "returning-"));
delete process.env.NASHVILLE_CC_REQUIRED;

const { describeEachEngine } = await import("../helpers/db");
const { createPatient, createStudioWithProviders } = await import("../fixtures/factories");
const { createAccount } = await import("~/auth/accounts.server");
const { honeypotProps } = await import("~/flow/forms.server");
const { resetRateLimiters } = await import("~/auth/rate-limit.server");
const { advance } = await import("~/booking/funnel");
const { bookingStepHeader } = await import("~/booking/step-header.server");
const { bookingCookie } = await import("~/booking/step.server");
const { appointments, emailOutbox, patients } = await import("~/db/schema");
const { visitOfAccount } = await import("~/scheduling/visits.server");
const timesRoute = await import("~/routes/booking+/times");
const emailRoute = await import("~/routes/booking+/email");
const contactRoute = await import("~/routes/booking+/contact-info");
const insuranceRoute = await import("~/routes/booking+/insurance");
const paymentRoute = await import("~/routes/booking+/payment-info");
const confirmationRoute = await import("~/routes/booking+/confirmation");
const confirmedRoute = await import("~/routes/booking+/confirmed.$token");
const cancelRoute = await import("~/routes/booking+/confirmed.$token_.cancel");
const rescheduleRoute = await import("~/routes/booking+/confirmed.$token_.reschedule");
const { bookedHereCookie } = await import("~/auth/booked-here.server");
const logoutRoute = await import("~/routes/_auth+/logout");
const signupRoute = await import("~/routes/_auth+/signup");

type BookingState = import("~/booking/state").BookingState;
type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

const ORIGIN = "http://localhost";
const OPTS = { cardRequired: true, account: null };
const CARD_YEAR = new Date().getFullYear() + 4;
let n = 0;
const unique = (what: string) => `${what}-${Date.now()}-${n++}@example.com`;

function call(fn: Fn, request: Request, params: Record<string, string> = {}): Promise<Response> {
  return callRoute(fn, request, { params, context: { clientIp: "203.0.113.10" } });
}
/** Cookie header from any number of cookies ("name=value" or a whole Set-Cookie value). */
const jar = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).map((c) => c!.split(";")[0]).join("; ");
const get = (fn: Fn, url: string, cookie: string, params?: Record<string, string>) => call(fn, new Request(ORIGIN + url, { headers: { Cookie: cookie } }), params);
const post = (fn: Fn, url: string, fields: Record<string, string>, cookie: string, params?: Record<string, string>) =>
  call(fn, new Request(ORIGIN + url, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie } }), params);
/** The booking cookie a response set (the Set-Cookie headers may also carry others). */
const bookingOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("booking="))!.split(";")[0];
const cookieFor = async (state: BookingState) => (await bookingCookie().serialize(state)).split(";")[0];
const readState = (cookie: string) => bookingCookie().read(new Request(ORIGIN, { headers: { Cookie: cookie } }));

/** A cleaning in Boston, answered through the studio step. */
function throughStudio(studio: string): BookingState {
  let s: BookingState = { completed: [] };
  s = advance(s, "markets", { market: "boston" }, OPTS).state;
  s = advance(s, "services", { category: "cleaning" }, OPTS).state;
  return advance(s, "studios", { studio }, OPTS).state;
}

async function firstSlot(cookie: string): Promise<string> {
  const data = (await (await get(timesRoute.loader as Fn, "/booking/times", cookie)).json()) as { days: { slots: { value: string }[] }[] };
  return data.days[0].slots[0].value;
}

const CONTACT = { firstName: "Robin", lastName: "Okafor", phone: "(202) 555-0142", dateOfBirth: "1985-11-02", flavor: "cherry", show: "nature" };

/** The steps after contact-info, posted as a patient would. Returns the booking cookie at the review page. */
async function throughInsuranceAndCard(booking: string, idToken?: string) {
  let res = await post(insuranceRoute.action as Fn, "/booking/insurance", { carrier: "SELF_PAY" }, jar(booking, idToken));
  expect(res.headers.get("Location")).toBe("/booking/payment-info");
  res = await post(paymentRoute.action as Fn, "/booking/payment-info", { number: "4242 4242 4242 4242", expMonth: "12", expYear: String(CARD_YEAR), cvc: "123", cardName: "R O" }, jar(bookingOf(res), idToken));
  expect(res.headers.get("Location")).toBe("/booking/confirmation");
  return bookingOf(res);
}

/** A guest's cleaning booked under `email`, each step posted as a patient would: the review's answer, the confirmed page's address and token. */
async function bookAsGuest(studio: string, email: string) {
  let booking = await cookieFor(throughStudio(studio));
  const slot = await firstSlot(booking);
  let res = await post(timesRoute.action as Fn, "/booking/times", { slot }, booking);
  res = await post(emailRoute.action as Fn, "/booking/email", { email }, bookingOf(res));
  res = await post(contactRoute.action as Fn, "/booking/contact-info", CONTACT, bookingOf(res));
  booking = await throughInsuranceAndCard(bookingOf(res));
  res = await post(confirmationRoute.action as Fn, "/booking/confirmation", {}, booking);
  const location = res.headers.get("Location")!;
  return { res, location, token: location.split("/")[3].split("?")[0] };
}

describeEachEngine("booking as a returning patient", ({ db }) => {
  let studio: string;
  beforeAll(async () => {
    resetRateLimiters();
    studio = (await createStudioWithProviders(db().db)).slug;
  });

  /** An account whose verified email already has a patient record with details (a past guest booking). */
  async function returningPatient() {
    const email = unique("returning");
    await createPatient(db().db, {
      email,
      firstName: "Robin",
      lastName: "Okafor",
      phone: "2025550142",
      dateOfBirth: "1985-11-02",
      preferences: [{ name: "FLAVOR", value: "cherry" }, { name: "NETFLIX", value: "nature" }],
    });
    const idToken = (await createAccount(new Request(ORIGIN), { email, name: "Robin", password: "correct horse battery staple" })).split(";")[0];
    const [record] = await db().db.select().from(patients).where(eq(patients.email, email));
    return { email, idToken, personId: record.personId! };
  }

  it("logged in: no email step, details pre-filled and editable, booked under the account's email even with a forged one, the visit is the account's", async () => {
    const me = await returningPatient();
    let booking = await cookieFor(throughStudio(studio));
    const slot = await firstSlot(booking);

    // times leads straight to the details; the email step itself sends them on
    let res = await post(timesRoute.action as Fn, "/booking/times", { slot }, jar(booking, me.idToken));
    expect(res.headers.get("Location")).toBe("/booking/contact-info");
    booking = bookingOf(res);
    res = await get(emailRoute.loader as Fn, "/booking/email", jar(booking, me.idToken));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/booking/contact-info");

    // a forged post to the email step stores nothing
    res = await post(emailRoute.action as Fn, "/booking/email", { email: "forged@example.com" }, jar(booking, me.idToken));
    expect(res.status).toBe(302);
    expect(res.headers.get("Set-Cookie")).toBeNull();

    // pre-filled from the account's record, the account's email shown; Back skips the email step
    const page = (await (await get(contactRoute.loader as Fn, "/booking/contact-info", jar(booking, me.idToken))).json()) as {
      back: string;
      accountEmail: string | null;
      saved: Record<string, unknown>;
    };
    expect(page.accountEmail).toBe(me.email);
    expect(page.back).toBe("/booking/times");
    expect(page.saved).toEqual({ firstName: "Robin", lastName: "Okafor", phone: "(202) 555-0142", dateOfBirth: "1985-11-02", guardian: false, flavor: "cherry", show: "nature", sms: false });
    // the step header counts the route without the email step
    const header = await bookingStepHeader(new Request(`${ORIGIN}/booking/contact-info`, { headers: { Cookie: jar(booking, me.idToken) } }));
    const guestHeader = await bookingStepHeader(new Request(`${ORIGIN}/booking/contact-info`, { headers: { Cookie: booking } }));
    expect(header?.progress?.total).toBe(guestHeader!.progress!.total - 1);

    // still validated, still editable
    res = await post(contactRoute.action as Fn, "/booking/contact-info", { ...CONTACT, phone: "12" }, jar(booking, me.idToken));
    expect(res.status).toBe(400);
    res = await post(contactRoute.action as Fn, "/booking/contact-info", { ...CONTACT, firstName: "Robyn", email: "forged@example.com" }, jar(booking, me.idToken));
    expect(res.headers.get("Location")).toBe("/booking/insurance");
    booking = bookingOf(res);
    expect((await readState(booking)).contact?.firstName).toBe("Robyn");
    booking = await throughInsuranceAndCard(booking, me.idToken);

    // a cookie that somehow carries another email changes nothing either
    const forgedState = { ...(await readState(booking)), email: "forged@example.com" };
    booking = await cookieFor(forgedState);
    const review = (await (await get(confirmationRoute.loader as Fn, "/booking/confirmation", jar(booking, me.idToken))).json()) as {
      rows: { label: string; value: string; change: string | null }[];
    };
    expect(review.rows.find((r) => r.label === "Email")).toMatchObject({ value: me.email, change: null });

    res = await post(confirmationRoute.action as Fn, "/booking/confirmation", { email: "forged@example.com" }, jar(booking, me.idToken));
    expect(res.status).toBe(303);
    const token = res.headers.get("Location")!.split("/")[3].split("?")[0];
    const [visit] = await db().db.select({ email: patients.email, personId: patients.personId }).from(appointments).innerJoin(patients, eq(patients.id, appointments.patientId)).where(eq(appointments.token, token));
    expect(visit).toEqual({ email: me.email, personId: me.personId });
    expect(await visitOfAccount(db().db, token, me.personId)).not.toBeNull();
    await tellVisitChanges(db().db);
    expect(await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, "forged@example.com"))).toHaveLength(0);
    await tellVisitChanges(db().db);
    expect((await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, me.email))).length).toBeGreaterThan(0);
  });

  it("a new account without a patient record books too: its record is made under its email and linked at once", async () => {
    const email = unique("fresh");
    const idToken = (await createAccount(new Request(ORIGIN), { email, name: "Fresh", password: "correct horse battery staple" })).split(";")[0];
    let booking = await cookieFor(throughStudio(studio));
    const slot = await firstSlot(booking);
    let res = await post(timesRoute.action as Fn, "/booking/times", { slot }, jar(booking, idToken));
    booking = bookingOf(res);
    const page = (await (await get(contactRoute.loader as Fn, "/booking/contact-info", jar(booking, idToken))).json()) as { saved: unknown; accountEmail: string };
    expect(page).toMatchObject({ saved: null, accountEmail: email });
    res = await post(contactRoute.action as Fn, "/booking/contact-info", CONTACT, jar(booking, idToken));
    booking = await throughInsuranceAndCard(bookingOf(res), idToken);
    res = await post(confirmationRoute.action as Fn, "/booking/confirmation", {}, jar(booking, idToken));
    expect(res.status).toBe(303);
    const [record] = await db().db.select().from(patients).where(eq(patients.email, email));
    expect(record.personId).not.toBeNull();
    expect(record.firstName).toBe("Robin");
  });

  it("logged out mid-booking: the email is asked again, and nothing of the account's email is in the cookie", async () => {
    const me = await returningPatient();
    // as a guest they typed an email, then logged in and went on
    let state = advance(throughStudio(studio), "times", { slot: { startsAt: new Date(Date.now() + 5 * 86400_000).toISOString(), endsAt: new Date(Date.now() + 5 * 86400_000 + 3600_000).toISOString() } }, OPTS).state;
    state = advance(state, "email", { email: "typed-as-guest@example.com" }, OPTS).state;
    let booking = await cookieFor(state);
    const res = await post(contactRoute.action as Fn, "/booking/contact-info", CONTACT, jar(booking, me.idToken));
    expect(res.headers.get("Location")).toBe("/booking/insurance");
    booking = bookingOf(res);
    const saved = await readState(booking);
    expect(saved.email).toBeUndefined();
    expect(JSON.stringify(saved)).not.toContain(me.email);

    // log out (the real action); the old idToken may still be sent, its session is gone
    const out = await post(logoutRoute.action as Fn, "/logout", {}, jar(booking, me.idToken));
    expect(out.status).toBe(302);
    // The booking keeps its time; the details of the person who logged out leave the cookie (a shared phone).
    expect(saved.contact?.firstName).toBe("Robin");
    const forgotten = await readState(bookingOf(out));
    expect(forgotten.slot).toEqual(saved.slot);
    expect(forgotten.contact).toBeUndefined();
    expect(JSON.stringify(forgotten)).not.toMatch(/Robin|Okafor|2025550142|1985-11-02/);
    expect(forgotten.completed).not.toContain("contact-info");
    for (const cookie of [booking, jar(booking, me.idToken)]) {
      for (const [fn, url] of [[insuranceRoute.loader, "/booking/insurance"], [confirmationRoute.loader, "/booking/confirmation"], [contactRoute.loader, "/booking/contact-info"]] as const) {
        const answer = await get(fn as Fn, url, cookie);
        expect(answer.status, url).toBe(302);
        expect(answer.headers.get("Location"), url).toBe("/booking/email");
      }
      const book = await post(confirmationRoute.action as Fn, "/booking/confirmation", {}, cookie);
      expect(book.headers.get("Location")).toBe("/booking/email");
    }
    const emailPage = (await (await get(emailRoute.loader as Fn, "/booking/email", booking)).json()) as { email: string | null };
    expect(emailPage.email).toBeNull();
  });

  it("the email step answers a known and an unknown address alike (no account is revealed)", async () => {
    const me = await returningPatient();
    const booking = await cookieFor(advance(throughStudio(studio), "times", { slot: { startsAt: new Date(Date.now() + 6 * 86400_000).toISOString(), endsAt: new Date(Date.now() + 6 * 86400_000 + 3600_000).toISOString() } }, OPTS).state);
    const answers = [];
    for (const email of [me.email, unique("nobody")]) {
      const res = await post(emailRoute.action as Fn, "/booking/email", { email }, booking);
      const next = await get(contactRoute.loader as Fn, "/booking/contact-info", bookingOf(res));
      answers.push({ status: res.status, location: res.headers.get("Location"), cookies: res.headers.getSetCookie().map((c) => c.split("=")[0]), next: await next.json() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ status: 303, location: "/booking/contact-info", cookies: ["booking"], next: { saved: null, accountEmail: null } });
  });

  it("the confirmed page offers an account only to a guest whose visit is no account's; the offer's form is a valid sign-up", async () => {
    const guestEmail = unique("guest");
    const { res, location, token } = await bookAsGuest(studio, guestEmail);
    const bookedHere = res.headers.getSetCookie().find((c) => c.startsWith("bookedHere="))!;
    expect(bookedHere).toMatch(new RegExp(`Path=/booking/confirmed/${token};.*HttpOnly`, "i"));
    type Offer = { accountOffer: { email: string; honeypot: { nameFieldName: string } } | null };
    const offerFor = async (cookie: string) => ((await (await get(confirmedRoute.loader as Fn, location, cookie, { token })).json()) as Offer).accountOffer;

    // the browser that booked (a guest): offered, with the visit's email in the page (never in a link) and the honeypot
    const offer = await offerFor(jar(bookedHere));
    expect(offer?.email).toBe(guestEmail);
    expect(offer?.honeypot.nameFieldName).toBe(honeypotProps().nameFieldName);

    // anyone else holding the link is not: no cookie, a forged or expired one, or one from another visit's booking
    expect(await offerFor("")).toBeNull();
    // (the MAC's first character: its last one also carries padding bits, and a change there may decode the same)
    const [exp, mac] = bookedHere.split(";")[0].split("=")[1].split(".");
    expect(await offerFor(`bookedHere=${exp}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`)).toBeNull();
    expect(await offerFor(jar(bookedHereCookie(token, Date.now() - 2 * 3600_000)))).toBeNull();
    expect(await offerFor(jar(bookedHereCookie("another-visit-token-000000")))).toBeNull();

    // someone logged in (another account) is not offered one
    const other = await returningPatient();
    expect(await offerFor(jar(bookedHere, other.idToken))).toBeNull();

    // what the offer's form posts starts the sign-up (not taken for spam)
    const props = honeypotProps();
    const signup = await post(signupRoute.action as Fn, "/signup", { email: offer!.email, [props.nameFieldName]: "", [props.validFromFieldName!]: props.encryptedValidFrom }, "");
    expect(signup.status).toBe(302);
    expect(signup.headers.get("Location")).toBe("/email-verification");

    // once the visit's email has an account (the visit is claimed), a guest viewer is not offered one
    await createAccount(new Request(ORIGIN), { email: guestEmail, name: "Guest", password: "correct horse battery staple" });
    expect(await offerFor(jar(bookedHere))).toBeNull();
  });

  it("opened by its link alone (an empty cookie jar), the visit's pages and their 400s name nobody: no email, name or phone", async () => {
    const guestEmail = unique("link-only");
    const { res, location, token } = await bookAsGuest(studio, guestEmail);
    const base = `/booking/confirmed/${token}`;
    const personal = [guestEmail, guestEmail.split("@")[0], CONTACT.firstName, CONTACT.lastName, "555-0142", "5550142"];
    const pages = [
      await get(confirmedRoute.loader as Fn, location, "", { token }),
      await get(confirmedRoute.loader as Fn, base, "", { token }),
      await get(cancelRoute.loader as Fn, `${base}/cancel`, "", { token }),
      await get(rescheduleRoute.loader as Fn, `${base}/reschedule`, "", { token }),
      await post(cancelRoute.action as Fn, `${base}/cancel`, { sequence: "x", shownFee: "?" }, "", { token }),
      await post(rescheduleRoute.action as Fn, `${base}/reschedule`, { sequence: "x", slot: "garbage" }, "", { token }),
    ];
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200, 400, 400]);
    for (const page of pages) {
      const text = await page.text();
      for (const detail of personal) expect(text, `${page.url} shows ${detail}`).not.toContain(detail);
    }
    // the browser that booked sees the offer with its email (the same test, guard in place)
    const mine = await (await get(confirmedRoute.loader as Fn, location, jar(res.headers.getSetCookie().find((c) => c.startsWith("bookedHere="))), { token })).text();
    expect(mine).toContain(guestEmail);
  });

  it("a visit booked by a logged-in account is never offered an account", async () => {
    const me = await returningPatient();
    let booking = await cookieFor(throughStudio(studio));
    const slot = await firstSlot(booking);
    let res = await post(timesRoute.action as Fn, "/booking/times", { slot }, jar(booking, me.idToken));
    res = await post(contactRoute.action as Fn, "/booking/contact-info", CONTACT, jar(bookingOf(res), me.idToken));
    booking = await throughInsuranceAndCard(bookingOf(res), me.idToken);
    res = await post(confirmationRoute.action as Fn, "/booking/confirmation", {}, jar(booking, me.idToken));
    const location = res.headers.get("Location")!;
    const token = location.split("/")[3].split("?")[0];
    // viewed logged out (e.g. from the emailed link on another device): the visit is already an account's
    const data = (await (await get(confirmedRoute.loader as Fn, location, "", { token })).json()) as { accountOffer: unknown };
    expect(data.accountOffer).toBeNull();
  });
});
