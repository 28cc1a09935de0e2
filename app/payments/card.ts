/** Pure card-number helpers (no I/O). Used by the local payment provider and by form validation. */
/** The brands our own card form accepts (the local test provider); Stripe's page names others too. */
export const CARD_BRANDS = ["visa", "mastercard", "amex", "discover"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Digits only: patients type spaces or dashes between groups. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** Luhn (mod 10) checksum: catches typos and transposed digits before any provider is asked. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const BRANDS: { brand: CardBrand; pattern: RegExp; lengths: number[] }[] = [
  { brand: "amex", pattern: /^3[47]/, lengths: [15] },
  { brand: "visa", pattern: /^4/, lengths: [13, 16, 19] },
  // 51–55 and the 2-series 2221–2720.
  { brand: "mastercard", pattern: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, lengths: [16] },
  { brand: "discover", pattern: /^(6011|65|64[4-9]|622(12[6-9]|1[3-9]\d|[2-8]\d\d|9[01]\d|92[0-5]))/, lengths: [16, 19] },
];

/** Brand from the number's prefix and length; null for a brand we do not accept. */
export function detectBrand(digits: string): CardBrand | null {
  const match = BRANDS.find((b) => b.pattern.test(digits) && b.lengths.includes(digits.length));
  return match?.brand ?? null;
}

export function cvcLength(brand: CardBrand): number {
  return brand === "amex" ? 4 : 3;
}

/** A card is valid through the last day of its expiry month. Two-digit years are 20xx. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = expYear < 100 ? 2000 + expYear : expYear;
  const nowMonths = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return year * 12 + (expMonth - 1) < nowMonths;
}
