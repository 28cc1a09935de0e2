/** Insurance as the practice sees it: the carriers it lists, and the spec's §8 notice. Pure. */

/** Accepted carriers (DOMAIN-NOTES) plus OTHER; slugs as the spec spells GUARDIAN and METLIFE. */
export const CARRIERS = [
  { value: "AETNA", label: "Aetna" },
  { value: "ANTHEM_CAREFIRST", label: "Anthem / CareFirst / FEP" },
  { value: "CIGNA", label: "Cigna" },
  { value: "DELTA_DENTAL", label: "Delta Dental" },
  { value: "GEHA", label: "GEHA" },
  { value: "GUARDIAN", label: "Guardian" },
  { value: "METLIFE", label: "MetLife" },
  { value: "UCCI", label: "UCCI" },
  { value: "UNITEDHEALTHCARE", label: "UnitedHealthcare" },
  { value: "OTHER", label: "Another plan", detail: "We’ll check it with you at intake." },
] as const;
export const SELF_PAY = "SELF_PAY";
// `@__PURE__`: no side effect, so the browser's bundle may leave the list (and this module) out (decision 019).
export const CARRIER_VALUES = /* @__PURE__ */ CARRIERS.map((c) => c.value) as [string, ...string[]];

export const NOT_ACCEPTED_NOTICE =
  "Some dental plans are not accepted, including Medicaid, Medicare Advantage, Healthplex, HMOs, DMOs and others. If your plan is not accepted, we’ll contact you ahead of your visit.";

/** The booking needs the studio to verify the plan: an unlisted carrier, or a listed one without a member id. */
export function bookingNeedsInsurance(insurance: { kind: "carrier"; carrier: string; memberId?: string } | { kind: "self-pay" } | undefined): boolean {
  return insurance?.kind === "carrier" && (insurance.carrier === "OTHER" || !insurance.memberId);
}
