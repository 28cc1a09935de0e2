import { formatUsd } from "~/rules/currency";

type Priced = { category: "preventive" | "cosmetic" | "ortho" | "consult" | "emergency"; priceCents: number | null };

/**
 * Dental plans usually cover checkups, emergencies and consults; cosmetic work (whitening, veneers,
 * Botox) they usually do not (decision 008). The price shown is always the self-pay price.
 */
const USUALLY_COVERED: ReadonlySet<Priced["category"]> = new Set(["preventive", "emergency", "consult"]);

/** "$499", "Free consult", or "Usually covered by insurance · $199 without insurance" (spec §5 currency). */
export function priceLine(service: Priced): string {
  if (service.priceCents === null) return "Price confirmed at your visit";
  if (service.priceCents === 0) return "Free consult";
  const price = formatUsd(service.priceCents);
  return USUALLY_COVERED.has(service.category) ? `Usually covered by insurance · ${price} without insurance` : price;
}

/** One line for a group of services (a choice that leads to several): theirs if they agree, else "From $X". */
export function priceLineOfGroup(services: Priced[]): string {
  const lines = [...new Set(services.map(priceLine))];
  if (lines.length === 1) return lines[0];
  const paid = services.map((s) => s.priceCents).filter((c): c is number => c !== null && c > 0);
  if (services.some((s) => s.priceCents === 0)) return "Free consult, treatment priced with you";
  return paid.length ? `From ${formatUsd(Math.min(...paid))}` : "Price confirmed at your visit";
}
