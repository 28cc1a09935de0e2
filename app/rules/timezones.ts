import { dateTimeFormat } from "./intl-formats";
import { BoundedMap } from "./bounded-map";
import { zoneAbbreviation } from "./zoned-time";

export const DEFAULT_TIMEZONE = "America/New_York";
// Spec §9: America/New_York for all studios except east-nashville.
const STUDIO_TIMEZONES: Readonly<Record<string, string>> = { "east-nashville": "America/Chicago" };

const validity = new BoundedMap<string, boolean>("time-zone validity", 1000);
export function isValidTimezone(tz: string | null | undefined): tz is string {
  if (!tz) return false;
  let valid = validity.get(tz);
  if (valid === undefined) {
    try {
      dateTimeFormat("en-US", { timeZone: tz }); // throws RangeError for a zone ICU does not know
      valid = true;
    } catch {
      valid = false;
    }
    validity.set(tz, valid); // building a formatter costs ~0.3 ms
  }
  return valid;
}

/** The spec's table itself: what the catalogue seed stores as each studio's timezone. */
export function specStudioTimezone(slug: string): string {
  return STUDIO_TIMEZONES[slug] ?? DEFAULT_TIMEZONE;
}

/** The studio's own zone if valid; else the spec's table; a silent New York default would hide data gaps, so warn. */
export function studioTimezone(
  slug: string,
  known?: string | null,
  warn: (message: string) => void = console.warn,
): string {
  if (isValidTimezone(known)) return known;
  const mapped = STUDIO_TIMEZONES[slug];
  if (mapped) return mapped;
  warn(`Studio ${slug} has no timezone; using ${DEFAULT_TIMEZONE}`);
  return DEFAULT_TIMEZONE;
}

/** "EST" / "EDT" / "CST" / "CDT" (Node 20's ICU prints these for US zones; others may print "GMT+1"). */
export function timezoneAbbreviation(date: Date, tz: string): string {
  return zoneAbbreviation(date, tz);
}
