import { formatLocalDate, formatLocalTime, instantOfWall, localDayKey as zonedDayKey, uniformDayOffset } from "~/rules/zoned-time";
import { BoundedMap } from "~/rules/bounded-map";

// Availability engine: pure slot math. Wall times are studio-local; every instant is a UTC Date.

export type WeeklyHours = { weekday: number /* 0 = Sunday */; startMinute: number; endMinute: number };
export type Interval = { startsAt: Date; endsAt: Date };
export type ProviderSchedule = {
  providerId: number;
  role: string;
  hours: WeeklyHours[];
  timeOff: Interval[];
  /** Non-cancelled appointments. */
  busy: Interval[];
};
export type Slot = { startsAt: Date; endsAt: Date; providerIds: number[] };

export type AvailabilityInput = {
  timezone: string;
  from: Date;
  to: Date;
  now: Date;
  durationMinutes: number;
  eligibleRoles: string[];
  providers: ProviderSchedule[];
  /** Emergency (same-day) booking: shorter minimum notice. */
  sameDay?: boolean;
  /** Stop after the first local day that has a free time. */
  firstDayOnly?: boolean;
  /** Studio-local days the studio is closed ('YYYY-MM-DD', e.g. holidays): no slot on them. */
  closedDays?: ReadonlySet<string>;
  /** How many days ahead times are offered: the booking window, or a series' two years (issue 39). */
  horizonDays?: number;
};

export const SLOT_STEP_MINUTES = 15;
export const MIN_NOTICE_MINUTES = 120;
export const EMERGENCY_NOTICE_MINUTES = 30;
export const BOOKING_WINDOW_DAYS = 60;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Local calendar day of an instant, e.g. "2027-03-14". */
export function localDayKey(date: Date, tz: string): string {
  return zonedDayKey(date, tz);
}

/** "9:15 AM" in the studio's zone. */
export function formatSlotTime(date: Date, tz: string): string {
  return formatLocalTime(date, tz);
}

/** "Sunday, March 14, 2027" in the studio's zone. */
export function formatSlotDate(date: Date, tz: string): string {
  return formatLocalDate(date, tz);
}

/** Slots grouped by studio-local day, days and slots in time order. */
export function groupSlotsByLocalDay(slots: Slot[], tz: string): { day: string; slots: Slot[] }[] {
  const groups = new Map<string, Slot[]>();
  for (const slot of [...slots].sort(byStart)) {
    const day = localDayKey(slot.startsAt, tz);
    const list = groups.get(day);
    if (list) list.push(slot);
    else groups.set(day, [slot]);
  }
  return [...groups].map(([day, daySlots]) => ({ day, slots: daySlots }));
}

export function computeSlots(input: AvailabilityInput): Slot[] {
  const { timezone: tz, now, durationMinutes } = input;
  const noticeMinutes = input.sameDay ? EMERGENCY_NOTICE_MINUTES : MIN_NOTICE_MINUTES;
  const earliest = Math.max(input.from.getTime(), now.getTime() + noticeMinutes * MINUTE_MS);
  const latest = Math.min(input.to.getTime(), now.getTime() + (input.horizonDays ?? BOOKING_WINDOW_DAYS) * DAY_MS); // exclusive
  const durationMs = durationMinutes * MINUTE_MS;
  if (earliest >= latest || durationMinutes <= 0) return [];

  const roles = new Set(input.eligibleRoles);
  const providers = input.providers.filter((p) => roles.has(p.role));
  const byInstant = new Map<number, Set<number>>();

  // Walk local calendar days (not 24 h steps), so DST days of 23 or 25 hours are handled.
  // Blocked intervals once per provider, sorted, so that each candidate time asks in O(log n) (a busy provider
  // has hundreds of visits in 60 days; decision 018).
  const blockedOf = new Map(providers.map((p) => [p, blockedIntervals([...p.timeOff, ...p.busy])]));
  for (const day of localDays(localDayKey(new Date(earliest), tz), localDayKey(new Date(latest), tz))) {
    if (input.closedDays?.has(day.key)) continue;
    const instantOf = localInstantsOf(day.key, tz);
    for (const provider of providers) {
      const blocked = blockedOf.get(provider)!;
      for (const block of provider.hours) {
        if (block.weekday !== day.weekday) continue;
        // A block ending inside a spring-forward gap ends at the earlier candidate instant (the safe side).
        const blockEnd = instantOf(block.endMinute).instant;
        for (let m = roundUp(block.startMinute, SLOT_STEP_MINUTES); m < block.endMinute; m += SLOT_STEP_MINUTES) {
          // Each wall time maps to one instant, so the repeated fall-back hour yields no duplicate;
          // a wall time skipped by spring-forward does not exist and yields no slot.
          const { instant: start, exists } = instantOf(m);
          if (!exists) continue;
          const end = start + durationMs;
          if (start < earliest || start >= latest || end > blockEnd) continue;
          // Half-open intervals: an appointment ending at 10:00 leaves 10:00 free.
          if (blocked.overlaps(start, end)) continue;
          const ids = byInstant.get(start) ?? new Set<number>();
          ids.add(provider.providerId);
          byInstant.set(start, ids);
        }
      }
    }
    // Days come in order: the first day with a free time holds the earliest one.
    if (input.firstDayOnly && byInstant.size > 0) break;
  }

  return [...byInstant]
    .sort(([a], [b]) => a - b)
    .map(([start, ids]) => ({
      startsAt: new Date(start),
      endsAt: new Date(start + durationMs),
      providerIds: [...ids].sort((a, b) => a - b),
    }));
}

/**
 * Intervals [start, end) to ask "does anything overlap [a, b)?": sorted by start, with the latest end among each
 * prefix. Something overlaps iff, among the intervals starting before b, the latest end is after a.
 */
function blockedIntervals(intervals: { startsAt: Date; endsAt: Date }[]) {
  const sorted = intervals.map((b) => [b.startsAt.getTime(), b.endsAt.getTime()] as const).sort((x, y) => x[0] - y[0]);
  const starts = sorted.map(([s]) => s);
  const latestEnd: number[] = [];
  for (const [i, [, e]] of sorted.entries()) latestEnd.push(i === 0 ? e : Math.max(latestEnd[i - 1], e));
  return {
    overlaps(a: number, b: number): boolean {
      let lo = 0;
      let hi = starts.length; // the first index whose start is ≥ b
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (starts[mid] < b) lo = mid + 1;
        else hi = mid;
      }
      return lo > 0 && latestEnd[lo - 1] > a;
    },
  };
}

/** The earliest bookable slot, or null (stops at the first day that has one). */
export function firstFreeSlot(input: AvailabilityInput): Slot | null {
  return computeSlots({ ...input, firstDayOnly: true })[0] ?? null;
}

function byStart(a: Slot, b: Slot): number {
  return a.startsAt.getTime() - b.startsAt.getTime();
}

function roundUp(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}

/** Local days from firstKey to lastKey inclusive, with their weekday (0 = Sunday). */
function* localDays(firstKey: string, lastKey: string): Generator<{ key: string; weekday: number }> {
  const [y, mo, d] = firstKey.split("-").map(Number);
  // A UTC-midnight Date is only used as a calendar counter here; it never becomes an instant.
  for (let cursor = new Date(Date.UTC(y, mo - 1, d)); ; cursor.setUTCDate(cursor.getUTCDate() + 1)) {
    const key = cursor.toISOString().slice(0, 10);
    if (key > lastKey) return;
    yield { key, weekday: cursor.getUTCDay() };
  }
}

/**
 * For one local day: the instant (ms) of a local wall time on it (its offset looked up once); minute 1440 is the next midnight.
 * `exists` is false when the wall time was skipped by a spring-forward change.
 */
function localInstantsOf(dayKey: string, tz: string): (minuteOfDay: number) => { instant: number; exists: boolean } {
  const [y, mo, d] = dayKey.split("-").map(Number);
  const midnight = Date.UTC(y, mo - 1, d);
  const offset = dayOffset(midnight, tz);
  return (minuteOfDay) => {
    const wall = midnight + minuteOfDay * MINUTE_MS;
    return offset === null ? instantOfWall(wall, tz) : { instant: wall - offset, exists: true };
  };
}

const dayOffsets = new BoundedMap<string, number | null>("day offsets", 10_000);
function dayOffset(midnight: number, tz: string) {
  const key = `${tz}|${midnight}`;
  if (!dayOffsets.has(key)) {
    dayOffsets.set(key, uniformDayOffset(midnight, tz));
  }
  return dayOffsets.get(key)!;
}
