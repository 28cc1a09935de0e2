/**
 * Issue 32 B and C: the late-cancel fee charged off-session through the real `stripe` SDK against the local Stripe
 * (tests/helpers/stripe-server.ts) on loopback, Stripe's events signed with the SDK's own test-header helper and
 * POSTed over HTTP to the webhook route, refunds. On PGlite and on PostgreSQL (TEST_DATABASE_URL), where two
 * database pools (two "processes") race the charger.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeEach, expect, it } from "vitest";
import { startStripeServer } from "../helpers/stripe-server";
import { tellVisitChanges } from "../helpers/visit-notices";

const SECRET = "sk_test_localpayments0123456789";
const WHSEC = "whsec_localpaymentssecret0123";
const stripe = await startStripeServer({ secretKey: SECRET, webhookSecret: WHSEC });
process.env.SESSION_SECRET = "payments-test-secret-0123456789-abcdef";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "payments-"));
process.env.STRIPE_SECRET_KEY = SECRET;
process.env.STRIPE_WEBHOOK_SECRET = WHSEC;
process.env.STRIPE_API_URL = stripe.url;
process.env.SITE_ORIGIN = "https://dental.example.com";

const { openDatabase } = await import("~/db/client.server");
const { appointments, auditLog, emailOutbox, feeCheckouts, feeExtraPayments, feeRefunds, paymentEvents, visitFees } = await import("~/db/schema");
const { bookAppointment } = await import("~/scheduling/book.server");
const { cancelVisit } = await import("~/scheduling/visit-changes.server");
const { chargeDueFees, feeByPayToken, refundExtraPayments, refundFee } = await import("~/payments/fees.server");
const { startFeeCheckout } = await import("~/payments/pay-page.server");
const { paymentProvider } = await import("~/payments/provider.server");
const webhookRoute = await import("~/routes/payments+/stripe.webhook");
const payRoute = await import("~/routes/payments+/fees.$token");
const visitRoute = await import("~/routes/staff+/visits.$id");
const { callRoute } = await import("../helpers/route-call");
const { signedInStaff } = await import("../helpers/staff");
const { describeEachEngine } = await import("../helpers/db");
const { createStudioWithProviders, patientInput } = await import("../fixtures/factories");
type Db = import("~/db/client.server").Db;

const configured = paymentProvider();
if (configured.kind !== "stripe") throw new Error("expected the Stripe provider");
const provider = configured;

/** The app's webhook address, served in-process over real HTTP: the route's action gets Stripe's exact bytes. */
const receiver: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", async () => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const request = new Request(`http://app.test${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) });
    const answer = (await webhookRoute.action({ request, params: {}, context: {} } as never)) as Response;
    res.writeHead(answer.status, { "Content-Type": "application/json" }).end(await answer.text());
  });
});
await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
stripe.webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/payments/stripe/webhook`;
afterAll(async () => {
  await stripe.close();
  await new Promise((r) => receiver.close(r));
});

// Monday 2027-01-04 16:00 UTC; the visit the next day at 15:00 UTC is inside the 24 hours.
const now = new Date("2027-01-04T16:00:00Z");

/** A card saved on the local hosted page, as a patient would: the session, the form post, the SetupIntent read back. */
async function saveCard(number: string) {
  const customer = await provider.createCustomer({ test: "1" });
  const start = await provider.startCardSetup({
    customer,
    successUrl: "https://dental.example.com/booking/payment-info/return?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "https://dental.example.com/booking/payment-info?cancelled=1",
    expiresAt: new Date(Date.now() + 31 * 60_000),
    metadata: { booking: "test" },
  });
  const posted = await fetch(start.url, { method: "POST", body: new URLSearchParams({ number, expiry: "12 / 34", cvc: "123" }), redirect: "manual" });
  expect(posted.status).toBe(303);
  const end = await provider.finishCardSetup(start.id);
  if (!end.ok) throw new Error("card not saved");
  return end.card;
}

async function lateCancelledVisit(db: Db, number = "4242424242424242", locale = "en-US") {
  const { slug } = await createStudioWithProviders(db);
  const card = await saveCard(number);
  const patient = patientInput();
  const booked = await bookAppointment(db, {
    studioSlug: slug,
    serviceCode: "CLNCHK",
    startsAt: new Date("2027-01-05T15:00:00Z"),
    patient,
    needsInsurance: false,
    details: { payment: { brand: card.brand, last4: card.last4, token: card.token, customer: card.customer } },
    locale,
    now: new Date("2027-01-01T12:00:00Z"),
  });
  if (!booked.ok) throw new Error(booked.code);
  const [visit] = await db.select().from(appointments).where(eq(appointments.token, booked.appointment.token));
  const cancelled = await cancelVisit(db, { appointmentId: visit.id, sequence: visit.sequence, shownFeeCents: 5000, now });
  expect(cancelled).toEqual({ ok: true, feeCents: 5000, count: 1 });
  return { visit, email: patient.email, card };
}

const feeOf = async (db: Db, appointmentId: number) => (await db.select().from(visitFees).where(eq(visitFees.appointmentId, appointmentId)))[0];
/** The PaymentIntents at the local Stripe for a visit's card (each visit's card has a Customer of its own). */
const intentsFor = (card: { customer: string }) => [...stripe.paymentIntents.values()].filter((pi) => pi.customer === card.customer);
const auditOf = async (db: Db, appointmentId: number) =>
  (await db.select().from(auditLog).where(and(eq(auditLog.appointmentId, appointmentId), like(auditLog.action, "fee.%"))).orderBy(auditLog.id)).map((a) => a.action);

describeEachEngine("late-cancel fee, charged through Stripe", ({ db, engine }) => {
  beforeEach(async () => {
    // Earlier tests' fees are settled: each test's charger sees only its own.
    await db().db.update(visitFees).set({ nextAttemptAt: new Date("2100-01-01T00:00:00Z") });
  });

  it("the cancel records the fee due (and waits for no charge); the charger makes exactly one off-session PaymentIntent, marked paid by Stripe's event", async () => {
    const { visit, card } = await lateCancelledVisit(db().db);
    const fee = await feeOf(db().db, visit.id);
    expect(fee).toMatchObject({ status: "due", amountCents: 5000, currency: "usd", provider: "stripe", paymentMethodRef: card.token, customerRef: card.customer });
    expect(intentsFor(card)).toHaveLength(0); // the cancel did not charge

    // Two chargers at once and then a third: one claim, one PaymentIntent.
    const counts = await Promise.all([chargeDueFees(db().db, now, { provider }), chargeDueFees(db().db, now, { provider })]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await chargeDueFees(db().db, now, { provider })).toBe(0);
    await stripe.settled();
    const intents = intentsFor(card);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: 5000, currency: "usd", off_session: true, status: "succeeded", customer: card.customer, payment_method: card.token });
    expect((await feeOf(db().db, visit.id)).status).toBe("paid");
    // Stripe's event may be recorded before the charger's answer: both lines, once each, after the fee fell due.
    const audit = await auditOf(db().db, visit.id);
    expect(audit[0]).toBe("fee.due");
    expect([...audit].sort()).toEqual(["fee.charge_submitted", "fee.due", "fee.paid"]);
    // The visit was changed once, by the cancel: the fee's charge did not touch it.
    const [after] = await db().db.select().from(appointments).where(eq(appointments.id, visit.id));
    expect(after).toMatchObject({ status: "CANCELLED", sequence: visit.sequence + 1, lateCancelFeeCents: 5000 });
  });

  it("a charger that died after charging and before recording it: the retry sends the same key, Stripe answers the same PaymentIntent", async () => {
    const { visit, card } = await lateCancelledVisit(db().db);
    expect(await chargeDueFees(db().db, now, { provider })).toBe(1);
    await stripe.settled();
    // As if the answer had been lost: claimed long ago, no PaymentIntent recorded.
    await db().db.update(visitFees).set({ status: "charging", paymentRef: null, paidAt: null, claimedAt: new Date(now.getTime() - 10 * 60_000) }).where(eq(visitFees.appointmentId, visit.id));
    expect(await chargeDueFees(db().db, now, { provider })).toBe(1);
    await stripe.settled();
    expect(intentsFor(card)).toHaveLength(1);
    const { chargeKey } = await feeOf(db().db, visit.id);
    expect(stripe.requests.filter((r) => r.path === "/v1/payment_intents" && r.idempotencyKey === chargeKey)).toHaveLength(2);
  });

  it.runIf(engine === "postgres")("two processes (two pools) and a retry race the charger: one PaymentIntent", async () => {
    const { visit, card } = await lateCancelledVisit(db().db);
    const url = (db() as { url?: string }).url!;
    const [a, b] = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url })]);
    try {
      await Promise.all([chargeDueFees(a.db, now, { provider }), chargeDueFees(b.db, now, { provider }), chargeDueFees(a.db, now, { provider })]);
      await stripe.settled();
      expect(intentsFor(card)).toHaveLength(1);
      expect((await feeOf(db().db, visit.id)).status).toBe("paid");
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("a decline for insufficient funds: the fee stays owed as insufficent_funds, the patient is emailed a pay link once (in their language), and paying it on Stripe's page marks it paid", async () => {
    const { visit, email } = await lateCancelledVisit(db().db, "4000000000009995", "es-US");
    expect(await chargeDueFees(db().db, now, { provider })).toBe(1);
    await stripe.settled(); // payment_intent.payment_failed arrives too: no second email
    const fee = await feeOf(db().db, visit.id);
    expect(fee).toMatchObject({ status: "failed", failureCode: "insufficent_funds" });
    await tellVisitChanges(db().db);
    const mails = await db().db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, "%cancelación tardía%")));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("fondos insuficientes");
    expect(mails[0].text).not.toMatch(/\d{12,19}/);
    const token = /\/payments\/fees\/([A-Za-z0-9_-]{32})/.exec(mails[0].text)![1];
    expect((await feeByPayToken(db().db, token))?.id).toBe(fee.id);

    // The pay page's session (payment mode), paid on the hosted page with another card.
    const pay = await provider.startFeePayment({
      amountCents: fee.amountCents,
      customer: fee.customerRef,
      description: "Late-cancellation fee",
      successUrl: "https://dental.example.com/payments/fees/x?paid=1",
      cancelUrl: "https://dental.example.com/payments/fees/x",
      metadata: { fee_id: String(fee.id), appointment_id: String(visit.id) },
      expiresAt: new Date(Date.now() + 60 * 60_000),
      idempotencyKey: `test-${fee.id}`,
    });
    const paid = await fetch(pay.url, { method: "POST", body: new URLSearchParams({ number: "4242424242424242", expiry: "12/34", cvc: "123" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    await stripe.settled();
    expect((await feeOf(db().db, visit.id)).status).toBe("paid");
    expect(await auditOf(db().db, visit.id)).toEqual(["fee.due", "fee.failed", "fee.paid"]);
  });

  it("the emailed link's page: shows the amount and the visit in the patient's language, its button goes to Stripe's page, the webhook marks it paid and the page says so", async () => {
    const { visit, email } = await lateCancelledVisit(db().db, "4000000000000341", "es-US");
    await chargeDueFees(db().db, now, { provider });
    await stripe.settled();
    await tellVisitChanges(db().db);
    const [mail] = await db().db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), like(emailOutbox.text, "%/payments/fees/%")));
    const link = /https:\/\/dental\.example\.com(\/payments\/fees\/[A-Za-z0-9_-]{32})/.exec(mail.text)![1];
    const token = link.split("/").at(-1)!;
    const page = (query = "", lang = "es") => payRoute.loader({ request: new Request(`https://dental.example.com${link}${query}`, { headers: { "Accept-Language": lang } }), params: { token }, context: {} } as never) as Promise<Response>;

    const open = await (await page()).json();
    expect(open).toMatchObject({ state: "payable", amount: "$50.00", studioName: expect.any(String), failure: "card_declined" });
    expect(open.when).toMatch(/martes, 5 de enero de 2027/);
    expect((await (await page("", "en")).json()).when).toMatch(/Tuesday, January 5, 2027/);
    const post = (origin = "https://dental.example.com") =>
      payRoute.action({ request: new Request(`https://dental.example.com${link}`, { method: "POST", headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, body: "" }), params: { token }, context: {} } as never) as Promise<Response>;
    const toStripe = await post();
    expect(toStripe.status).toBe(303);
    const hosted = toStripe.headers.get("Location")!;
    expect(hosted.startsWith(`${stripe.url}/c/pay/cs_test_`)).toBe(true);
    const session = stripe.sessions.get(hosted.split("/").at(-1)!)!;
    expect(session).toMatchObject({ mode: "payment", amount_total: 5000, success_url: `https://dental.example.com${link}?paid=1`, cancel_url: `https://dental.example.com${link}`, metadata: { fee_id: String((await feeOf(db().db, visit.id)).id) } });

    // The hosted page: a declined card first (stays owed), then a good one; back to our success URL.
    const declined = await fetch(hosted, { method: "POST", body: new URLSearchParams({ number: "4000000000000002", expiry: "12/34", cvc: "123" }), redirect: "manual" });
    expect(declined.status).toBe(402);
    const paid = await fetch(hosted, { method: "POST", body: new URLSearchParams({ number: "4242424242424242", expiry: "12/34", cvc: "123" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(`https://dental.example.com${link}?paid=1`);
    await stripe.settled(); // checkout.session.completed and payment_intent.succeeded: paid once
    const fee = await feeOf(db().db, visit.id);
    expect(fee).toMatchObject({ status: "paid", paymentRef: session.payment_intent });
    expect(await auditOf(db().db, visit.id)).toEqual(["fee.due", "fee.failed", "fee.paid"]);
    expect(await (await page("?paid=1")).json()).toMatchObject({ state: "paid", amount: "$50.00" });
    // Paid: the button's post makes no second session, it shows the page again.
    const sessionsBefore = stripe.sessions.size;
    const again = await post();
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(link);
    expect(stripe.sessions.size).toBe(sessionsBefore);
  });

  /** A declined fee and its emailed pay link's token, and the pay page's button as a post. */
  async function declinedFee() {
    const { visit, email } = await lateCancelledVisit(db().db, "4000000000000341");
    await chargeDueFees(db().db, now, { provider });
    await stripe.settled();
    await tellVisitChanges(db().db);
    const [mail] = await db().db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), like(emailOutbox.text, "%/payments/fees/%")));
    const token = /\/payments\/fees\/([A-Za-z0-9_-]{32})/.exec(mail.text)![1];
    const post = () =>
      payRoute.action({ request: new Request(`https://dental.example.com/payments/fees/${token}`, { method: "POST", headers: { Origin: "https://dental.example.com", "Content-Type": "application/x-www-form-urlencoded" }, body: "" }), params: { token }, context: {} } as never) as Promise<Response>;
    return { visit, token, post, fee: await feeOf(db().db, visit.id) };
  }
  // One local Stripe serves both engines, whose fees have the same ids: a fee's sessions are also its customer's.
  const sessionsOf = (fee: { id: number; customerRef: string | null }) =>
    [...stripe.sessions.values()].filter((s) => (s.metadata as Record<string, string>).fee_id === String(fee.id) && s.customer === fee.customerRef);
  const payOnStripe = (url: string) => fetch(url, { method: "POST", body: new URLSearchParams({ number: "4242424242424242", expiry: "12/34", cvc: "123" }), redirect: "manual" });

  it("the pay page in two tabs at once: one Checkout Session, reused by a later click; once Stripe expires it, the next click makes a new one", async () => {
    const { post, fee } = await declinedFee();
    const answers = await Promise.all([post(), post(), post()]);
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
    const locations = new Set(answers.map((a) => a.headers.get("Location")));
    expect(locations.size).toBe(1);
    expect(sessionsOf(fee)).toHaveLength(1);
    const later = await post();
    expect(later.headers.get("Location")).toBe([...locations][0]);
    expect(sessionsOf(fee)).toHaveLength(1);
    expect(await db().db.select().from(feeCheckouts).where(eq(feeCheckouts.feeId, fee.id))).toMatchObject([{ sessionRef: sessionsOf(fee)[0].id, closedAt: null }]);

    await stripe.expireSession(sessionsOf(fee)[0].id);
    const fresh = await post();
    expect(fresh.headers.get("Location")).not.toBe([...locations][0]);
    expect(sessionsOf(fee)).toHaveLength(2);
    // The database refuses a second open session for one fee, whoever writes it.
    await expect(db().db.insert(feeCheckouts).values({ feeId: fee.id, idempotencyKey: "another", expiresAt: new Date(Date.now() + 3_600_000) })).rejects.toThrow();
  });

  it.runIf(engine === "postgres")("the pay page's button in two processes (two pools) at once: one Checkout Session", async () => {
    const { token, fee } = await declinedFee();
    const url = (db() as { url?: string }).url!;
    const [a, b] = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url })]);
    try {
      const urls = await Promise.all([startFeeCheckout(a.db, token, provider), startFeeCheckout(b.db, token, provider), startFeeCheckout(a.db, token, provider)]);
      expect(new Set(urls.map((u) => (typeof u === "object" && u ? u.url : u))).size).toBe(1);
      expect(sessionsOf(fee)).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("a fee paid twice (a session made before this page reused one, both paid): the second payment is refunded automatically, once, and audited", async () => {
    const { visit, post, fee } = await declinedFee();
    const reused = (await post()).headers.get("Location")!;
    // A second session for the fee that the page did not make (an older tab's, or a race with Stripe).
    const stray = await provider.startFeePayment({
      amountCents: fee.amountCents,
      customer: fee.customerRef,
      description: "Late-cancellation fee",
      successUrl: "https://dental.example.com/payments/fees/x?paid=1",
      cancelUrl: "https://dental.example.com/payments/fees/x",
      metadata: { fee_id: String(fee.id), appointment_id: String(visit.id) },
      expiresAt: new Date(Date.now() + 60 * 60_000),
      idempotencyKey: `stray-${fee.id}-${fee.customerRef}`,
    });
    expect((await payOnStripe(reused)).status).toBe(303);
    expect((await payOnStripe(stray.url)).status).toBe(303);
    await stripe.settled(); // each payment's two events, then the refund's charge.refunded
    const paid = await feeOf(db().db, visit.id);
    expect(paid).toMatchObject({ status: "paid", refundedCents: 0 });
    const intents = sessionsOf(fee).map((s) => s.payment_intent as string);
    const second = intents.find((i) => i !== paid.paymentRef)!;
    expect(intents).toContain(paid.paymentRef);
    const refunds = [...stripe.refunds.values()].filter((r) => intents.includes(r.payment_intent as string));
    expect(refunds).toMatchObject([{ payment_intent: second, amount: 5000 }]);
    expect(await db().db.select().from(feeExtraPayments).where(eq(feeExtraPayments.feeId, fee.id))).toMatchObject([{ paymentRef: second, status: "refunded", refundRef: refunds[0].id }]);
    expect(await auditOf(db().db, visit.id)).toEqual(["fee.due", "fee.failed", "fee.paid", "fee.paid_twice", "fee.paid_twice_refunded"]);

    // Stripe's events again (a replay, or the other container): nothing more refunded.
    for (const e of stripe.events.filter((e) => (e.event.data as { object: { id: string } }).object.id === second)) await stripe.sendEvent(String(e.event.type), (e.event.data as { object: { id: string } }).object as never);
    await stripe.settled();
    expect(await refundExtraPayments(db().db, { provider, now })).toBe(0);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === second)).toHaveLength(1);
    expect((await auditOf(db().db, visit.id)).filter((a) => a.startsWith("fee.paid_twice"))).toHaveLength(2);
  });

  it("the pay page: back from Stripe before its event says 'being confirmed'; a cross-site post is refused; unknown and malformed tokens are a 404", async () => {
    const { visit, email } = await lateCancelledVisit(db().db, "4000000000000341");
    await chargeDueFees(db().db, now, { provider });
    await stripe.settled();
    await tellVisitChanges(db().db);
    const [mail] = await db().db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), like(emailOutbox.text, "%/payments/fees/%")));
    const token = /\/payments\/fees\/([A-Za-z0-9_-]{32})/.exec(mail.text)![1];
    const load = (t: string, query = "") => payRoute.loader({ request: new Request(`https://dental.example.com/payments/fees/${t}${query}`), params: { token: t }, context: {} } as never) as Promise<Response>;
    expect(await (await load(token, "?paid=1")).json()).toMatchObject({ state: "confirming" });
    const statusOf = (p: Promise<unknown>) => p.then(() => 200, (thrown: Response) => thrown.status);
    // One character changed, one too many, one too few, not the alphabet: all the same 404, nothing read.
    const other = (token[0] === "A" ? "B" : "A") + token.slice(1);
    for (const bad of [other, `${token}A`, token.slice(1), `${token.slice(0, 31)}.`, "x"]) expect(await statusOf(load(bad))).toBe(404);
    const crossSite = payRoute.action({ request: new Request(`https://dental.example.com/payments/fees/${token}`, { method: "POST", headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" }, body: "" }), params: { token }, context: {} } as never);
    expect(await statusOf(crossSite)).toBe(403);
    expect((await feeOf(db().db, visit.id)).status).toBe("failed");
  });

  it("a card needing authentication: still owed as authentication_required, emailed", async () => {
    const { visit, email } = await lateCancelledVisit(db().db, "4000002760003184");
    await chargeDueFees(db().db, now, { provider });
    await stripe.settled();
    expect(await feeOf(db().db, visit.id)).toMatchObject({ status: "failed", failureCode: "authentication_required" });
    await tellVisitChanges(db().db);
    const mails = await db().db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, "%late-cancellation fee%")));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("confirm the payment yourself");
  });

  it("webhook: a wrong signature is a 400 and changes nothing; a replayed event changes nothing", async () => {
    const { visit } = await lateCancelledVisit(db().db);
    await chargeDueFees(db().db, now, { provider });
    await stripe.settled();
    const fee = await feeOf(db().db, visit.id);
    const succeeded = stripe.events.find((e) => e.event.type === "payment_intent.succeeded" && (e.event.data as { object: { id: string } }).object.id === fee.paymentRef)!;
    expect(succeeded.answers).toEqual([200]);
    const payload = JSON.stringify(succeeded.event);
    const signer = new Stripe(SECRET);
    const post = (signature: string, body = payload) => fetch(stripe.webhookUrl!, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
    const auditBefore = await auditOf(db().db, visit.id);

    expect((await post(signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_someoneelse0123456" }))).status).toBe(400);
    expect((await post("")).status).toBe(400);
    // Signed for other bytes: the body was changed after signing.
    const forged = payload.replace('"amount":5000', '"amount":1');
    expect((await post(signer.webhooks.generateTestHeaderString({ payload, secret: WHSEC }), forged)).status).toBe(400);

    const replay = await post(signer.webhooks.generateTestHeaderString({ payload, secret: WHSEC }));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(await auditOf(db().db, visit.id)).toEqual(auditBefore);
    expect(await db().db.select().from(paymentEvents).where(eq(paymentEvents.id, String(succeeded.event.id)))).toHaveLength(1);
  });

  it("a manager's refund, partial then the rest: reaches Stripe with a key per refund, audited; never more than was paid", async () => {
    const { visit } = await lateCancelledVisit(db().db);
    await chargeDueFees(db().db, now, { provider });
    await stripe.settled();
    const fee = await feeOf(db().db, visit.id);
    const staff = { id: 1, email: "manager@console.example.com" };
    expect(await refundFee(db().db, { feeId: fee.id, amountCents: 2000, reason: "Family emergency", staff, now }, provider)).toEqual({ ok: true, refundedCents: 2000 });
    expect(await refundFee(db().db, { feeId: fee.id, amountCents: 3001, reason: "More", staff, now }, provider)).toEqual({ ok: false, code: "too_much" });
    expect(await refundFee(db().db, { feeId: fee.id, amountCents: 3000, reason: "Goodwill", staff, now }, provider)).toEqual({ ok: true, refundedCents: 5000 });
    await stripe.settled(); // charge.refunded twice: the total stays 5000
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === fee.paymentRef);
    expect(refunds.map((r) => r.amount)).toEqual([2000, 3000]);
    expect((await feeOf(db().db, visit.id)).refundedCents).toBe(5000);
    const lines = await db().db.select().from(auditLog).where(and(eq(auditLog.appointmentId, visit.id), eq(auditLog.action, "fee.refunded"))).orderBy(auditLog.id);
    expect(lines.map((l) => [l.staffEmail, l.note, (l.after as { amountCents: number }).amountCents])).toEqual([
      [staff.email, "Family emergency", 2000],
      [staff.email, "Goodwill", 3000],
    ]);
  });

  it("the console's visit page: a failed fee shows its reason; a manager refunds a paid one in part and then the rest, with a reason (a bad form is a 400 with what was typed kept), audited; the front desk has no form and its post is a 404", async () => {
    const staffGet = (cookie: string) => new Request("https://dental.example.com/staff", { headers: { Cookie: cookie } });
    const staffPost = (cookie: string, fields: Record<string, string>) =>
      new Request("https://dental.example.com/staff", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } });
    const pageOf = async (cookie: string, id: number) => (await (await callRoute(visitRoute.loader, staffGet(cookie), { params: { id: String(id) } })).json()).feeCharge;
    const refund = (cookie: string, id: number, fields: Record<string, string>) => callRoute(visitRoute.action, staffPost(cookie, { intent: "refund", ...fields }), { params: { id: String(id) } });

    const declined = await lateCancelledVisit(db().db, "4000000000009995");
    await chargeDueFees(db().db, now, { provider });
    await stripe.settled();
    const manager = await signedInStaff(db().db, "manager", [declined.visit.studioSlug]);
    expect(await pageOf(manager.cookie, declined.visit.id)).toMatchObject({ amount: "$50.00", status: "Due: the charge failed", failure: "declined for insufficient funds", canRefund: false });

    const { visit } = await lateCancelledVisit(db().db);
    await chargeDueFees(db().db, now, { provider });
    await stripe.settled();
    const fee = await feeOf(db().db, visit.id);
    expect(fee.status).toBe("paid");
    const boss = await signedInStaff(db().db, "manager", [visit.studioSlug]);
    const desk = await signedInStaff(db().db, "front_desk", [visit.studioSlug]);
    const elsewhere = await signedInStaff(db().db, "manager", [declined.visit.studioSlug]);
    expect(await pageOf(boss.cookie, visit.id)).toMatchObject({ status: "Paid", refunded: null, canRefund: true, left: "$50.00", leftInput: "50.00" });
    expect(await pageOf(desk.cookie, visit.id)).toMatchObject({ status: "Paid", canRefund: false });

    // Not a manager, or not this studio's: a 404, nothing sent to Stripe.
    expect((await refund(desk.cookie, visit.id, { amount: "50.00", reason: "Goodwill" })).status).toBe(404);
    expect((await refund(elsewhere.cookie, visit.id, { amount: "50.00", reason: "Goodwill" })).status).toBe(404);
    // A bad form: 400, what was typed kept, a message per field.
    const bad = await refund(boss.cookie, visit.id, { amount: "twenty", reason: "  " });
    expect(bad.status).toBe(400);
    const badBody = await bad.json();
    expect(badBody.initialValue).toMatchObject({ amount: "twenty", intent: "refund" });
    expect(Object.keys(badBody.error).sort()).toEqual(["amount", "reason"]);
    const tooMuch = await refund(boss.cookie, visit.id, { amount: "50.01", reason: "Goodwill" });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).error.amount[0]).toMatch(/more than is left/);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === fee.paymentRef)).toHaveLength(0);

    const part = await refund(boss.cookie, visit.id, { amount: "$20", reason: "Family emergency" });
    expect(part.status).toBe(303);
    expect(part.headers.get("Location")).toBe(`/staff/visits/${visit.id}?done=refunded`);
    const afterPart = await pageOf(boss.cookie, visit.id);
    expect(afterPart).toMatchObject({ refunded: "$20.00", left: "$30.00", canRefund: true });
    expect(afterPart.refunds).toMatchObject([{ amount: "$20.00", reason: "Family emergency", status: "done", by: boss.email }]);
    expect((await refund(boss.cookie, visit.id, { amount: "30.00", reason: "Goodwill" })).status).toBe(303);
    await stripe.settled();
    expect(await pageOf(boss.cookie, visit.id)).toMatchObject({ refunded: "$50.00", canRefund: false });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === fee.paymentRef).map((r) => r.amount)).toEqual([2000, 3000]);
    expect(await db().db.select().from(feeRefunds).where(eq(feeRefunds.feeId, fee.id))).toHaveLength(2);
    const lines = await db().db.select().from(auditLog).where(and(eq(auditLog.appointmentId, visit.id), eq(auditLog.action, "fee.refunded"))).orderBy(auditLog.id);
    expect(lines.map((l) => [l.staffEmail, l.note])).toEqual([
      [boss.email, "Family emergency"],
      [boss.email, "Goodwill"],
    ]);
  });
});
