/**
 * One trip to Stripe's hosted Checkout page in setup mode, for a card on file (decision 060): the booking funnel's card
 * step (booking/card-setup.server.ts) and the desk's card link (card-requests.server.ts, issue 38 C) both go through
 * here, so the card is typed on Stripe's page only and read back the same way: only from the session the trip made,
 * only when its card hangs off the trip's Customer.
 */
import type { SavedCard } from "./types";
import type { StripeProvider } from "./provider.server";

/** Stripe's shortest Checkout Session (30 minutes), and a minute for the clocks: how long the trip may take. */
export const TRIP_MINUTES = 31;

/** The session's end: at most TRIP_MINUTES from now (the funnel ends it sooner when the time's hold would). */
export const tripEnd = (now: Date) => new Date(now.getTime() + TRIP_MINUTES * 60_000);

/** A Checkout Session in setup mode for the Customer, answering to the two URLs. */
export function startSetupTrip(provider: StripeProvider, input: { customer: string; successUrl: string; cancelUrl: string; until: Date; metadata: Record<string, string> }) {
  return provider.startCardSetup({ customer: input.customer, successUrl: input.successUrl, cancelUrl: input.cancelUrl, expiresAt: input.until, metadata: input.metadata });
}

export type TripEnd =
  | { ok: true; card: SavedCard & { customer: string } }
  /** `not_saved`: no card yet (left, or refused on Stripe's page); `not_this_trip`: a card of another Customer. */
  | { ok: false; code: "not_saved" | "not_this_trip" };

/** The card the trip's session saved: its PaymentMethod id, brand, last 4 and expiry, and the trip's Customer. */
export async function cardOfTrip(provider: StripeProvider, trip: { sessionRef: string; customerRef: string }): Promise<TripEnd> {
  const end = await provider.finishCardSetup(trip.sessionRef);
  if (!end.ok) return { ok: false, code: "not_saved" };
  if (end.card.customer !== trip.customerRef) return { ok: false, code: "not_this_trip" };
  return { ok: true, card: end.card };
}
