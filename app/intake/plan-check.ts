/**
 * Is the patient's dental plan one the practice accepts? An interface, so a real eligibility service
 * (X12 270/271 through a clearinghouse) can be plugged in later; the default is the practice's own rules
 * (`localPlanRules`), recorded as `checkedBy: "local-rules"` — a rule lookup, not an eligibility
 * verification: it never asks the insurer whether the coverage is active. Pure.
 */
import { CARRIERS } from "~/rules/insurance";

export type PlanCheckOutcome = "accepted" | "not_accepted" | "unavailable";
export type PlanCheckInput = { carrier: string; planType: string; planName?: string };
export type PlanCheckRecord = { outcome: PlanCheckOutcome; checkedBy: string; at: string };

export type PlanCheck = {
  /** Recorded with the outcome, so nobody mistakes a rule lookup for a verification. */
  readonly name: string;
  check(insurance: PlanCheckInput): Promise<PlanCheckOutcome>;
};

/** Plan types the practice does not accept (spec §8: Medicaid, Medicare Advantage, HMOs, DMOs). */
const NOT_ACCEPTED_TYPES = new Set(["HMO", "MEDICAID", "MEDICARE_ADVANTAGE"]);
/** Plans named in the spec's notice, as a patient may type them for "another plan". */
const NOT_ACCEPTED_NAMES = /\b(medicaid|medicare|healthplex|hmo|dmo|dhmo)\b/i;
const ACCEPTED_CARRIERS: ReadonlySet<string> = new Set(CARRIERS.map((c) => c.value).filter((v) => v !== "OTHER"));

/**
 * The practice's rules: a listed carrier's PPO/indemnity plan (or "not sure") is accepted; an HMO/DMO,
 * Medicaid or Medicare Advantage plan, or a plan named as one, is not; another carrier's plan cannot be
 * decided by rules ("unavailable": the studio checks it by hand and contacts the patient).
 */
export const localPlanRules: PlanCheck = {
  name: "local-rules",
  async check({ carrier, planType, planName }) {
    if (NOT_ACCEPTED_TYPES.has(planType) || (planName && NOT_ACCEPTED_NAMES.test(planName))) return "not_accepted";
    if (ACCEPTED_CARRIERS.has(carrier)) return "accepted";
    return "unavailable";
  },
};

/** Runs a plan check; a failing or slow service answers "unavailable" (could not check now), never an error. */
export async function runPlanCheck(planCheck: PlanCheck, input: PlanCheckInput, { now = new Date(), timeoutMs = 3000 } = {}): Promise<PlanCheckRecord> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<PlanCheckOutcome>((resolve) => {
    timer = setTimeout(() => resolve("unavailable"), timeoutMs);
  });
  const outcome = await Promise.race([planCheck.check(input).catch((): PlanCheckOutcome => "unavailable"), timeout]);
  clearTimeout(timer);
  return { outcome, checkedBy: planCheck.name, at: now.toISOString() };
}
