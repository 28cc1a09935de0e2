import {
  CANCEL_NOTICE_HOURS,
  LATE_CANCEL_FEE_CENTS,
} from "~/rules/cancellation-policy";
import { formatUsd } from "~/rules/currency";

/** The brand, spelt one way everywhere (pages, the email's subject and sender, the calendar file's PRODID). */
export const BRAND = "Studio Dental";

/** What a patient brings; the confirmed page and the email say the same. */
export function whatToBring(isVirtual: boolean): string[] {
  return isVirtual
    ? [
        "A quiet, well-lit place and a phone or computer with a camera",
        "A list of the medicines you take",
      ]
    : [
        "A photo ID",
        "Your dental insurance card, if you have one",
        "A list of the medicines you take",
        "Please arrive 10 minutes early",
      ];
}

/** The cancellation policy in one sentence (decision 004: a card holds the visit in most markets). */
export const CANCELLATION_POLICY = `Need to cancel or reschedule? Do it from your appointment page or call your studio, at least ${CANCEL_NOTICE_HOURS} hours ahead. If a card holds your visit, cancelling later or missing it costs ${formatUsd(
  LATE_CANCEL_FEE_CENTS
)}.`;
