import { describe, expect, it } from "vitest";
import { OUTCOME_CODES, OUTCOME_MESSAGES, outcomeMessage } from "~/booking/outcomes";
import { tFor } from "~/i18n/catalogues.server";

// The messages are catalogue keys: what a patient reads is their wording, in each language.
const LOCALES = ["en-US", "es-US"];

describe("outcome messages", () => {
  it("every spec outcome code has a written message, in every language", () => {
    expect([...OUTCOME_CODES].sort()).toEqual(
      ["invalid", "conflict", "availability_conflict", "generic_error", "has_srp_tx_plan", "insufficent_funds"].sort(),
    );
    for (const locale of LOCALES) for (const code of OUTCOME_CODES) expect(tFor(locale)(OUTCOME_MESSAGES[code]).trim().length).toBeGreaterThan(20);
  });
  it("no message shows a raw code (or a key) to the patient", () => {
    for (const locale of LOCALES) for (const code of OUTCOME_CODES) expect(tFor(locale)(OUTCOME_MESSAGES[code])).not.toMatch(/_|booking\./);
  });
  it("unknown codes fall back to the generic message", () => {
    expect(outcomeMessage("whatever")).toBe(OUTCOME_MESSAGES.generic_error);
    expect(tFor("en-US")(outcomeMessage("availability_conflict"))).toContain("pick another time");
    expect(tFor("es-US")(outcomeMessage("availability_conflict"))).toContain("Elija otra hora");
  });
});
