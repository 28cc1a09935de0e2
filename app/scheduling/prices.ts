import type { T } from "~/i18n/translate";
import { formatUsd } from "~/rules/currency";

type Priced = { category: "preventive" | "cosmetic" | "ortho" | "consult" | "emergency"; priceCents: number | null };

/**
 * Dental plans usually cover checkups, emergencies and consults; cosmetic work (whitening, veneers,
 * Botox) they usually do not (decision 008). The price shown is always the self-pay price.
 */
const USUALLY_COVERED: ReadonlySet<Priced["category"]> = new Set(["preventive", "emergency", "consult"]);

/** "$499", "Free consult", or "Usually covered by insurance · $199 without insurance" (spec §5 currency), in the reader's words. */
export function priceLine(service: Priced, t: T, locale: string): string {
  if (service.priceCents === null) return t("booking.price.atVisit");
  if (service.priceCents === 0) return t("booking.price.free");
  const price = formatUsd(service.priceCents, { locale });
  return USUALLY_COVERED.has(service.category) ? t("booking.price.usuallyCovered", { price }) : price;
}

/** One line for a group of services (a choice that leads to several): theirs if they agree, else "From $X". */
export function priceLineOfGroup(services: Priced[], t: T, locale: string): string {
  const lines = [...new Set(services.map((s) => priceLine(s, t, locale)))];
  if (lines.length === 1) return lines[0];
  const paid = services.map((s) => s.priceCents).filter((c): c is number => c !== null && c > 0);
  if (services.some((s) => s.priceCents === 0)) return t("booking.price.freeThenPriced");
  return paid.length ? t("booking.price.from", { price: formatUsd(Math.min(...paid), { locale }) }) : t("booking.price.atVisit");
}
