import { describe, expect, it } from "vitest";
import { appointmentNeedsInsurance } from "~/rules/needs-insurance";

const prefs = (...names: string[]) => names.map((name) => ({ name }));

describe("an appointment needs insurance when needs_insurance is set, or CLNCHK/WHTNG lacks required preferences (spec §5)", () => {
  it("needs_insurance set → always true", () => {
    expect(appointmentNeedsInsurance({ needsInsurance: true, serviceType: "INVISALN", preferences: [] })).toBe(true);
    expect(
      appointmentNeedsInsurance({ needsInsurance: true, serviceType: "CLNCHK", preferences: prefs("FLAVOR", "NETFLIX") }),
    ).toBe(true);
  });
  it("WHTNG needs NETFLIX", () => {
    expect(appointmentNeedsInsurance({ serviceType: "WHTNG", preferences: [] })).toBe(true);
    expect(appointmentNeedsInsurance({ serviceType: "WHTNG", preferences: prefs("FLAVOR") })).toBe(true);
    expect(appointmentNeedsInsurance({ serviceType: "WHTNG", preferences: prefs("NETFLIX") })).toBe(false);
  });
  it("CLNCHK needs both FLAVOR and NETFLIX", () => {
    expect(appointmentNeedsInsurance({ serviceType: "CLNCHK", preferences: prefs("FLAVOR") })).toBe(true);
    expect(appointmentNeedsInsurance({ serviceType: "CLNCHK", preferences: prefs("NETFLIX") })).toBe(true);
    expect(appointmentNeedsInsurance({ serviceType: "CLNCHK", preferences: prefs("NETFLIX", "FLAVOR") })).toBe(false);
  });
  it("other services need insurance only via the flag", () => {
    expect(appointmentNeedsInsurance({ serviceType: "INVISALN", preferences: [] })).toBe(false);
    expect(appointmentNeedsInsurance({ needsInsurance: false, serviceType: "BOTOXCON", preferences: [] })).toBe(false);
  });
  it("compares preference names case-insensitively (decision)", () => {
    expect(appointmentNeedsInsurance({ serviceType: "WHTNG", preferences: prefs("netflix") })).toBe(false);
    expect(appointmentNeedsInsurance({ serviceType: "WHTNG", preferences: prefs(" Netflix ") })).toBe(false);
  });
  it("reads the service code whatever its casing or spaces", () => {
    expect(appointmentNeedsInsurance({ serviceType: " whtng ", preferences: [] })).toBe(true);
    expect(appointmentNeedsInsurance({ serviceType: "clnchk", preferences: prefs("FLAVOR") })).toBe(true);
  });
});
