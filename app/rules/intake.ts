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

/**
 * The intake page's address (spec §2: intake pages take a token and an optional appointmentBooked flag,
 * true once an appointment has been booked). Relative: an email puts the site origin in front.
 */
export function intakeHref(token: string, { booked }: { booked: boolean }): string {
  return `/intake?token=${encodeURIComponent(token)}${booked ? "&appointmentBooked=true" : ""}`;
}
