import type { T } from "~/i18n/translate";
import type { ServiceCode } from "./options";

/** A service's name for a patient, by its catalogue code; the database's name (staff's English) for a code not listed. */
const SERVICE_NAMES: Record<ServiceCode, string> = {
  CLNCHK: "booking.service.CLNCHK",
  WHTNG: "booking.service.WHTNG",
  INVISALN: "booking.service.INVISALN",
  BRACESCON: "booking.service.BRACESCON",
  GENOCON: "booking.service.GENOCON",
  IMPCON: "booking.service.IMPCON",
  CRNCON: "booking.service.CRNCON",
  BRGCON: "booking.service.BRGCON",
  COSCON: "booking.service.COSCON",
  BOTOXCON: "booking.service.BOTOXCON",
  EMERG: "booking.service.EMERG",
};

export function serviceName(t: T, service: { code: string; name: string }): string {
  const key = (SERVICE_NAMES as Record<string, string>)[service.code];
  return key ? t(key) : service.name;
}
