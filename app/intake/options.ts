/**
 * What the intake forms offer (values, and their labels as catalogue keys in the `intake` namespace), shared by
 * the pages and their server-side schemas. Pure, no zod: pages import it, so it ships to the browser (decision 006).
 * A label that is no key (a carrier's brand name) reads the same in every language.
 */
import type { T } from "~/i18n/translate";
import { CARRIERS, SELF_PAY } from "~/rules/insurance";

export { SELF_PAY };

type Option = { value: string; label: string; detail?: string };

/** The carriers of the booking's insurance step, plus "I don't have dental insurance". */
export const CARRIER_CHOICES: Option[] = [
  ...CARRIERS.map((c) =>
    c.value === "OTHER" ? { value: c.value as string, label: "intake.carrier.other", detail: "intake.carrier.otherDetail" } : { value: c.value as string, label: c.label as string },
  ),
  { value: SELF_PAY, label: "intake.carrier.none", detail: "intake.carrier.noneDetail" },
];

export const PLAN_TYPES = [
  { value: "PPO", label: "intake.planType.PPO" },
  { value: "HMO", label: "intake.planType.HMO" },
  { value: "MEDICAID", label: "intake.planType.MEDICAID" },
  { value: "MEDICARE_ADVANTAGE", label: "intake.planType.MEDICARE_ADVANTAGE" },
  { value: "NOT_SURE", label: "intake.notSure" },
] as const;

export const RELATIONSHIPS = [
  { value: "self", label: "intake.relationship.self" },
  { value: "spouse", label: "intake.relationship.spouse" },
  { value: "parent", label: "intake.relationship.parent" },
  { value: "other", label: "intake.relationship.other" },
] as const;

/** The conditions a US dental practice asks about (ADA health history). */
export const CONDITIONS = [
  { value: "heart", label: "intake.conditions.heart" },
  { value: "artificial-valve", label: "intake.conditions.artificialValve" },
  { value: "joint-replacement", label: "intake.conditions.jointReplacement" },
  { value: "bleeding", label: "intake.conditions.bleeding" },
  { value: "diabetes", label: "intake.conditions.diabetes" },
  { value: "blood-pressure", label: "intake.conditions.bloodPressure" },
  { value: "lung", label: "intake.conditions.lung" },
  { value: "seizures", label: "intake.conditions.seizures" },
  { value: "liver", label: "intake.conditions.liver" },
  { value: "kidney", label: "intake.conditions.kidney" },
  { value: "cancer", label: "intake.conditions.cancer" },
  { value: "immune", label: "intake.conditions.immune" },
  { value: "osteoporosis", label: "intake.conditions.osteoporosis" },
  { value: "tmj", label: "intake.conditions.tmj" },
] as const;
export const NO_CONDITIONS = "none";

export const ALLERGENS = [
  { value: "penicillin", label: "intake.allergens.penicillin" },
  { value: "local-anesthetic", label: "intake.allergens.localAnesthetic" },
  { value: "latex", label: "intake.allergens.latex" },
  { value: "nsaids", label: "intake.allergens.nsaids" },
  { value: "opioids", label: "intake.allergens.opioids" },
  { value: "metals", label: "intake.allergens.metals" },
] as const;

export const YES_NO = [
  { value: "yes", label: "intake.yes" },
  { value: "no", label: "intake.no" },
] as const;

export const PREGNANCY = [
  { value: "no", label: "intake.no" },
  { value: "pregnant", label: "intake.pregnancy.pregnant" },
  { value: "nursing", label: "intake.pregnancy.nursing" },
  { value: "not-applicable", label: "intake.pregnancy.notApplicable" },
] as const;

export const TOBACCO = [
  { value: "never", label: "intake.tobacco.never" },
  { value: "former", label: "intake.tobacco.former" },
  { value: "current", label: "intake.tobacco.current" },
] as const;

export const PREMEDICATION = [
  { value: "no", label: "intake.no" },
  { value: "yes", label: "intake.yes" },
  { value: "not-sure", label: "intake.notSure" },
] as const;

/** An answer's label in the reader's words (an unknown value as it was given). */
export const labelOf = (t: T, list: readonly { value: string; label: string }[], value: string | undefined) => {
  const label = list.find((o) => o.value === value)?.label;
  return label ? t(label) : (value ?? "");
};

/** A list of choices in the reader's words, for a ChoiceGroup. */
export const wordedChoices = (t: T, list: readonly Option[]) =>
  list.map((o) => ({ value: o.value, label: t(o.label), ...(o.detail ? { detail: t(o.detail) } : {}) }));
