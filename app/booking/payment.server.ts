/**
 * Payment provider seam. The booking keeps only a token and the card's brand/last4/expiry; the number
 * and CVC never leave `tokenize` (not stored, not logged, not put in an error message).
 */
import { randomUUID } from "node:crypto";
import { msg } from "~/i18n/translate";
import { cvcLength, detectBrand, isExpired, luhnValid, normalizeCardNumber } from "./card";
import type { CardBrand } from "./state";

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string; name?: string };
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

export interface PaymentProvider {
  tokenize(card: CardInput): Promise<TokenizeResult>;
}

/** The well-known test number a real processor declines; the local provider declines it the same way. */
export const DECLINED_TEST_CARD = "4000000000000002";

/** Embedded provider for `npm start` and tests: validates like a processor would, charges nothing. */
export function createLocalPaymentProvider({ now = () => new Date() }: { now?: () => Date } = {}): PaymentProvider {
  return {
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

export const localPaymentProvider: PaymentProvider = createLocalPaymentProvider();
