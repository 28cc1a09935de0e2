import { isWithinNext24Hours } from "./time-window";

/** Late-cancel / no-show fee held on the card (DOMAIN-NOTES: $45–$150 at peers; $50 for any visit here). */
export const LATE_CANCEL_FEE_CENTS = 5000;
export const CANCEL_NOTICE_HOURS = 24;

export type CardOnFile = { brand: string; last4: string };

/**
 * A card holds the appointment (late-cancel / no-show fee) in every market; in Nashville only when the
 * nashvilleCCRequired flag is on (spec §9: false, so no card there by default). The funnel's card step and the
 * desk's card link (issue 38 C) both ask this.
 */
export function cardRequired(market: string | null | undefined, nashvilleCcRequired: boolean): boolean {
  return market === "nashville" ? nashvilleCcRequired : true;
}

export type ChangeTerms = {
  /** Cancel is possible online: the visit is confirmed and has not begun. */
  canCancel: boolean;
  /** Inside the spec's "within the next 24 hours" window. */
  late: boolean;
  /** What cancelling now costs: the fee when late and a card holds the visit, else nothing (decision 012). */
  feeCents: number | null;
  /** Moving the visit online stops where the fee starts: inside 24 hours the studio is called instead. */
  canReschedule: boolean;
};

/** The policy shown at booking, enforced on the server: free until 24 hours before, $50 after if a card holds it. */
export function changeTerms(visit: { status: string; startsAt: Date; card: CardOnFile | null }, now: Date): ChangeTerms {
  const canCancel = visit.status === "CONFIRMED" && visit.startsAt > now;
  const late = canCancel && isWithinNext24Hours(visit.startsAt, now);
  return {
    canCancel,
    late,
    feeCents: late && visit.card ? LATE_CANCEL_FEE_CENTS : null,
    canReschedule: canCancel && !late,
  };
}

const BRAND_NAMES: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };

/** "Visa", or null for a brand we do not name (the label then says "Card"). */
export const cardBrandName = (brand: string): string | null => BRAND_NAMES[brand] ?? null;

/** "Visa ending 4242": how a patient recognises the card, never more of it. */
export const cardLabel = (card: CardOnFile) => `${cardBrandName(card.brand) ?? "Card"} ending ${card.last4}`;
