/** What the patient reads for each outcome code of the spec (§8). Plain words, and what to do next. */
export const OUTCOME_CODES = [
  "invalid",
  "conflict",
  "availability_conflict",
  "generic_error",
  "has_srp_tx_plan",
  "insufficent_funds", // spelt so in the spec
] as const;
export type OutcomeCode = (typeof OUTCOME_CODES)[number];

/** Catalogue keys (`booking` namespace): callers word them with the reader's `t` (`localize`). */
export const OUTCOME_MESSAGES: Record<OutcomeCode, string> = {
  invalid: "booking.outcome.invalid",
  conflict: "booking.outcome.conflict",
  availability_conflict: "booking.outcome.availability_conflict",
  generic_error: "booking.outcome.generic_error",
  has_srp_tx_plan: "booking.outcome.has_srp_tx_plan",
  insufficent_funds: "booking.outcome.insufficent_funds",
};

export function isOutcomeCode(value: unknown): value is OutcomeCode {
  return (OUTCOME_CODES as readonly unknown[]).includes(value);
}

/** Unknown codes from a backend fall back to the generic message rather than showing a code (a catalogue key). */
export function outcomeMessage(code: string): string {
  return isOutcomeCode(code) ? OUTCOME_MESSAGES[code] : OUTCOME_MESSAGES.generic_error;
}
