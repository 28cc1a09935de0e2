// Spec §5: intake is required for these consultation service codes.
export const INTAKE_REQUIRED_CODES = [
  "INVISALN",
  "GENOCON",
  "IMPCON",
  "CRNCON",
  "COSCON",
  "BRGCON",
  "BOTOXCON",
] as const;

const intakeCodes: ReadonlySet<string> = new Set(INTAKE_REQUIRED_CODES);

export function requiresIntake(code: string): boolean {
  return intakeCodes.has(code.trim().toUpperCase());
}

/** The intake link is shown when the service needs intake or the appointment needs insurance. */
export function needsIntakeLink({ serviceType, needsInsurance }: { serviceType: string; needsInsurance: boolean }): boolean {
  return requiresIntake(serviceType) || needsInsurance;
}
