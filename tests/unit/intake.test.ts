import { describe, expect, it } from "vitest";
import { INTAKE_REQUIRED_CODES, needsIntakeLink, requiresIntake } from "~/rules/intake";

describe("intake is required for INVISALN, GENOCON, IMPCON, CRNCON, COSCON, BRGCON, BOTOXCON (spec §5)", () => {
  it("lists exactly the seven codes", () => {
    expect([...INTAKE_REQUIRED_CODES].sort()).toEqual(
      ["BOTOXCON", "BRGCON", "COSCON", "CRNCON", "GENOCON", "IMPCON", "INVISALN"],
    );
  });
  it("requires intake for each listed code and not for cleanings or whitening", () => {
    for (const code of INTAKE_REQUIRED_CODES) expect(requiresIntake(code)).toBe(true);
    expect(requiresIntake("CLNCHK")).toBe(false);
    expect(requiresIntake("WHTNG")).toBe(false);
    expect(requiresIntake("")).toBe(false);
  });
  it("the intake link shows for intake codes or when insurance is needed", () => {
    expect(needsIntakeLink({ serviceType: "GENOCON", needsInsurance: false })).toBe(true);
    expect(needsIntakeLink({ serviceType: "CLNCHK", needsInsurance: true })).toBe(true);
    expect(needsIntakeLink({ serviceType: "CLNCHK", needsInsurance: false })).toBe(false);
  });
});
