// Fast studio-local time arithmetic on reused Intl formatters (intl-formats.ts; one built per call made a week of
// slots cost ~100 ms). Pure; US zones change offset on whole hours.
import { dateTimeFormat } from "./intl-formats";
import { BoundedMap } from "./bounded-map";

const formatter = (tz: string, options: Intl.DateTimeFormatOptions, locale = "en-US") => dateTimeFormat(locale, { timeZone: tz, ...options });

const WALL: Intl.DateTimeFormatOptions = {
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
};

/** The wall clock of an instant in a zone, as if it were UTC (ms). */
function wallMs(instant: number, tz: string): number {
  const parts = formatter(tz, WALL).formatToParts(new Date(instant));
  const n: Record<string, number> = {};
  for (const p of parts) if (p.type !== "literal") n[p.type] = Number(p.value);
  return Date.UTC(n.year, n.month - 1, n.day, n.hour, n.minute, n.second);
}

/** One per zone × 15 minutes seen: a few weeks of two zones is some thousands. */
const offsets = new BoundedMap<string, number>("zone offsets", 50_000);
const BUCKET = 15 * 60_000;
/** The zone's UTC offset (ms) at an instant; memoised per 15-minute bucket. */
export function offsetMs(instant: number, tz: string): number {
  const key = `${tz}|${Math.floor(instant / BUCKET)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const whole = Math.floor(instant / 1000) * 1000;
    offset = wallMs(whole, tz) - whole;
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * The instant of a wall time (given as if it were UTC ms) in a zone. In the repeated hour of a
 * fall-back change it is the first occurrence; a wall time skipped by spring-forward does not exist
 * (`exists` false) and maps to the earlier candidate.
 */
export function instantOfWall(wall: number, tz: string): { instant: number; exists: boolean } {
  const before = wall - offsetMs(wall - 12 * 3600_000, tz);
  const after = wall - offsetMs(wall + 12 * 3600_000, tz);
  const valid = [before, after].filter((t) => offsetMs(t, tz) === wall - t).sort((a, b) => a - b);
  if (valid.length) return { instant: valid[0], exists: true };
  return { instant: Math.min(before, after), exists: false };
}

/**
 * The zone's offset over a whole local day (wall time given as UTC ms of its midnight), or null on a
 * day when it changes: most days need one lookup instead of one per slot.
 */
export function uniformDayOffset(midnightWall: number, tz: string): number | null {
  const start = offsetMs(midnightWall - offsetMs(midnightWall, tz), tz);
  const end = offsetMs(midnightWall + 86_400_000 - start, tz);
  const before = offsetMs(midnightWall - 12 * 3600_000, tz);
  const after = offsetMs(midnightWall + 36 * 3600_000, tz);
  return start === end && before === start && after === start ? start : null;
}

/** "2027-03-14": the local calendar day of an instant. */
export function localDayKey(date: Date, tz: string): string {
  return new Date(date.getTime() + offsetMs(date.getTime(), tz)).toISOString().slice(0, 10);
}

/** 0–23: the hour on the zone's wall clock (morning, afternoon or evening on the times page). */
export function localHour(date: Date, tz: string): number {
  return new Date(date.getTime() + offsetMs(date.getTime(), tz)).getUTCHours();
}

/** "09:30": the zone's wall clock of an instant, 24-hour (a form's time field). */
export function localWallTime(date: Date, tz: string): string {
  return new Date(date.getTime() + offsetMs(date.getTime(), tz)).toISOString().slice(11, 16);
}

// The formatting functions below take the reader's locale last (decision 027); "en-US" gives the texts of the spec.

/** "9:15 AM" (es-US: "9:15 a. m.") */
export function formatLocalTime(date: Date, tz: string, locale = "en-US"): string {
  return formatter(tz, { hour: "numeric", minute: "2-digit" }, locale).format(date).replace(/[\u202f\u00a0]/g, " ");
}

/** "Sunday, March 14, 2027" (es-US: "domingo, 14 de marzo de 2027") */
export function formatLocalDate(date: Date, tz: string, locale = "en-US"): string {
  return formatter(tz, { weekday: "long", month: "long", day: "numeric", year: "numeric" }, locale).format(date);
}

/** "Mon, Nov 23" (es-US: "lun, 23 nov") */
export function formatLocalShortDate(date: Date, tz: string, locale = "en-US"): string {
  return formatter(tz, { weekday: "short", month: "short", day: "numeric" }, locale).format(date);
}

/** "EST" / "EDT" / "CST" / "CDT" */
export function zoneAbbreviation(date: Date, tz: string): string {
  return formatter(tz, { timeZoneName: "short" }).formatToParts(date).find((p) => p.type === "timeZoneName")?.value ?? tz;
}

/** "Mon, Mar 15, 9:00 AM EDT" */
export function formatShortDateTime(at: Date, tz: string, locale = "en-US"): string {
  return `${formatLocalShortDate(at, tz, locale)}, ${formatLocalTime(at, tz, locale)} ${zoneAbbreviation(at, tz)}`;
}

/** "Monday, March 15, 2027 at 9:00 AM EDT" (es-US: "lunes, 15 de marzo de 2027, 9:00 a. m. EDT") */
export function formatLongDateTime(at: Date, tz: string, locale = "en-US"): string {
  const joiner = locale === "en-US" ? " at " : ", ";
  return `${formatLocalDate(at, tz, locale)}${joiner}${formatLocalTime(at, tz, locale)} ${zoneAbbreviation(at, tz)}`;
}

/** Today's date in a zone, 'YYYY-MM-DD'. */
export function localToday(now: Date, tz: string): string {
  return localDayKey(now, tz);
}

/** Local midnight of a 'YYYY-MM-DD' day in a zone, as an instant. */
export function localMidnight(day: string, tz: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(instantOfWall(Date.UTC(y, m - 1, d), tz).instant);
}

/** "May 1, 1990" from 'YYYY-MM-DD' (a calendar date: no zone; es-US: "1 de mayo de 1990"). */
export function formatCalendarDate(day: string, locale = "en-US"): string {
  return formatter("UTC", { month: "long", day: "numeric", year: "numeric" }, locale).format(new Date(`${day}T12:00:00Z`));
}

/**
 * A real 'YYYY-MM-DD' calendar day in the years 1900–2999: what a typed or linked day may be. Outside them a day is
 * refused, not a 500: year 0000 is no date to PostgreSQL, and the day after 9999-12-31 none to JavaScript.
 */
export const isDayKey = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= "1900-01-01" && day <= "2999-12-31" && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
  new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** Adds whole calendar days to a 'YYYY-MM-DD'. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** An instant as ISO 8601 in the zone's wall time with its offset, "2027-03-14T09:15:00-04:00" (FHIR, the API). */
export function isoWithOffset(date: Date, tz: string): string {
  const offset = offsetMs(date.getTime(), tz);
  const wall = new Date(date.getTime() + offset).toISOString().slice(0, 19);
  const minutes = Math.abs(offset) / 60_000;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${wall}${offset < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
