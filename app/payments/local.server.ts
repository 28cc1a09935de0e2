/**
 * The local test provider (provider.server.ts): `npm start` without Stripe settings. Our own form takes the card;
 * the booking keeps only a token and the card's brand/last4/expiry; the number and CVC never leave `tokenize`
 * (not stored, not logged, not put in an error message). A fee "charge" moves no money: it is recorded as paid,
 * once per idempotency key, like a processor would answer a retry.
 */
import { randomUUID } from "node:crypto";
import { msg } from "~/i18n/translate";
import { cvcLength, detectBrand, isExpired, luhnValid, normalizeCardNumber, type CardBrand } from "./card";
import type { CardInput, ChargeResult, FeeCollector } from "./types";

export type TokenizedCard = { brand: CardBrand; last4: string; expMonth: number; expYear: number; token: string };
export type TokenizeResult =
  | { ok: true; card: TokenizedCard }
  | {
      ok: false;
      // 'insufficent_funds' is spelt as in the spec's outcome catalogue.
      code: "invalid" | "insufficent_funds";
      field?: "number" | "expiry" | "cvc";
      /** A catalogue key (`msg`), worded for the reader by the action. */
      message: string;
    };

export type LocalProvider = FeeCollector & {
  kind: "local";
  tokenize(card: CardInput): Promise<TokenizeResult>;
};

/** The well-known test number a real processor declines; the local provider declines it the same way. */
export const DECLINED_TEST_CARD = "4000000000000002";

/** Embedded provider for `npm start` and tests: validates like a processor would, charges nothing. */
export function createLocalPaymentProvider({ now = () => new Date() }: { now?: () => Date } = {}): LocalProvider {
  // Answers by idempotency key, for this process's life: a retried charge or refund is answered as the first was.
  const answered = new Map<string, ChargeResult>();
  const refunded = new Map<string, string>();
  return {
    kind: "local",
    async chargeOffSession(request) {
      const known = answered.get(request.idempotencyKey);
      if (known) return known;
      const result: ChargeResult = request.paymentMethod.startsWith("tok_")
        ? { ok: true, ref: `local_pi_${randomUUID()}`, settled: true }
        : { ok: false, code: "card_declined", ref: null, retryable: false };
      answered.set(request.idempotencyKey, result);
      return result;
    },
    async refund(request) {
      if (!request.paymentRef.startsWith("local_pi_") || request.amountCents <= 0) return { ok: false, code: "invalid" };
      const ref = refunded.get(request.idempotencyKey) ?? `local_re_${randomUUID()}`;
      refunded.set(request.idempotencyKey, ref);
      return { ok: true, ref };
    },
    async tokenize(card) {
      const number = normalizeCardNumber(card.number);
      const brand = detectBrand(number);
      if (!brand || !luhnValid(number)) {
        return { ok: false, code: "invalid", field: "number", message: "booking.errors.cardNumber" };
      }
      const { expMonth } = card;
      const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
      if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear) || isExpired(expMonth, expYear, now())) {
        return { ok: false, code: "invalid", field: "expiry", message: "booking.errors.cardExpired" };
      }
      const cvc = card.cvc.trim();
      if (!new RegExp(`^\\d{${cvcLength(brand)}}$`).test(cvc)) {
        return { ok: false, code: "invalid", field: "cvc", message: msg("booking.errors.cvcDigits", { digits: cvcLength(brand) }) };
      }
      if (number === DECLINED_TEST_CARD) {
        return { ok: false, code: "insufficent_funds", field: "number", message: "booking.errors.cardDeclined" };
      }
      return { ok: true, card: { brand, last4: number.slice(-4), expMonth, expYear, token: `tok_${randomUUID()}` } };
    },
  };
}

export const localPaymentProvider: LocalProvider = createLocalPaymentProvider();
