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

export const OUTCOME_MESSAGES: Record<OutcomeCode, string> = {
  invalid: "Some details need another look. Please check the highlighted fields and try again.",
  conflict: "You already have an appointment at this time. Please pick another time, or manage your visit from your appointments page.",
  availability_conflict: "Sorry — someone just booked that time. Please pick another time.",
  generic_error: "Sorry, something went wrong on our side and your appointment was not booked. Please try again in a moment, or call your studio.",
  has_srp_tx_plan:
    "Your treatment plan includes deep cleanings, so your studio schedules these with you. Please call your studio to book your cleaning.",
  insufficent_funds: "Your card was declined. Please try another card — it is only held to secure your appointment.",
};

export function isOutcomeCode(value: unknown): value is OutcomeCode {
  return (OUTCOME_CODES as readonly unknown[]).includes(value);
}

/** Unknown codes from a backend fall back to the generic message rather than showing a code. */
export function outcomeMessage(code: string): string {
  return isOutcomeCode(code) ? OUTCOME_MESSAGES[code] : OUTCOME_MESSAGES.generic_error;
}
