/**
 * "Close my account" (issue 41 B, decision 078) through the real loader and action, on PGlite and PostgreSQL, with the
 * real `stripe` SDK against tests/helpers/stripe-server.ts: a wrong password is a 400 and a cross-site post a 403, with
 * nothing closed; closing removes the login, sessions, saved cards (the Customer deleted on Stripe), marketing data,
 * consents and waitlist entries, cancels the visits ahead (its own and a held member's) with no fee through the cancel
 * path (visit events saying account_closed), keeps the past visit; a second run does nothing; the same email signs up
 * to an empty account; the retention job removes expired closed records and only those.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";
import { startStripeServer } from "../helpers/stripe-server";
import { tellVisitChanges } from "../helpers/visit-notices";

const SECRET = "sk_test_closeaccount0123456789";
const WHSEC = "whsec_closeaccountsecret0123";
const stripe = await startStripeServer({ secretKey: SECRET, webhookSecret: WHSEC });
afterAll(() => stripe.close());
process.env.SESSION_SECRET = "close-account-test-secret-0123456789-abcdef";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "close-account-"));
process.env.STRIPE_SECRET_KEY = SECRET;
process.env.STRIPE_WEBHOOK_SECRET = WHSEC;
process.env.STRIPE_API_URL = stripe.url;

const { describeEachEngine } = await import("../helpers/db");
const { createPatient, createStudioWithProviders, patientInput } = await import("../fixtures/factories");
const { localTimeAhead } = await import("../fixtures/clock");
const schema = await import("~/db/schema");
const { appointments, auditLog, authSessions, emailOutbox, patients, paymentCustomers, persons, savedCards, smsConsents, visitEvents, waitlistEntries } = schema;
const { createAccount, logIn } = await import("~/auth/accounts.server");
const { resetRateLimiters } = await import("~/auth/rate-limit.server");
const { bookAppointment } = await import("~/scheduling/book.server");
const { paymentProvider } = await import("~/payments/provider.server");
const { closeAccount, removeExpiredRecords } = await import("~/account/close.server");
const { accountVisitRows } = await import("~/account/profile.server");
const closeRoute = await import("~/routes/profile+/close");
const staffVisit = await import("~/routes/staff+/visits.$id");
const { signedInStaff } = await import("../helpers/staff");
const familyNew = await import("~/routes/profile+/family.new");

const ORIGIN = "http://localhost:3000";
const PASSWORD = "correct horse battery staple";
let n = 0;
const unique = (what: string) => `${what}-${Date.now()}-${n++}@example.com`;
type Fn = (args: never) => unknown;
const call = (fn: unknown, request: Request) => callRoute(fn, request, { params: {}, context: { clientIp: "203.0.113.41" } });
const get = (pathname: string, cookie: string) => new Request(`${ORIGIN}${pathname}`, { headers: { Cookie: cookie } });
const post = (pathname: string, cookie: string, fields: Record<string, string>, origin = ORIGIN) =>
  new Request(`${ORIGIN}${pathname}`, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie } });

const ahead = localTimeAhead(21, "10:00");
const aheadToo = localTimeAhead(22, "11:00");
const now = new Date(ahead.getTime() - 2 * 86_400_000);
const provider = paymentProvider();
if (provider.kind !== "stripe") throw new Error("expected the Stripe provider");
const stripeProvider = provider;

describeEachEngine("closing an account", ({ db }) => {
  beforeAll(() => resetRateLimiters());

  async function account() {
    const email = unique("closing");
    const setCookie = await createAccount(new Request(ORIGIN), { email, name: "Robin Close", password: PASSWORD });
    const [person] = await db().db.select().from(persons).where(eq(persons.email, email));
    return { email, person, cookie: setCookie.split(";")[0] };
  }

  /** An account with a visit ahead and a completed one, a child with a visit ahead, texts, a waitlist entry, a saved card. */
  async function fullAccount() {
    const { slug, providerIds } = await createStudioWithProviders(db().db, { roles: ["hygienist", "dentist"] });
    const holder = await account();
    expect((await call(familyNew.action as Fn, post("/profile/family/new", holder.cookie, { firstName: "Sam", lastName: "Close", dateOfBirthMonth: "3", dateOfBirthDay: "14", dateOfBirthYear: "2018", relationship: "child" }))).status).toBe(303);
    const [child] = await db().db.select().from(patients).where(eq(patients.familyOfPersonId, holder.person.id));
    const base = { studioSlug: slug, serviceCode: "CLNCHK", needsInsurance: false, personId: holder.person.id, now };
    const own = await bookAppointment(db().db, { ...base, startsAt: ahead, patient: { ...patientInput(holder.email), firstName: "Robin", phone: "6175550141" }, details: { referralCode: "FRIEND42", insurance: { carrier: "Delta" } } });
    const childVisit = await bookAppointment(db().db, { ...base, startsAt: aheadToo, patient: { ...patientInput(holder.email), firstName: "Sam" }, details: {}, familyMemberId: child.id });
    if (!own.ok || !childVisit.ok) throw new Error("not booked");
    const [record] = await db().db.select().from(patients).where(eq(patients.personId, holder.person.id));
    const [past] = await db()
      .db.insert(appointments)
      .values({ token: `past-${Date.now()}-${n++}`, patientId: record.id, studioSlug: slug, providerId: providerIds[0], serviceType: "CLNCHK", startsAt: new Date(now.getTime() - 90 * 86_400_000), endsAt: new Date(now.getTime() - 90 * 86_400_000 + 3_600_000), status: "COMPLETED", details: { referralCode: "FRIEND42" } })
      .returning();
    await db().db.insert(smsConsents).values({ patientId: record.id, phone: "+16175550141", givenAt: now, wordingVersion: "test", givenVia: "profile" });
    await db().db.insert(waitlistEntries).values({ email: holder.email, personId: holder.person.id, studioSlug: slug, serviceCode: "CLNCHK", firstDay: "2027-01-01", lastDay: "2027-01-31", parts: ["morning"], leaveTokenHash: `h-${Date.now()}-${n++}` });
    await db().db.update(persons).set({ referralCode: `R${Date.now()}${n++}` }).where(eq(persons.id, holder.person.id));
    // A card saved on the local Stripe's hosted page, as the booking saves one.
    const customer = await stripeProvider.createCustomer({ person: String(holder.person.id) });
    const start = await stripeProvider.startCardSetup({ customer, successUrl: `${ORIGIN}/ok`, cancelUrl: `${ORIGIN}/back`, expiresAt: new Date(Date.now() + 31 * 60_000), metadata: {} });
    expect((await fetch(start.url, { method: "POST", body: new URLSearchParams({ number: "4242424242424242", expiry: "12 / 34", cvc: "123" }), redirect: "manual" })).status).toBe(303);
    const end = await stripeProvider.finishCardSetup(start.id);
    if (!end.ok) throw new Error("not saved");
    await db().db.insert(paymentCustomers).values({ personId: holder.person.id, customerRef: customer });
    await db().db.insert(savedCards).values({ personId: holder.person.id, customerRef: customer, paymentMethodRef: end.card.token, brand: end.card.brand, last4: end.card.last4, expMonth: end.card.expMonth, expYear: end.card.expYear });
    await tellVisitChanges(db().db);
    return { slug, holder, child, record, past, customer, ownToken: own.appointment.token, childToken: childVisit.appointment.token };
  }

  it("the page says what goes and what is kept; a wrong password is a 400 and a cross-site post a 403, nothing closed", async () => {
    const { holder } = await fullAccount();
    const page = (await (await call(closeRoute.loader as Fn, get("/profile/close", holder.cookie))).json()) as { years: number; ahead: string; members: string };
    expect(page).toEqual({ years: 7, ahead: "You have 2 visits ahead. They will be cancelled.", members: "The 1 family member on your account is closed with it." });
    const wrong = await call(closeRoute.action as Fn, post("/profile/close", holder.cookie, { password: "not my password" }));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: Record<string, string[]> }).error.password).toEqual(["That password is not right."]);
    const empty = await call(closeRoute.action as Fn, post("/profile/close", holder.cookie, {}));
    expect(empty.status).toBe(400);
    const crossSite = await call(closeRoute.action as Fn, post("/profile/close", holder.cookie, { password: PASSWORD }, "https://evil.example"));
    expect(crossSite.status).toBe(403);
    const [person] = await db().db.select().from(persons).where(eq(persons.id, holder.person.id));
    expect(person.closedAt).toBeNull();
    expect(await db().db.select().from(authSessions).where(eq(authSessions.personId, holder.person.id))).toHaveLength(1);
  });

  it("closing removes what it says, cancels the visits ahead with no fee as any cancel, keeps the past visit; twice is once", async () => {
    const { slug, holder, child, record, past, customer, ownToken, childToken } = await fullAccount();
    expect(stripe.customers.has(customer)).toBe(true);
    const closed = await call(closeRoute.action as Fn, post("/profile/close", holder.cookie, { password: PASSWORD }));
    expect(closed.status).toBe(303);
    expect(closed.headers.get("Location")).toBe("/account-closed");
    expect(closed.headers.get("Set-Cookie")).toMatch(/idToken=;/);

    // The login: gone (the address refused like any unknown one), sessions ended.
    expect(await logIn(new Request(ORIGIN), { email: holder.email, password: PASSWORD }, "203.0.113.42")).toBeNull();
    expect(await db().db.select().from(authSessions).where(eq(authSessions.personId, holder.person.id))).toHaveLength(0);
    const [person] = await db().db.select().from(persons).where(eq(persons.id, holder.person.id));
    expect(person).toMatchObject({ name: "", passwordHash: "", referralCode: null });
    expect(person.closedAt).not.toBeNull();
    // Cards: ours gone, the Customer deleted on Stripe.
    expect(stripe.customers.has(customer)).toBe(false);
    expect(await db().db.select().from(savedCards).where(eq(savedCards.personId, holder.person.id))).toHaveLength(0);
    expect(await db().db.select().from(paymentCustomers).where(eq(paymentCustomers.personId, holder.person.id))).toHaveLength(0);
    // Consents and waitlist.
    expect((await db().db.select().from(smsConsents).where(eq(smsConsents.patientId, record.id)))[0].withdrawnAt).not.toBeNull();
    expect(await db().db.select().from(waitlistEntries).where(eq(waitlistEntries.personId, holder.person.id))).toHaveLength(0);
    // Both records (own and the held child's) closed: no email, no recall.
    const records = await db().db.select().from(patients).where(inArray(patients.id, [record.id, child.id]));
    for (const r of records) expect(r).toMatchObject({ email: "", closedAt: expect.any(Date), recallOptedOutAt: expect.any(Date) });
    // The visits ahead cancelled with no fee, as any cancel: the event the studio's day, notices and webhooks read.
    const visits = await db().db.select().from(appointments).where(inArray(appointments.token, [ownToken, childToken]));
    for (const v of visits) expect(v).toMatchObject({ status: "CANCELLED", lateCancelFeeCents: null });
    const events = await db().db.select().from(visitEvents).where(and(inArray(visitEvents.visitId, visits.map((v) => v.id)), eq(visitEvents.type, "visit.cancelled")));
    expect(events.map((e) => e.cancelledBy)).toEqual(["account_closed", "account_closed"]);
    // The past visit kept, without its marketing data; its insurance and health details stay.
    const [kept] = await db().db.select().from(appointments).where(eq(appointments.id, past.id));
    expect(kept.status).toBe("COMPLETED");
    expect(kept.details).toEqual({});
    const [own] = visits.filter((v) => v.token === ownToken);
    expect(own.details).toMatchObject({ insurance: { carrier: "Delta" } });
    expect(own.details).not.toHaveProperty("referralCode");
    // Nothing is sent to the closed account: the cancels' notices find no address.
    const mailsBefore = (await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, holder.email))).length;
    await tellVisitChanges(db().db);
    expect(await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, holder.email))).toHaveLength(mailsBefore);
    // Audited: the closing, and each cancel.
    const lines = await db().db.select().from(auditLog).where(eq(auditLog.action, "person.closed"));
    expect(lines.filter((l) => l.after?.personId === holder.person.id)).toEqual([expect.objectContaining({ actor: "patient", after: expect.objectContaining({ cancelledVisits: 2, records: 2, cardsRemoved: 1, customersDeleted: 1, waitlistEntries: 1 }) })]);
    expect(await db().db.select().from(auditLog).where(and(inArray(auditLog.appointmentId, visits.map((v) => v.id)), eq(auditLog.action, "visit.cancel")))).toHaveLength(2);
    // The studio still reads the past visit, with "account closed" on the patient.
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const seen = (await (await callRoute(staffVisit.loader as Fn, new Request(`${ORIGIN}/staff/visits/${past.id}`, { headers: { Cookie: manager.cookie } }), { params: { id: String(past.id) } })).json()) as { patient: { name: string; email: string; closed: boolean } };
    expect(seen.patient).toMatchObject({ name: "Robin Rivera", email: "", closed: true });
    // Safe to run twice.
    expect(await closeAccount(db().db, { personId: holder.person.id })).toBe("already_closed");

    // The same address signs up to a new, empty account.
    const again = await createAccount(new Request(ORIGIN), { email: holder.email, name: "Robin Again", password: PASSWORD });
    expect(again).toMatch(/^idToken=/);
    const [fresh] = await db().db.select().from(persons).where(eq(persons.email, holder.email));
    expect(fresh.id).not.toBe(holder.person.id);
    const rows = await accountVisitRows(fresh.id, now, undefined, "en-US");
    expect([...rows.upcoming, ...rows.past]).toHaveLength(0);
    expect(await db().db.select().from(patients).where(eq(patients.personId, fresh.id))).toHaveLength(0);
  });

  it("the retention job removes closed records past the retention period, and only those", async () => {
    const { slug, providerIds } = await createStudioWithProviders(db().db);
    const jobNow = new Date();
    const yearsAgo = (y: number) => new Date(jobNow.getTime() - y * 366 * 86_400_000);
    // Each an hour after the last: one provider, no overlap.
    const visit = (patientId: number, day: Date) => {
      const at = new Date(day.getTime() + n++ * 3_600_000);
      return db().db.insert(appointments).values({ token: `ret-${Date.now()}-${n++}`, patientId, studioSlug: slug, providerId: providerIds[0], serviceType: "CLNCHK", startsAt: at, endsAt: new Date(at.getTime() + 3_600_000), status: "COMPLETED" }).returning();
    };
    const expired = await createPatient(db().db, { email: "", closedAt: yearsAgo(8) });
    await visit(expired.id, yearsAgo(9));
    const recentVisit = await createPatient(db().db, { email: "", closedAt: yearsAgo(8) });
    await visit(recentVisit.id, yearsAgo(3));
    const recentlyClosed = await createPatient(db().db, { email: "", closedAt: yearsAgo(2) });
    await visit(recentlyClosed.id, yearsAgo(9));
    const open = await createPatient(db().db);
    await visit(open.id, yearsAgo(9));
    expect(await removeExpiredRecords(db().db, jobNow, 7)).toBe(1);
    expect(await removeExpiredRecords(db().db, jobNow, 7)).toBe(0);
    const left = await db().db.select({ id: patients.id }).from(patients).where(inArray(patients.id, [expired.id, recentVisit.id, recentlyClosed.id, open.id]));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([recentVisit.id, recentlyClosed.id, open.id].sort((a, b) => a - b));
    expect(await db().db.select().from(appointments).where(eq(appointments.patientId, expired.id))).toHaveLength(0);
    expect((await db().db.select().from(auditLog).where(eq(auditLog.action, "records.retention_removed"))).some((l) => (l.after?.patientIds as number[]).includes(expired.id))).toBe(true);
  });
});
