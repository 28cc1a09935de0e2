import type { T } from "~/i18n/translate";
import { CARRIERS } from "~/rules/insurance";

/** A plan's name for a patient: the brand as it is; "Another plan" in the reader's words. */
export function carrierLabel(t: T, value: string): string {
  if (value === "OTHER") return t("booking.insurance.other");
  return CARRIERS.find((c) => c.value === value)?.label ?? value;
}
