/**
 * iCalendar (RFC 5545) text for appointment emails. Times are written in the studio's local time with a
 * VTIMEZONE block, so calendars show the right hour on both sides of a DST change. Pure.
 * A cancellation must reuse the UID with METHOD:CANCEL and a higher SEQUENCE, or calendars keep the event.
 */
import { formatInTimeZone } from "date-fns-tz";
import { BRAND } from "~/platform/brand";

export type IcsInput = {
  uid: string;
  sequence?: number;
  method?: "PUBLISH" | "REQUEST" | "CANCEL";
  startsAt: Date;
  endsAt: Date;
  timezone: string;
  summary: string;
  location: string;
  /** GEO (RFC 5545 §3.8.1.6), when the place is known. */
  geo?: { lat: number; lon: number };
  description: string;
  /** RFC 5546 requires ORGANIZER with every METHOD: the studio, at the address our emails come from. */
  organizer: { name: string; email: string };
  /** RFC 5546 wants an attendee on REQUEST/CANCEL; optional so a PUBLISH file stays minimal. */
  attendeeEmail?: string;
  /** RELATED-TO (RFC 5545 §3.8.4.5, PARENT by default): the series a visit belongs to, by the series' own id. */
  relatedTo?: string;
  now: Date;
};

/** One event of a calendar of several (a series' file): the same fields, the calendar's METHOD and zone shared. */
export type IcsEvent = Omit<IcsInput, "method" | "timezone">;

/** US rules since 2007: DST from the 2nd Sunday of March to the 1st Sunday of November, at 02:00. */
const US_ZONES: Record<string, { standard: [string, string]; daylight: [string, string] }> = {
  "America/New_York": { standard: ["-0500", "EST"], daylight: ["-0400", "EDT"] },
  "America/Chicago": { standard: ["-0600", "CST"], daylight: ["-0500", "CDT"] },
};

function vtimezone(tzid: string): string[] {
  const zone = US_ZONES[tzid];
  if (!zone) return [];
  const [std, stdName] = zone.standard;
  const [dst, dstName] = zone.daylight;
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${tzid}`,
    "BEGIN:DAYLIGHT",
    `TZOFFSETFROM:${std}`,
    `TZOFFSETTO:${dst}`,
    `TZNAME:${dstName}`,
    "DTSTART:20070311T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    `TZOFFSETFROM:${dst}`,
    `TZOFFSETTO:${std}`,
    `TZNAME:${stdName}`,
    "DTSTART:20071104T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
  ];
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, comma, semicolon, newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Fold lines longer than 75 octets (RFC 5545 §3.1), never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = 75; // continuation lines start with a space, which counts
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = 74;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A parameter value (RFC 5545 §3.2): quoted, since a name may hold ":" ";" ","; DQUOTE itself cannot appear. */
const paramValue = (value: string) => `"${value.replace(/["\r\n]/g, "")}"`;

const utc = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

export function buildIcs(input: IcsInput): string {
  return buildIcsCalendar({ method: input.method, timezone: input.timezone, events: [input] });
}

/**
 * A calendar of one or more events in one zone (a series' file, issue 39): one VTIMEZONE, one VEVENT per event, each
 * with its own UID and SEQUENCE.
 */
export function buildIcsCalendar(calendar: { method?: IcsInput["method"]; timezone: string; events: IcsEvent[] }): string {
  const method = calendar.method ?? "PUBLISH";
  // A zone we have no rules for is written in UTC: correct instants beat a wrong local hour.
  const known = calendar.timezone in US_ZONES;
  const local = (d: Date) => formatInTimeZone(d, calendar.timezone, "yyyyMMdd'T'HHmmss");
  // In the repeated hour of a fall-back night a local time names its first occurrence (RFC 5545
  // §3.3.5), so the second occurrence is written in UTC instead.
  const repeated = (d: Date) => local(d) === local(new Date(d.getTime() - 3600_000));
  const when = (name: string, d: Date) =>
    known && !repeated(d) ? `${name};TZID=${calendar.timezone}:${local(d)}` : `${name}:${utc(d)}`;
  const event = (input: IcsEvent) => [
    "BEGIN:VEVENT",
    `UID:${input.uid}`,
    `SEQUENCE:${input.sequence ?? 0}`,
    `DTSTAMP:${utc(input.now)}`,
    when("DTSTART", input.startsAt),
    when("DTEND", input.endsAt),
    `SUMMARY:${escapeText(input.summary)}`,
    `LOCATION:${escapeText(input.location)}`,
    ...(input.geo ? [`GEO:${input.geo.lat.toFixed(6)};${input.geo.lon.toFixed(6)}`] : []),
    `DESCRIPTION:${escapeText(input.description)}`,
    `STATUS:${method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    `ORGANIZER;CN=${paramValue(input.organizer.name)}:mailto:${input.organizer.email}`,
    ...(input.attendeeEmail ? [`ATTENDEE;ROLE=REQ-PARTICIPANT:mailto:${input.attendeeEmail}`] : []),
    ...(input.relatedTo ? [`RELATED-TO:${input.relatedTo}`] : []),
    "END:VEVENT",
  ];
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${BRAND}//Appointments//EN`,
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...(known ? vtimezone(calendar.timezone) : []),
    ...calendar.events.flatMap(event),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
