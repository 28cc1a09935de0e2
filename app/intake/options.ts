/**
 * What the intake forms offer (labels and values), shared by the pages and their server-side schemas.
 * Pure, no zod: pages import it, so it ships to the browser (decision 006).
 */
import { CARRIERS, SELF_PAY } from "~/rules/insurance";

export { SELF_PAY };

/** The carriers of the booking's insurance step, plus "I don't have dental insurance". */
export const CARRIER_CHOICES = [
  ...CARRIERS.map((c) => ({ value: c.value as string, label: c.label as string })),
  { value: SELF_PAY, label: "I don’t have dental insurance", detail: "Or you’d rather pay yourself." },
];

export const PLAN_TYPES = [
  { value: "PPO", label: "PPO or indemnity (you can see any dentist)" },
  { value: "HMO", label: "HMO or DMO (you choose one dental office)" },
  { value: "MEDICAID", label: "Medicaid or a state plan" },
  { value: "MEDICARE_ADVANTAGE", label: "Medicare Advantage" },
  { value: "NOT_SURE", label: "I’m not sure" },
] as const;

export const RELATIONSHIPS = [
  { value: "self", label: "Me" },
  { value: "spouse", label: "My spouse or partner" },
  { value: "parent", label: "My parent or guardian" },
  { value: "other", label: "Someone else" },
] as const;

/** The conditions a US dental practice asks about (ADA health history). */
export const CONDITIONS = [
  { value: "heart", label: "Heart condition (heart attack, heart failure, murmur, irregular heartbeat)" },
  { value: "artificial-valve", label: "Artificial heart valve, or a history of infective endocarditis" },
  { value: "joint-replacement", label: "Artificial joint (hip, knee…)" },
  { value: "bleeding", label: "Bleeding disorder, or you bruise or bleed easily" },
  { value: "diabetes", label: "Diabetes" },
  { value: "blood-pressure", label: "High or low blood pressure" },
  { value: "lung", label: "Asthma or another lung condition" },
  { value: "seizures", label: "Seizures or epilepsy" },
  { value: "liver", label: "Liver disease or hepatitis" },
  { value: "kidney", label: "Kidney disease or dialysis" },
  { value: "cancer", label: "Cancer, chemotherapy or radiation to the head or neck" },
  { value: "immune", label: "Immune condition (HIV, an organ transplant, immunosuppressive treatment)" },
  { value: "osteoporosis", label: "Osteoporosis, or bone medication (bisphosphonates)" },
  { value: "tmj", label: "Jaw joint problems (TMJ)" },
] as const;
export const NO_CONDITIONS = "none";

export const ALLERGENS = [
  { value: "penicillin", label: "Penicillin or other antibiotics" },
  { value: "local-anesthetic", label: "Local anesthetics (numbing)" },
  { value: "latex", label: "Latex" },
  { value: "nsaids", label: "Aspirin or ibuprofen" },
  { value: "opioids", label: "Codeine or other opioids" },
  { value: "metals", label: "Metals (nickel…)" },
] as const;

export const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;

export const PREGNANCY = [
  { value: "no", label: "No" },
  { value: "pregnant", label: "I’m pregnant" },
  { value: "nursing", label: "I’m nursing" },
  { value: "not-applicable", label: "Doesn’t apply to me" },
] as const;

export const TOBACCO = [
  { value: "never", label: "Never" },
  { value: "former", label: "I used to" },
  { value: "current", label: "Yes, I smoke, vape or use tobacco now" },
] as const;

export const PREMEDICATION = [
  { value: "no", label: "No" },
  { value: "yes", label: "Yes" },
  { value: "not-sure", label: "I’m not sure" },
] as const;

export const labelOf = (list: readonly { value: string; label: string }[], value: string | undefined) =>
  list.find((o) => o.value === value)?.label ?? value ?? "";
