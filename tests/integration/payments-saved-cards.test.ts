/**
 * Decision 072: an account's saved card removed from /profile — listed there, a page that asks first, its post
 * detaching the PaymentMethod on Stripe (the real `stripe` SDK against tests/helpers/stripe-server.ts), deleting our
 * row and auditing it; another account's card, a removed one or a made-up id is the site's 404. PGlite and PostgreSQL.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";
import { startStripeServer } from "../helpers/stripe-server";

const SECRET = "sk_test_savedcards0123456789";
const WHSEC = "whsec_savedcardssecret0123";
const stripe = await startStripeServer({ secretKey: SECRET, webhookSecret: WHSEC });
afterAll(() => stripe.close());
process.env.SESSION_SECRET = "saved-cards-test-secret-0123456789-abcdef";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "saved-cards-"));
process.env.STRIPE_SECRET_KEY = SECRET;
process.env.STRIPE_WEBHOOK_SECRET = WHSEC;
process.env.STRIPE_API_URL = stripe.url;

const { describeEachEngine } = await import("../helpers/db");
const { auditLog, persons, savedCards } = await import("~/db/schema");
const { createAccount } = await import("~/auth/accounts.server");
const { paymentProvider } = await import("~/payments/provider.server");
const profile = await import("~/routes/profile+/_index");
const cardsPage = await import("~/routes/profile+/cards._index");
const cardPage = await import("~/routes/profile+/cards.$id");

const ORIGIN = "http://localhost:3000";
const configured = paymentProvider();
if (configured.kind !== "stripe") throw new Error("expected the Stripe provider");
const provider = configured;
let n = 0;

type Fn = (args: never) => unknown;
const call = (fn: Fn, request: Request, id?: string) => callRoute(fn, request, { params: id === undefined ? {} : { id }, context: { clientIp: "203.0.113.9" } });
const get = (pathname: string, cookie: string, lang = "en") => new Request(`${ORIGIN}${pathname}`, { headers: { Cookie: cookie, "Accept-Language": lang } });
const post = (pathname: string, cookie: string, origin = ORIGIN) =>
  new Request(`${ORIGIN}${pathname}`, { method: "POST", body: "", headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" } });

describeEachEngine("a saved card removed from the profile", ({ db }) => {
  async function account() {
    const email = `cards-${Date.now()}-${n++}@example.com`;
    const setCookie = await createAccount(new Request(ORIGIN), { email, name: "Robin Patel", password: "correct horse battery staple" });
    const [person] = await db().db.select().from(persons).where(eq(persons.email, email));
    return { person, cookie: setCookie.split(";")[0] };
  }

  /** A card saved as the booking saves one: typed on the local Stripe's hosted page, kept in saved_cards. */
  async function savedCard(personId: number, number = "4242424242424242") {
    const customer = await provider.createCustomer({ person: String(personId) });
    const start = await provider.startCardSetup({ customer, successUrl: `${ORIGIN}/ok`, cancelUrl: `${ORIGIN}/back`, expiresAt: new Date(Date.now() + 31 * 60_000), metadata: {} });
    expect((await fetch(start.url, { method: "POST", body: new URLSearchParams({ number, expiry: "12 / 34", cvc: "123" }), redirect: "manual" })).status).toBe(303);
    const end = await provider.finishCardSetup(start.id);
    if (!end.ok) throw new Error("not saved");
    const [row] = await db().db
      .insert(savedCards)
      .values({ personId, customerRef: customer, paymentMethodRef: end.card.token, brand: end.card.brand, last4: end.card.last4, expMonth: end.card.expMonth, expYear: end.card.expYear })
      .returning();
    return row;
  }

  it("listed on /profile; the Remove link's page asks first (in Spanish too); its post detaches it on Stripe, deletes it and audits it", async () => {
    const { person, cookie } = await account();
    const card = await savedCard(person.id);
    const other = await savedCard(person.id, "5555555555554444");
    // The profile links to the cards' page (its own page: /profile's script is at its 96 KB budget).
    expect((await (await call(profile.loader as Fn, get("/profile", cookie))).json()).cards).toBe("Your saved cards");
    const listed = await (await call(cardsPage.loader as Fn, get("/profile/cards", cookie))).json();
    expect(listed).toEqual({
      list: [
        { id: other.id, label: "Mastercard ending 4444, expires 12/2034", removeLabel: "Remove Mastercard ending 4444" },
        { id: card.id, label: "Visa ending 4242, expires 12/2034", removeLabel: "Remove Visa ending 4242" },
      ],
      notice: null,
    });

    // GET changes nothing.
    const asked = await call(cardPage.loader as Fn, get(`/profile/cards/${card.id}`, cookie), String(card.id));
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ card: "Visa ending 4242", expires: "12/2034" });
    expect(await (await call(cardPage.loader as Fn, get(`/profile/cards/${card.id}`, cookie, "es"), String(card.id))).json()).toEqual({ card: "Visa terminada en 4242", expires: "12/2034" });
    // One local Stripe serves both engines: this card's detach requests only.
    const detaches = () => stripe.requests.filter((r) => r.path === `/v1/payment_methods/${card.paymentMethodRef}/detach`);
    expect(detaches()).toHaveLength(0);

    // A cross-site post is refused before anything happens.
    await expect(call(cardPage.action as Fn, post(`/profile/cards/${card.id}`, cookie, "https://evil.example"), String(card.id))).resolves.toMatchObject({ status: 403 });

    const removed = await call(cardPage.action as Fn, post(`/profile/cards/${card.id}`, cookie), String(card.id));
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe("/profile/cards?card=removed");
    expect(stripe.paymentMethods.get(card.paymentMethodRef)).toMatchObject({ customer: null });
    expect(detaches()).toHaveLength(1);
    expect(stripe.paymentMethods.get(other.paymentMethodRef)).toMatchObject({ customer: other.customerRef });
    expect((await db().db.select().from(savedCards).where(eq(savedCards.personId, person.id))).map((c) => c.id)).toEqual([other.id]);
    const [line] = await db().db.select().from(auditLog).where(eq(auditLog.action, "card.removed")).orderBy(auditLog.id).then((rows) => rows.filter((r) => (r.after as { cardId: number }).cardId === card.id));
    expect(line).toMatchObject({ actor: "patient", after: { personId: person.id, cardId: card.id, brand: "visa", last4: "4242", detachedAtProcessor: true } });
    const after = await (await call(cardsPage.loader as Fn, get("/profile/cards?card=removed", cookie))).json();
    expect(after.notice).toBe("The card is removed. It won’t be offered again, and it can’t be charged.");
    expect(after.list.map((c: { id: number }) => c.id)).toEqual([other.id]);

    // Removed already: its page and its post are the 404, Stripe not asked again.
    expect((await call(cardPage.loader as Fn, get(`/profile/cards/${card.id}`, cookie), String(card.id))).status).toBe(404);
    expect((await call(cardPage.action as Fn, post(`/profile/cards/${card.id}`, cookie), String(card.id))).status).toBe(404);
    expect(detaches()).toHaveLength(1);
  });

  it("another account's card, a made-up id, or no login: nothing removed", async () => {
    const owner = await account();
    const card = await savedCard(owner.person.id);
    const stranger = await account();
    for (const id of [String(card.id), "0", "abc", "99999999999", `${card.id}.0`]) {
      expect((await call(cardPage.loader as Fn, get(`/profile/cards/${id}`, stranger.cookie), id)).status).toBe(404);
      expect((await call(cardPage.action as Fn, post(`/profile/cards/${id}`, stranger.cookie), id)).status).toBe(404);
    }
    const loggedOut = await call(cardPage.action as Fn, post(`/profile/cards/${card.id}`, "x=y"), String(card.id));
    expect(loggedOut.status).toBe(302);
    expect(await db().db.select().from(savedCards).where(and(eq(savedCards.id, card.id), eq(savedCards.personId, owner.person.id)))).toHaveLength(1);
    expect(stripe.paymentMethods.get(card.paymentMethodRef)).toMatchObject({ customer: card.customerRef });
  });
});
