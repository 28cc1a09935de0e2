/**
 * The booking's card step with Stripe (issue 32 A, decision 060). The card is typed on Stripe's hosted Checkout page
 * only: our step offers the cards the patient already has (this booking's, an account's saved ones) and a button that
 * posts, answered with a 303 to a Checkout Session in setup mode for a Stripe Customer of that patient. Leaving
 * extends the time's hold to the session's life (bounded: extendHold). The trip is kept in `card_setups` under the
 * booking id of the encrypted cookie (the cookie has no room for Stripe's ids). Stripe sends the patient back to
 * `/booking/payment-info/return?session=<id>`: the id must be the one this booking sent there (another is a 404); the
 * SetupIntent's PaymentMethod id, brand, last 4 and expiry become the booking's card, its Customer stays in the row
 * until the booking is made. Cancel on Stripe's page comes back to the step (`?stripe=back`), which says why when
 * Stripe refused a card.
 */
import { and, desc, eq, lt } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb, type Db } from "~/db/client.server";
import { deleteBatch } from "~/db/delete-batch";
import { cardSetups, paymentCustomers, savedCards } from "~/db/schema";
import { rejected, tooMany, validateForm } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { readDevice } from "~/platform/cookies.server";
import { getEnv } from "~/platform/env.server";
import { goneLink } from "~/platform/gone-link.server";
import { extendHold, newBookingId } from "~/scheduling/holds.server";
import { consume, RateLimited } from "~/auth/rate-limit.server";
import { addressBlock } from "~/rules/client-address";
import { cardOfTrip, startSetupTrip, tripEnd, TRIP_MINUTES } from "~/payments/card-checkout.server";
import type { StripeProvider } from "~/payments/provider.server";
import type { ChargeFailure } from "~/payments/types";
import { bookingFlow } from "./funnel";
import { OUTCOME_MESSAGES } from "./outcomes";
import type { BookingState } from "./state";
import { openStep, saveAndRedirect } from "./step.server";

export { TRIP_MINUTES };

type Payment = NonNullable<BookingState["payment"]>;

/** A card the step offers: this booking's own (`keep`) or one an account saved earlier (`saved-<id>`). */
export type CardChoice = { value: string; brand: string; last4: string; expMonth: number; expYear: number };

/** The account's saved Stripe cards, newest first, those not yet expired. */
async function accountCards(db: Db, personId: number, now: Date) {
  const rows = await db.select().from(savedCards).where(eq(savedCards.personId, personId)).orderBy(desc(savedCards.id)).limit(10);
  const month = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return rows.filter((r) => r.expYear * 12 + r.expMonth - 1 >= month);
}

/** What the Stripe step shows: the choices, and why the patient is back from Stripe's page without a card. */
export async function stripeStepData(request: Request, provider: StripeProvider, now = new Date()) {
  const { state, opts } = await openStep(request, "payment-info");
  const choices: CardChoice[] = [];
  const own = state.payment?.token.startsWith("pm_") ? state.payment : null;
  if (own) choices.push({ value: "keep", brand: own.brand, last4: own.last4, expMonth: own.expMonth, expYear: own.expYear });
  if (opts.account) {
    for (const card of await accountCards(await getDb(), opts.account.personId, now)) {
      if (card.paymentMethodRef === own?.token) continue;
      choices.push({ value: `saved-${card.id}`, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear });
    }
  }
  // Back from Stripe's page (its cancel URL): a refusal there is kept on the session's SetupIntent.
  let declined: ChargeFailure | null = null;
  const trip = new URL(request.url).searchParams.get("stripe") === "back" ? await tripOf(state.bookingId) : null;
  if (trip?.sessionRef) {
    const end = await provider.finishCardSetup(trip.sessionRef).catch(() => ({ ok: false as const }));
    if (!end.ok && "declined" in end && end.declined) declined = end.declined;
  }
  return { choices, declined: declined ? (declined === "insufficent_funds" ? OUTCOME_MESSAGES.insufficent_funds : "booking.errors.cardDeclined") : null };
}

const choiceSchema = z.object({
  card: z.union([z.literal("keep"), z.literal("new"), z.string().regex(/^saved-\d{1,9}$/)], "booking.errors.chooseCard"),
});

/** What the step says past each trip limit (429, decision 061), given the minutes to wait as `count`. */
const TRIP_LIMIT_MESSAGES = { cardTripBooking: "booking.payment.tooManyBooking", cardTripDevice: "booking.payment.tooManyDevice" } as const;

/**
 * Counts one Checkout Session about to be made (decision 061): per booking, then per device (a post without the
 * `device` cookie the times step gives counts against its address's one "no device" bucket, as holds do). Returns
 * the limit it is past, or null.
 */
async function countTrip(bookingId: string, device: string | null, address: string) {
  for (const [name, key] of [["cardTripBooking", bookingId], ["cardTripDevice", device ?? `no-device:${addressBlock(address)}`]] as const) {
    try {
      await consume(name, key);
    } catch (error) {
      if (error instanceof RateLimited) return { name, retryAfterSeconds: error.retryAfterSeconds };
      throw error;
    }
  }
  return null;
}

/** The Stripe step's post: a card already known continues the booking; "new" leaves for Stripe's page. */
export async function submitStripeChoice(request: Request, form: FormData, provider: StripeProvider, address: string, now = new Date()) {
  const ctx = await openStep(request, "payment-info");
  const { t } = i18nOf(request);
  const db = await getDb();
  const result = await validateForm(form, choiceSchema, t, async ({ card }) => {
    if (card === "new") return { card } as const;
    if (card === "keep") return ctx.state.payment?.token.startsWith("pm_") ? { card, payment: ctx.state.payment } : { formErrors: ["booking.errors.chooseCard"] };
    const id = Number(card.slice("saved-".length));
    const saved = ctx.opts.account ? (await accountCards(db, ctx.opts.account.personId, now)).find((c) => c.id === id) : undefined;
    if (!saved) return { formErrors: ["booking.errors.chooseCard"] };
    const payment: Payment = { brand: saved.brand, last4: saved.last4, expMonth: saved.expMonth, expYear: saved.expYear, token: saved.paymentMethodRef, customer: saved.customerRef };
    return { card, payment };
  });
  if (!result.ok) return result.response;
  const bookingId = ctx.state.bookingId ?? newBookingId();
  const personId = ctx.opts.account?.personId ?? null;
  if (result.value.card !== "new") {
    const { payment } = result.value as { payment: Payment };
    // The Customer an off-session charge names, beside the card (the cookie keeps neither Stripe id but the card's).
    if (payment.customer) await keepTrip(db, { bookingId, personId, customerRef: payment.customer, sessionRef: null, paymentMethodRef: payment.token });
    return continueWith(request, { ...ctx.state, bookingId }, ctx.opts, payment);
  }

  // Each trip makes a session (and a guest's Customer) at Stripe: bounded per booking and per device.
  const limited = await countTrip(bookingId, readDevice(request), address);
  if (limited) return tooMany(limited, { card: "new" }, { t, message: TRIP_LIMIT_MESSAGES[limited.name] });
  try {
    const earlier = await tripOf(bookingId);
    // A guest's Customer is reused for a second trip of the same guest only; an account has its one Customer.
    const customer = personId
      ? await accountCustomer(db, provider, personId)
      : earlier && earlier.personId === null
        ? earlier.customerRef
        : await provider.createCustomer({ purpose: "booking" });
    const until = tripEnd(now);
    // The hold covers the trip (bounded by extendHold); the session ends when the hold would.
    const hold = await extendHold(db, bookingId, until, now);
    const origin = getEnv().SITE_ORIGIN;
    const session = await startSetupTrip(provider, {
      customer,
      successUrl: `${origin}/booking/payment-info/return?session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/booking/payment-info?stripe=back`,
      until,
      metadata: { purpose: "booking_card" },
    });
    await keepTrip(db, { bookingId, personId, customerRef: customer, sessionRef: session.id, paymentMethodRef: null });
    const next: BookingState = { ...ctx.state, bookingId };
    if (hold && next.slot) next.slot = { ...next.slot, heldUntil: Math.floor(hold.expiresAt.getTime() / 1000) };
    return saveAndRedirect(request, session.url, next, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // Stripe (or the network to it) failed: our fault, not the patient's. The step again, with the apology.
    console.error(`[payments] card setup failed: ${error instanceof Error ? error.name : "unknown"}`);
    return rejected({ card: "new" }, { "": [OUTCOME_MESSAGES.generic_error] }, { t, status: 503 });
  }
}

type Trip = typeof cardSetups.$inferSelect;

/** This booking's trip (its row in card_setups), or null. */
async function tripOf(bookingId: string | undefined): Promise<Trip | null> {
  if (!bookingId) return null;
  const [row] = await (await getDb()).select().from(cardSetups).where(eq(cardSetups.bookingId, bookingId));
  return row ?? null;
}

/** Records the booking's trip (one row per booking: a new trip replaces the last). */
async function keepTrip(db: Db, trip: Omit<Trip, "updatedAt">) {
  const { bookingId: _key, ...rest } = trip;
  await db
    .insert(cardSetups)
    .values({ ...trip, updatedAt: new Date() })
    .onConflictDoUpdate({ target: cardSetups.bookingId, set: { ...rest, updatedAt: new Date() } });
}

/**
 * The Stripe Customer of the booking's card, for the visit's record (an off-session fee names both): the one its trip
 * (or the saved card chosen) recorded for this very PaymentMethod; null for the local provider's cards.
 */
export async function bookingCardCustomer(db: Db, state: Pick<BookingState, "bookingId" | "payment">): Promise<string | null> {
  const token = state.payment?.token;
  if (!state.bookingId || !token?.startsWith("pm_")) return state.payment?.customer ?? null;
  const [row] = await db
    .select({ customer: cardSetups.customerRef })
    .from(cardSetups)
    .where(and(eq(cardSetups.bookingId, state.bookingId), eq(cardSetups.paymentMethodRef, token)));
  return row?.customer ?? null;
}

/**
 * How long a trip's row is kept after its last write (decision 061). It is read until the booking is made (the
 * visit's Customer): the hold behind it lives at most HOLD_MAX_LIFE_MINUTES (90) after the time was chosen and the
 * booking cookie 4 hours after its last step; a row untouched for a day belongs to a booking made or abandoned.
 */
export const CARD_SETUP_KEEP_MS = 24 * 60 * 60_000;

/**
 * Deletes one batch of `card_setups` rows last written over a day ago; returns how many. Runs on the job helper in
 * every container: a delete is safe to run twice, so no claim is needed.
 */
export async function sweepOldCardSetups(db: Db, now: Date): Promise<number> {
  return deleteBatch(db, cardSetups, cardSetups.bookingId, lt(cardSetups.updatedAt, new Date(now.getTime() - CARD_SETUP_KEEP_MS)));
}

/** The account's Stripe Customer: made once (two tabs at once: the first row stays, the other Customer is unused). */
async function accountCustomer(db: Db, provider: StripeProvider, personId: number): Promise<string> {
  const [known] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.personId, personId));
  if (known) return known.customerRef;
  const made = await provider.createCustomer({ purpose: "account", person: String(personId) });
  await db.insert(paymentCustomers).values({ personId, customerRef: made }).onConflictDoNothing();
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.personId, personId));
  return row?.customerRef ?? made;
}

/** The booking goes on with this card; the trip, if any, is over. */
async function continueWith(request: Request, state: BookingState, opts: Awaited<ReturnType<typeof openStep>>["opts"], payment: Payment) {
  // The cookie keeps the card without its Customer (the trip's row has it): the cookie's 4 KB have no room for it.
  const { customer: _customer, ...card } = payment;
  const { state: advanced, next } = bookingFlow.advance(state, "payment-info", { payment: card }, opts);
  return saveAndRedirect(request, next, advanced);
}

/** A return address that is not this booking's trip: the site's 404, as for any unknown link. */
const notThisBooking = () =>
  goneLink({ heading: "common.gone.linkHeading", message: "common.gone.cardReturn", next: { href: "/booking/payment-info", label: "common.gone.cardReturnNext" } });

/**
 * Stripe's success URL. Only the session this browser's booking sent to Stripe (its id in the encrypted cookie) is
 * read; its card must hang off the Customer the booking made. A card saved by an account holder is kept for reuse.
 */
export async function returnFromStripe(request: Request, provider: StripeProvider) {
  const ctx = await openStep(request, "payment-info");
  const session = new URL(request.url).searchParams.get("session");
  const trip = await tripOf(ctx.state.bookingId);
  if (!trip?.sessionRef || session !== trip.sessionRef) throw notThisBooking();
  const end = await cardOfTrip(provider, { sessionRef: trip.sessionRef, customerRef: trip.customerRef });
  if (!end.ok && end.code === "not_saved") return saveAndRedirect(request, "/booking/payment-info?stripe=back", ctx.state);
  if (!end.ok) throw notThisBooking();
  const { token, brand, last4, expMonth, expYear, customer } = end.card;
  const db = await getDb();
  const { updatedAt: _at, ...kept } = trip;
  await keepTrip(db, { ...kept, paymentMethodRef: token });
  if (ctx.opts.account) {
    await db
      .insert(savedCards)
      .values({ personId: ctx.opts.account.personId, customerRef: customer, paymentMethodRef: token, brand, last4, expMonth, expYear })
      .onConflictDoNothing();
  }
  return continueWith(request, ctx.state, ctx.opts, { token, brand, last4, expMonth, expYear });
}
