/** The payment seam's types (provider.server.ts): pure, shared by both providers and their callers. */

/** A card kept for a booking: the provider's token and what the patient recognises it by. */
export type SavedCard = { brand: string; last4: string; expMonth: number; expYear: number; token: string; customer?: string };

/** Why an off-session charge did not go through. `insufficent_funds` is spelt as in the spec's catalogue. */
export type ChargeFailure = "insufficent_funds" | "card_declined" | "authentication_required" | "generic_error";

export type ChargeRequest = {
  customer: string | null;
  paymentMethod: string;
  amountCents: number;
  /** One key per visit and fee: a retry, or a second process, gets the first answer and never a second charge. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  description: string;
};

export type ChargeResult =
  | { ok: true; ref: string; /** false: the processor confirms later (Stripe's payment_intent.succeeded). */ settled: boolean }
  | { ok: false; code: ChargeFailure; ref: string | null; /** true: our side or the network, try again later. */ retryable: boolean };

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string; name?: string };

export type RefundRequest = { paymentRef: string; amountCents: number; idempotencyKey: string; metadata: Record<string, string> };
export type RefundResult = { ok: true; ref: string } | { ok: false; code: "generic_error" | "invalid" };

/** What every provider does with a fee. */
export interface FeeCollector {
  chargeOffSession(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
}

