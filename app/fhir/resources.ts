/**
 * The FHIR R4 resources of the open slot feed (SMART Scheduling Links, decision 064): Location, Schedule and Slot,
 * each one NDJSON line. Pure: the feed builder (feed.server.ts) gives the studios, services and times.
 */
import { BoundedMap } from "~/rules/bounded-map";
import { formatPhone } from "~/rules/phone";

/** SMART Scheduling Links' extensions (fhir-registry.smarthealthit.org). */
export const SMART_EXTENSION = "http://fhir-registry.smarthealthit.org/StructureDefinition/";
/** FHIR's own extension for an IANA time zone (FHIR core extensions pack). */
export const TIMEZONE_EXTENSION = "http://hl7.org/fhir/StructureDefinition/timezone";

export type FeedStudio = { slug: string; name: string; address: string; phone: string; tz: string; latitude: number | null; longitude: number | null };
export type FeedService = { code: string; name: string };

/** "3035 Peachtree Rd NE, Atlanta, GA 30305" → its parts; anything else stays whole, as `text`. */
export function fhirAddress(address: string) {
  const parts = /^(.+),\s*([^,]+),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(address.trim());
  if (!parts) return { text: address };
  return { line: [parts[1]], city: parts[2], state: parts[3], postalCode: parts[4], country: "US", text: address };
}

export function locationResource(studio: FeedStudio) {
  return {
    resourceType: "Location",
    id: studio.slug,
    name: studio.name,
    telecom: studio.phone ? [{ system: "phone", value: formatPhone(studio.phone) }] : [],
    address: fhirAddress(studio.address),
    ...(studio.latitude !== null && studio.longitude !== null ? { position: { latitude: studio.latitude, longitude: studio.longitude } } : {}),
    extension: [{ url: TIMEZONE_EXTENSION, valueCode: studio.tz }],
  };
}

export const scheduleId = (studio: string, service: string) => `${studio}.${service}`;

export function scheduleResource(studio: FeedStudio, service: FeedService, origin: string) {
  return {
    resourceType: "Schedule",
    id: scheduleId(studio.slug, service.code),
    serviceType: [{ coding: [{ system: `${origin}/fhir/service`, code: service.code, display: service.name }], text: service.name }],
    actor: [{ reference: `Location/${studio.slug}` }],
  };
}

/** Where a free time's link lands: the booking at that studio, service and time (app/booking/deep-link.server.ts). */
export const bookingDeepLink = (origin: string, studio: string, service: string, start: Date) => `${deepLinkBase(origin, studio, service)}${utcInstant(start)}`;

const deepLinkBase = (origin: string, studio: string, service: string) => `${origin}/booking/slot?studio=${studio}&service=${service}&start=`;
/** "2026-12-03T15:00:00Z": no character a query string must escape. */
const utcInstant = (date: Date) => date.toISOString().replace(".000Z", "Z");

/**
 * A schedule's Slot lines, written as strings: a studio has thousands and its rebuild is budgeted (≤ 50 ms CPU,
 * bench/fhir-feed.ts). `start`/`end` are ISO 8601 with the studio's offset (`offsetAt`, ms east of UTC). Slugs, codes
 * and the origin hold no character JSON escapes (slug and code shapes are checked by the database; the origin is a
 * URL); the phone is escaped.
 */
export function slotLines(
  studio: FeedStudio,
  service: FeedService,
  origin: string,
  slots: { startsAt: Date; endsAt: Date; free: boolean }[],
  offsetAt: (instant: number, tz: string) => number,
): string {
  const schedule = scheduleId(studio.slug, service.code);
  const head = `{"resourceType":"Slot","id":"${schedule}.`;
  const middle = `","schedule":{"reference":"Schedule/${schedule}"},"status":"`;
  const link = `,"extension":[{"url":"${SMART_EXTENSION}booking-deep-link","valueUrl":"${deepLinkBase(origin, studio.slug, service.code)}`;
  const tail = studio.phone ? `"},{"url":"${SMART_EXTENSION}booking-phone","valueString":${JSON.stringify(formatPhone(studio.phone))}}]}\n` : `"}]}\n`;
  // Offsets change on the hour at most (zones of whole and half hours): looked up once per hour of the schedule.
  const hourly = new Map<number, number>();
  const local = (instant: number) => {
    const hour = Math.floor(instant / 3_600_000);
    let offset = hourly.get(hour);
    if (offset === undefined) hourly.set(hour, (offset = offsetAt(instant, studio.tz)));
    return new Date(instant + offset).toISOString().slice(0, 19) + offsetText(offset);
  };
  let out = "";
  for (const slot of slots) {
    const startMs = slot.startsAt.getTime();
    const utc = utcInstant(slot.startsAt);
    // Unique per schedule: its start in UTC to the minute ("….202612031500"; ids allow [A-Za-z0-9.-], ≤ 64).
    out += `${head}${utc.slice(0, 4)}${utc.slice(5, 7)}${utc.slice(8, 10)}${utc.slice(11, 13)}${utc.slice(14, 16)}${middle}${slot.free ? "free" : "busy"}","start":"${local(startMs)}","end":"${local(slot.endsAt.getTime())}"`;
    out += slot.free ? `${link}${utc}${tail}` : "}\n";
  }
  return out;
}

const offsetTexts = new BoundedMap<number, string>("feed offset texts", 100);
/** "-05:00" for -5 h (a handful of values: memoised). */
function offsetText(offset: number) {
  let text = offsetTexts.get(offset);
  if (text === undefined) {
    const minutes = Math.abs(offset) / 60_000;
    const pad = (n: number) => String(n).padStart(2, "0");
    text = `${offset < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    offsetTexts.set(offset, text);
  }
  return text;
}
