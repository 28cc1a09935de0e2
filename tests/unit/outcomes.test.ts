import { describe, expect, it } from "vitest";
import { OUTCOME_CODES, OUTCOME_MESSAGES, outcomeMessage } from "~/booking/outcomes";

describe("outcome messages", () => {
  it("every spec outcome code has a written message", () => {
    expect([...OUTCOME_CODES].sort()).toEqual(
      ["invalid", "conflict", "availability_conflict", "generic_error", "has_srp_tx_plan", "insufficent_funds"].sort(),
    );
    for (const code of OUTCOME_CODES) expect(OUTCOME_MESSAGES[code].trim().length).toBeGreaterThan(20);
  });
  it("no message shows a raw code to the patient", () => {
    for (const code of OUTCOME_CODES) expect(OUTCOME_MESSAGES[code]).not.toMatch(/_/);
  });
  it("unknown codes fall back to the generic message", () => {
    expect(outcomeMessage("whatever")).toBe(OUTCOME_MESSAGES.generic_error);
    expect(outcomeMessage("availability_conflict")).toContain("pick another time");
  });
});
