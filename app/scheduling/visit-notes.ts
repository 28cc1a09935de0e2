import {
  CANCEL_NOTICE_HOURS,
  cardBrandName,
  cardLabel,
  LATE_CANCEL_FEE_CENTS,
  type CardOnFile,
} from "~/rules/cancellation-policy";
import { formatUsd } from "~/rules/currency";
import { DEFAULT_LOCALE, type T } from "~/i18n/translate";

export { BRAND } from "~/platform/brand";

/** What a patient brings; the confirmed page and the email say the same. */
export function whatToBring(isVirtual: boolean, t: T): string[] {
  return isVirtual
    ? [t("visit.notes.bring.virtualPlace"), t("visit.notes.bring.medicines")]
    : [
        t("visit.notes.bring.photoId"),
        t("visit.notes.bring.insuranceCard"),
        t("visit.notes.bring.medicines"),
        t("visit.notes.bring.arriveEarly"),
      ];
}

/** The cancellation policy in one sentence (decision 004: a card holds the visit in most markets). */
export function cancellationPolicy(t: T, locale: string): string {
  return t("visit.notes.policy", { hours: CANCEL_NOTICE_HOURS, fee: formatUsd(LATE_CANCEL_FEE_CENTS, { locale }) });
}

/** "Visa ending 4242" in the reader's language. */
export function cardLabelIn(t: T, locale: string, card: CardOnFile): string {
  return locale === DEFAULT_LOCALE ? cardLabel(card) : t("visit.cardEnding", { brand: cardBrandName(card.brand) ?? t("visit.card"), last4: card.last4 });
}
