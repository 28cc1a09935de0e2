import { describe, expect, it } from "vitest";
import { bookingNeedsInsurance, CARRIER_VALUES, CARRIERS, NOT_ACCEPTED_NOTICE, SELF_PAY } from "~/rules/insurance";

describe("insurance as the practice sees it", () => {
  it.each([
    [undefined, false],
    [{ kind: "self-pay" as const }, false],
    [{ kind: "carrier" as const, carrier: "GUARDIAN", memberId: "G1" }, false], // listed, with a member id
    [{ kind: "carrier" as const, carrier: "GUARDIAN" }, true], // listed, no member id: the studio asks
    [{ kind: "carrier" as const, carrier: "GUARDIAN", memberId: "" }, true],
    [{ kind: "carrier" as const, carrier: "OTHER", memberId: "X9" }, true], // another plan: always verified
    [{ kind: "carrier" as const, carrier: "OTHER" }, true],
  ])("%j needs the studio to verify the plan: %s", (insurance, expected) => {
    expect(bookingNeedsInsurance(insurance)).toBe(expected);
  });

  it("lists the accepted carriers, then another plan, which is checked at intake", () => {
    expect(CARRIER_VALUES).toContain("GUARDIAN");
    expect(CARRIER_VALUES).toContain("METLIFE");
    expect(CARRIER_VALUES.at(-1)).toBe("OTHER");
    expect(CARRIER_VALUES).not.toContain(SELF_PAY);
    expect(CARRIERS.at(-1)).toEqual({ value: "OTHER", label: "Another plan", detail: "We’ll check it with you at intake." });
  });

  it("says which plans are not accepted (spec §8)", () => {
    for (const plan of ["Medicaid", "Medicare Advantage", "Healthplex", "HMOs", "DMOs"]) expect(NOT_ACCEPTED_NOTICE).toContain(plan);
  });
});
