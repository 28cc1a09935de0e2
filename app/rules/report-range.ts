import { addDays, instantOfWall } from "./zoned-time";

/** The reports' longest range (issue 40): two years of days, both ends counted. */
export const MAX_REPORT_DAYS = 731;

export const RANGE_PRESETS = ["week", "4weeks", "quarter", "custom"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Recall's "rebooked" (decision 082): a visit of the service booked at most this many days after the first recall email. */
export const RECALL_REBOOK_DAYS = 30;

export type DayRange = { from: string; to: string };

/** Days from `from` to `to`, both counted (1 for one day). */
export const daysIn = ({ from, to }: DayRange) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** 0 = Sunday … 6 = Saturday, of a calendar day. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * A preset's days, counted from `today` (the studio's local day): this week is Monday to today, the last 4 weeks
 * the 28 days ending today, this quarter the calendar quarter's first day to today.
 */
export function presetRange(preset: Exclude<RangePreset, "custom">, today: string): DayRange {
  if (preset === "week") return { from: addDays(today, -((weekdayOf(today) + 6) % 7)), to: today };
  if (preset === "4weeks") return { from: addDays(today, -27), to: today };
  const [y, m] = today.split("-").map(Number);
  const first = Math.floor((m - 1) / 3) * 3 + 1;
  return { from: `${y}-${String(first).padStart(2, "0")}-01`, to: today };
}

/** The period of the same length that ends the day before `range` starts. */
export function previousRange(range: DayRange): DayRange {
  const n = daysIn(range);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

/** Every day of a range, in order. */
export function eachDay(range: DayRange): string[] {
  const days: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The lead-time buckets, in days between the day a visit was booked and its day (both local). */
export const LEAD_BUCKETS: { label: string; min: number; max: number }[] = [
  { label: "Same day", min: 0, max: 0 },
  { label: "1–2 days", min: 1, max: 2 },
  { label: "3–7 days", min: 3, max: 7 },
  { label: "8–14 days", min: 8, max: 14 },
  { label: "15–30 days", min: 15, max: 30 },
  { label: "31–90 days", min: 31, max: 90 },
  { label: "91 days or more", min: 91, max: Number.POSITIVE_INFINITY },
];

export const leadBucketOf = (days: number) => Math.max(0, LEAD_BUCKETS.findIndex((b) => days >= b.min && days <= b.max));

/** The median of counts per value (value → how many): the lower middle of an even count, as the page says. */
export function medianOfCounts(counts: Map<number, number>): number | null {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  if (!total) return null;
  const middle = Math.ceil(total / 2);
  let seen = 0;
  for (const value of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(value)!;
    if (seen >= middle) return value;
  }
  return null;
}

/** A share as a whole-number-and-one-decimal percentage, or null with nothing to divide by. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** Instants (ms) as half-open intervals, overlapping or touching ones merged: what a union of them covers. */
export function mergeIntervals(list: { startsAt: number; endsAt: number }[]): { startsAt: number; endsAt: number }[] {
  const merged: { startsAt: number; endsAt: number }[] = [];
  for (const i of [...list].sort((a, b) => a.startsAt - b.startsAt)) {
    const last = merged.at(-1);
    if (last && i.startsAt <= last.endsAt) last.endsAt = Math.max(last.endsAt, i.endsAt);
    else if (i.endsAt > i.startsAt) merged.push({ ...i });
  }
  return merged;
}

const DAY_MS = 86_400_000;

/**
 * A provider's open minutes on one local day: the weekly hours of its weekday, less the time off that overlaps them
 * (instants), none on a closure day. Time off is merged first (decision 082): two overlapping entries, or one
 * inside another, take their minutes off once. Hours are wall-clock minutes, so a daylight-saving day counts the
 * hours worked. A provider's weekly hours of one weekday never overlap (migration 0012's exclusion).
 */
export function openMinutes(
  day: string,
  tz: string,
  hours: { weekday: number; startMinute: number; endMinute: number }[],
  timeOff: { startsAt: number; endsAt: number }[],
  closed: boolean,
): number {
  if (closed) return 0;
  const weekday = weekdayOf(day);
  const midnightWall = Date.parse(`${day}T00:00:00Z`);
  // Time off that can touch this local day (zones are within ±14 h of UTC), merged.
  const off = mergeIntervals(timeOff.filter((o) => o.endsAt > midnightWall - DAY_MS && o.startsAt < midnightWall + 2 * DAY_MS));
  let total = 0;
  for (const h of hours) {
    if (h.weekday !== weekday) continue;
    let minutes = h.endMinute - h.startMinute;
    if (off.length) {
      const start = instantOfWall(midnightWall + h.startMinute * 60_000, tz).instant;
      const end = start + minutes * 60_000;
      for (const o of off) {
        const overlap = Math.min(end, o.endsAt) - Math.max(start, o.startsAt);
        if (overlap > 0) minutes -= overlap / 60_000;
      }
    }
    total += Math.max(0, minutes);
  }
  return Math.round(total);
}
