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

// The studios whose name is words, not a place (the video studio): the rest are neighbourhoods, the same in every language.
const STUDIO_NAMES: Record<string, string> = { virtual: "booking.studioName.virtual" };

/** A studio's name in the reader's language, by the same rule as `serviceName` (English reads the database's). */
export function studioName(t: T, locale: string, studio: { slug: string; name: string }): string {
  const key = STUDIO_NAMES[studio.slug];
  return locale === DEFAULT_LOCALE || !key ? studio.name : t(key);
}
