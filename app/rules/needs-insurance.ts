// Spec §5: an appointment needs insurance when needs_insurance is set, or when the service is
// CLNCHK or WHTNG and the patient lacks required preferences.

/** Preferences a patient must have for each service; other services need none. */
export const REQUIRED_PREFERENCES: Readonly<Record<string, readonly string[]>> = {
  WHTNG: ["NETFLIX"],
  CLNCHK: ["FLAVOR", "NETFLIX"],
};

export function appointmentNeedsInsurance(appointment: {
  needsInsurance?: boolean;
  serviceType: string;
  preferences: { name: string }[];
}): boolean {
  if (appointment.needsInsurance) return true;
  const required = REQUIRED_PREFERENCES[appointment.serviceType.trim().toUpperCase()] ?? [];
  // Names are compared case-insensitively: the API is not consistent about casing.
  const has = new Set(appointment.preferences.map((p) => p.name.trim().toUpperCase()));
  return required.some((name) => !has.has(name));
}
