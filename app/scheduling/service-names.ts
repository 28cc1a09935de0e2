import { DEFAULT_LOCALE, type T } from "~/i18n/translate";

// The catalogue's service names by code (the booking namespace: the funnel's pages carry them already; every other
// page and email words a service on the server, whose `t` has every namespace).
const SERVICE_NAMES: Record<string, string> = {
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

/**
 * A service's name in the reader's language, for every page and email that names one. English reads the name the
 * studio keeps in the database (staff's English, so a renamed service is renamed at once); another language reads
 * the catalogue; a service the catalogue does not know keeps its own name.
 */
export function serviceName(t: T, locale: string, service: { code: string; name: string }): string {
  const key = SERVICE_NAMES[service.code];
  return locale === DEFAULT_LOCALE || !key ? service.name : t(key);
}
