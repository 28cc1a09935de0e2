/**
 * Issue 38 C (decision 074): confirmation, card and consent the way a phone call allows, on PGlite and PostgreSQL.
 * A caller booked by the desk gets the funnel's confirmation (email when there is one, the text when they agreed),
 * and where the studio needs a card, a secure link (email and/or text) to Stripe's hosted Checkout setup page (the
 * local Stripe, tests/helpers/stripe-server.ts, whose page is posted as a browser would). The visit shows "card
 * requested" until the card arrives, and only then do the late-cancel rules apply. Nashville asks for none. The
 * intake link goes by text to a caller without email when the visit needs intake.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { startStripeServer } from "../helpers/stripe-server";

const SECRET = "sk_test_localdeskcard0123456789";
const WHSEC = "whsec_localdeskcardsecret01234";
const stripe = await startStripeServer({ secretKey: SECRET, webhookSecret: WHSEC });
process.env.SESSION_SECRET = "desk-card-test-secret-0123456789-abcdef";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "desk-card-"));
process.env.STRIPE_SECRET_KEY = SECRET;
process.env.STRIPE_WEBHOOK_SECRET = WHSEC;
process.env.STRIPE_API_URL = stripe.url;
process.env.SITE_ORIGIN = "https://dental.example.com";
delete process.env.NASHVILLE_CC_REQUIRED;
afterAll(() => stripe.close());

const { describeEachEngine } = await import("../helpers/db");
const { callRoute } = await import("../helpers/route-call");
const { signedInStaff } = await import("../helpers/staff");
const { tellVisitChanges } = await import("../helpers/visit-notices");
const { createStudioWithProviders } = await import("../fixtures/factories");
const { localTimeAhead } = await import("../fixtures/clock");
const { localDayKey } = await import("~/rules/zoned-time");
const { appointments, auditLog, cardRequests, emailOutbox, smsConsents, smsOutbox } = await import("~/db/schema");
const { termsOf } = await import("~/scheduling/visit-changes.server");
const callerRoute = await import("~/routes/staff+/studios.$slug.book");
const bookRoute = await import("~/routes/staff+/studios.$slug.book_.$patientId");
const dayRoute = await import("~/routes/staff+/studios.$slug.day.$date");
const visitRoute = await import("~/routes/staff+/visits.$id");
const cardRoute = await import("~/routes/payments+/card.$token");
const cardReturnRoute = await import("~/routes/payments+/card.$token_.return");

const ORIGIN = "https://dental.example.com";
const STAFF = "http://localhost:3000";
const get = (cookie: string, url = `${STAFF}/staff/x`) => new Request(url, { headers: { Cookie: cookie } });
const post = (cookie: string, fields: Record<string, string>, url = `${STAFF}/staff/x`) =>
  new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(url).origin } });
const uniquePhone = () => `617${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

describeEachEngine("the desk's confirmation, card link and consent", ({ db }) => {
  /** A caller made and a cleaning booked by the front desk; returns the visit, the caller's phone and the desk. */
  async function deskBooks(opts: { market?: string; email?: string; sms?: boolean; insurance?: string; day?: number } = {}) {
    const { slug } = await createStudioWithProviders(db().db, { market: opts.market ?? "boston" });
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const phone = uniquePhone();
    const made = await callRoute(callerRoute.action, post(desk.cookie, { intent: "new", firstName: "Rosa", lastName: `Diaz${randomBytes(2).toString("hex")}`, phone, dateOfBirth: "1979-11-02", email: opts.email ?? "" }), { params: { slug } });
    expect(made.status).toBe(303);
    const patientId = made.headers.get("Location")!.split("/").at(-1)!;
    const params = { slug, patientId };
    const startsAt = localTimeAhead(opts.day ?? 3, "11:00");
    const held = await callRoute(bookRoute.action, post(desk.cookie, { intent: "hold", slot: startsAt.toISOString(), service: "CLNCHK", provider: "any" }), { params });
    const hold = new URL(held.headers.get("Location")!, STAFF).searchParams.get("hold")!;
    const booked = await callRoute(
      bookRoute.action,
      post(desk.cookie, { intent: "book", hold, service: "CLNCHK", provider: "any", insurance: opts.insurance ?? "AETNA", memberId: "W1", ...(opts.sms === false ? {} : { sms: "yes" }) }),
      { params },
    );
    expect(booked.status).toBe(303);
    const visitId = Number(booked.headers.get("Location")!.match(/visits\/(\d+)/)![1]);
    const [visit] = await db().db.select().from(appointments).where(eq(appointments.id, visitId));
    return { slug, desk, phone, visit: visit!, day: localDayKey(startsAt, "America/New_York") };
  }

  // The booking's own email and text are queued by the visit notices after its commit (decision 070), run here as a job would.
  const textsOf = async (visitId: number) => {
    await tellVisitChanges(db().db);
    return db().db.select().from(smsOutbox).where(eq(smsOutbox.appointmentId, visitId));
  };
  const dayJson = async (cookie: string, slug: string, date: string) => JSON.stringify(await (await callRoute(dayRoute.loader, get(cookie), { params: { slug, date } })).json());
  const visitJson = async (cookie: string, id: number) => (await (await callRoute(visitRoute.loader, get(cookie), { params: { id: String(id) } })).json()) as { card: { requested: boolean; text: string } | null };

  it("a caller without email who agreed to texts: the booked text, the card link and the intake link by text, consent with who; card requested until the card is added on Stripe's page, and no fee before it", async () => {
    const { slug, desk, phone, visit, day } = await deskBooks({ insurance: "OTHER" });
    const [consent] = await db().db.select().from(smsConsents).where(eq(smsConsents.patientId, visit.patientId));
    expect(consent).toMatchObject({ givenVia: "desk", givenByStaffId: desk.id, phone: `+1${phone}` });
    expect(consent!.givenAt).toBeInstanceOf(Date);
    const texts = await textsOf(visit.id);
    expect(texts.map((t) => t.kind).sort()).toEqual(["booked", "card_link", "intake_link"]);
    for (const text of texts) expect(text.to).toBe(`+1${phone}`);
    const cardText = texts.find((t) => t.kind === "card_link")!.body;
    const token = cardText.match(/\/payments\/card\/([A-Za-z0-9_-]{32})/)![1];
    expect(texts.find((t) => t.kind === "intake_link")!.body).toContain(`/intake?token=${encodeURIComponent(visit.token)}`);
    // No email was there to send to; only the token's hash is kept.
    const [request] = await db().db.select().from(cardRequests).where(eq(cardRequests.appointmentId, visit.id));
    expect(request).toMatchObject({ requestedByStaffId: desk.id, cardAddedAt: null });
    expect(request!.tokenHash).not.toContain(token);

    // "Card requested" on the day and the visit; no fee inside the 24 hours while no card holds it.
    expect(await dayJson(desk.cookie, slug, day)).toContain('"cardRequested":true');
    expect((await visitJson(desk.cookie, visit.id)).card).toMatchObject({ requested: true });
    const late = new Date(visit.startsAt.getTime() - 60 * 60_000);
    expect(termsOf(visit, late).feeCents).toBeNull();

    // The link: opening changes nothing; the button goes to Stripe's page; a card typed there comes back to the visit.
    const page = await callRoute(cardRoute.loader, new Request(`${ORIGIN}/payments/card/${token}`), { params: { token } });
    expect(await page.json()).toMatchObject({ state: "open" });
    const leave = await callRoute(cardRoute.action, post("", {}, `${ORIGIN}/payments/card/${token}`), { params: { token }, context: { clientIp: "203.0.113.9" } });
    expect(leave.status).toBe(303);
    const sessionUrl = leave.headers.get("Location")!;
    expect(sessionUrl.startsWith(`${stripe.url}/c/pay/cs_test_`)).toBe(true);
    expect(stripe.sessions.get(sessionUrl.split("/").pop()!)).toMatchObject({ mode: "setup" });
    // Another session id at the return is the 404; nothing changes.
    const wrong = await callRoute(cardReturnRoute.loader, new Request(`${ORIGIN}/payments/card/${token}/return?session=cs_test_other`), { params: { token } });
    expect(wrong.status).toBe(404);
    const typed = await fetch(sessionUrl, { method: "POST", body: new URLSearchParams({ number: "4242424242424242", expiry: "12 / 34", cvc: "123", name: "Rosa Diaz" }), redirect: "manual" });
    expect(typed.status).toBe(303);
    const home = new URL(typed.headers.get("Location")!);
    expect(home.pathname).toBe(`/payments/card/${token}/return`);
    const back = await callRoute(cardReturnRoute.loader, new Request(home.toString()), { params: { token } });
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe(`/payments/card/${token}`);
    const [carded] = await db().db.select().from(appointments).where(eq(appointments.id, visit.id));
    expect(carded!.details.payment).toMatchObject({ brand: "visa", last4: "4242" });
    expect(JSON.stringify(carded!.details)).not.toContain("4242424242424242");
    expect(await (await callRoute(cardRoute.loader, new Request(`${ORIGIN}/payments/card/${token}`), { params: { token } })).json()).toMatchObject({ state: "added", last4: "4242" });
    expect(await dayJson(desk.cookie, slug, day)).toContain('"cardRequested":false');
    expect((await visitJson(desk.cookie, visit.id)).card).toEqual({ requested: false, text: "Visa ending 4242" });
    // From now on the fee rules apply.
    expect(termsOf(carded!, late).feeCents).toBe(5000);
    // An unknown link is the 404.
    const unknown = await callRoute(cardRoute.loader, new Request(`${ORIGIN}/payments/card/${"x".repeat(32)}`), { params: { token: "x".repeat(32) } });
    expect(unknown.status).toBe(404);
  });

  it("a caller with email and no texts: the confirmation and the card link by email, nothing by text; Nashville asks for no card", async () => {
    const email = `rosa-${randomBytes(3).toString("hex")}@example.com`;
    const { visit } = await deskBooks({ email, sms: false });
    expect(await textsOf(visit.id)).toHaveLength(0);
    await tellVisitChanges(db().db);
    const mails = await db().db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email)));
    expect(mails.map((m) => m.subject).join(" | ")).toMatch(/add a card/);
    const cardMail = mails.find((m) => /add a card/.test(m.subject))!;
    expect(cardMail.text).toMatch(/https:\/\/dental\.example\.com\/payments\/card\/[A-Za-z0-9_-]{32}/);
    expect(mails.length).toBe(2); // the confirmation and the card link
    expect(await db().db.select().from(cardRequests).where(eq(cardRequests.appointmentId, visit.id))).toHaveLength(1);

    const nashville = await deskBooks({ market: "nashville", day: 4 });
    expect(await db().db.select().from(cardRequests).where(eq(cardRequests.appointmentId, nashville.visit.id))).toHaveLength(0);
    const kinds = (await textsOf(nashville.visit.id)).map((t) => t.kind);
    expect(kinds).toContain("booked");
    expect(kinds).not.toContain("card_link");
    expect((await db().db.select().from(smsOutbox).where(like(smsOutbox.body, "%/payments/card/%"))).filter((r) => r.appointmentId === nashville.visit.id)).toHaveLength(0);
  });
  it("the desk sends the card link again: a new link by email and text, the old one a 404, audited; not twice in a minute, nor once the card is in", async () => {
    const email = `rosa-${randomBytes(3).toString("hex")}@example.com`;
    const { slug, desk, visit } = await deskBooks({ email });
    const linkIn = (text: string) => text.match(/\/payments\/card\/([A-Za-z0-9_-]{32})/)![1];
    const firstToken = linkIn((await textsOf(visit.id)).find((t) => t.kind === "card_link")!.body);
    const resend = () => callRoute(visitRoute.action, post(desk.cookie, { intent: "card_link" }), { params: { id: String(visit.id) } });

    // A double press: the first link went out a moment ago.
    const soon = await resend();
    expect(soon.status).toBe(409);
    expect(JSON.stringify(await soon.json())).toContain("less than a minute ago");

    await db().db.update(cardRequests).set({ requestedAt: new Date(Date.now() - 2 * 60_000) }).where(eq(cardRequests.appointmentId, visit.id));
    const sent = await resend();
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(`/staff/visits/${visit.id}?done=card_link`);
    const cardTexts = (await textsOf(visit.id)).filter((t) => t.kind === "card_link");
    expect(cardTexts).toHaveLength(2);
    const cardMails = (await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).filter((m) => /add a card/.test(m.subject));
    expect(cardMails).toHaveLength(2);
    const newToken = linkIn(cardTexts.map((t) => t.body).find((b) => !b.includes(firstToken))!);
    expect(cardMails.some((m) => m.text.includes(newToken))).toBe(true);
    const open = (token: string) => callRoute(cardRoute.loader, new Request(`${ORIGIN}/payments/card/${token}`), { params: { token } });
    expect((await open(firstToken)).status).toBe(404);
    expect(await (await open(newToken)).json()).toMatchObject({ state: "open" });
    const lines = await db().db.select().from(auditLog).where(and(eq(auditLog.appointmentId, visit.id), eq(auditLog.action, "visit.card_link_resend")));
    expect(lines).toMatchObject([{ staffId: desk.id, studioSlug: slug }]);

    // Another studio's desk cannot; once the card is in, there is nothing to send.
    const other = await signedInStaff(db().db, "front_desk", [(await createStudioWithProviders(db().db)).slug]);
    expect((await callRoute(visitRoute.action, post(other.cookie, { intent: "card_link" }), { params: { id: String(visit.id) } })).status).toBe(404);
    await db().db.update(cardRequests).set({ cardAddedAt: new Date(), requestedAt: new Date(Date.now() - 2 * 60_000) }).where(eq(cardRequests.appointmentId, visit.id));
    const none = await resend();
    expect(none.status).toBe(409);
    expect(JSON.stringify(await none.json())).toContain("no card to ask for");
  });
});
