import { describe, expect, it } from "vitest";
import { INTAKE_REQUIRED_CODES, intakeHref, needsIntakeLink, requiresIntake } from "~/rules/intake";

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
    expect(requiresIntake(" genocon ")).toBe(true); // codes arrive in any casing
  });
  it("the intake link shows for intake codes or when insurance is needed", () => {
    expect(needsIntakeLink({ serviceType: "GENOCON", needsInsurance: false })).toBe(true);
    expect(needsIntakeLink({ serviceType: "CLNCHK", needsInsurance: true })).toBe(true);
    expect(needsIntakeLink({ serviceType: "CLNCHK", needsInsurance: false })).toBe(false);
  });
});

describe("the intake link: /intake with a token and appointmentBooked=true once a visit is booked (spec §2)", () => {
  it("carries the token and the booked flag", () => {
    expect(intakeHref("AbC_-123", { booked: true })).toBe("/intake?token=AbC_-123&appointmentBooked=true");
    expect(intakeHref("AbC_-123", { booked: false })).toBe("/intake?token=AbC_-123");
  });
  it("encodes a token that is not URL-safe", () => {
    expect(intakeHref("a b&c=d", { booked: true })).toBe("/intake?token=a%20b%26c%3Dd&appointmentBooked=true");
  });
});
