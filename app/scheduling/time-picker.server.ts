/**
 * A week of free times for one studio and service, one day's times shown (the booking's times step and
 * the reschedule page). A week of 15-minute slots is ~250 radios, heavy for a cheap phone, so the page
 * shows one day with the week's days as plain links, and the times in morning / afternoon / evening.
 */
import type { Db } from "~/db/client.server";
import { DAY_PARTS, dayPartOf } from "~/rules/day-parts";
import { isWithinNext24Hours } from "~/rules/time-window";
import { timezoneAbbreviation } from "~/rules/timezones";
import {
  addDays,
  formatLocalShortDate,
  localMidnight,
  localToday,
} from "~/rules/zoned-time";
import { formatLocalDate, formatLocalTime } from "~/rules/zoned-time";
import { groupSlotsByLocalDay } from "./availability";
import type { Service, Studio } from "./catalogue.server";
import { findSlots, LookupTimeout, withTimeout } from "./slots.server";

export const MAX_WEEK = 8; // 9 pages of 7 days cover the 60-day booking window

/** `?week=N`: 0..8; anything else is the first week. */
export function parseWeek(raw: string | null): number {
  if (raw === null || !/^\d$/.test(raw)) return 0;
  const n = Number(raw);
  return n <= MAX_WEEK ? n : 0;
}

const PARTS = DAY_PARTS; // one definition of the day's parts (rules/day-parts), shared with the waitlist
/** The parts' names as the reader's catalogue keys (the page words them). */
const PART_NAMES: Record<(typeof DAY_PARTS)[number]["value"], string> = {
  morning: "booking.times.morning",
  afternoon: "booking.times.afternoon",
  evening: "booking.times.evening",
};

/**
 * One day's times, earliest first, by part of the day. "Soon" (within 24 hours) marks a time only where
 * it tells times apart; a day that is soon throughout says so once.
 */
function shownDay(slots: { startsAt: Date }[], tz: string, now: Date, locale: string) {
  const soon = slots.map((s) => isWithinNext24Hours(s.startsAt, now));
  const allSoon = soon.every(Boolean);
  const times = slots.map((s, i) => ({
    value: s.startsAt.toISOString(),
    label: formatLocalTime(s.startsAt, tz, locale),
    soon: soon[i] && !allSoon,
    part: dayPartOf(s.startsAt, tz).value,
  }));
  return {
    heading: `${formatLocalDate(slots[0].startsAt, tz, locale)} (${timezoneAbbreviation(
      slots[0].startsAt,
      tz
    )})`,
    soon: allSoon,
    slots: times,
    parts: PARTS.map((p) => ({
      name: PART_NAMES[p.value],
      slots: times.filter((t) => t.part === p.value),
    })).filter((p) => p.slots.length > 0),
  };
}

export type TimePickerQuery = {
  studio: Studio;
  service: Service;
  now: Date;
  url: URL;
  /** The time already chosen (its day is shown first). */
  selected: string | null;
  timeoutMs: number;
  /** Read fresh (a patient just told "that time went"); otherwise the times page's short cache is used. */
  fresh?: boolean;
  /** A visit being moved: its own time does not hide the times around it, and is not offered itself. */
  moving?: { appointmentId: number; startsAt: Date };
  /** The booking asking (holds.server.ts): the time it holds is offered to it; other bookings' live holds are not. */
  holder?: string;
  /** The reader's language for dates and times (i18nOf(request).locale); English by default. */
  locale?: string;
  /** Only this provider's free times (the console's booking, issue 38 A); every eligible provider's by default. */
  providerId?: number;
};

/** The week `?week=` asks for and the day `?day=` asks for; `timedOut` when availabilitiesTimeout passed. */
export async function timePickerWeek(db: Db, q: TimePickerQuery) {
  const locale = q.locale ?? "en-US";
  const week = parseWeek(q.url.searchParams.get("week"));
  const firstDay = addDays(localToday(q.now, q.studio.tz), week * 7);
  const from = localMidnight(firstDay, q.studio.tz);
  const to = localMidnight(addDays(firstDay, 7), q.studio.tz);
  const base = {
    week,
    maxWeek: MAX_WEEK,
    range: `${formatLocalDate(from, q.studio.tz, locale)} – ${formatLocalDate(
      new Date(to.getTime() - 1),
      q.studio.tz,
      locale
    )}`,
  };
  let slots;
  try {
    const options =
      q.moving !== undefined
        ? { ignoreAppointmentId: q.moving.appointmentId, holder: q.holder }
        : { cacheBlocked: !q.fresh, holder: q.holder };
    slots = await withTimeout(
      findSlots(db, q.studio, q.service, { from, to, now: q.now }, options),
      q.timeoutMs
    );
    const current = q.moving?.startsAt.getTime();
    slots = slots.filter((s) => s.startsAt.getTime() !== current && (q.providerId === undefined || s.providerIds.includes(q.providerId)));
  } catch (error) {
    if (!(error instanceof LookupTimeout)) throw error;
    return { ...base, timedOut: true, days: [], dayLinks: [] };
  }
  const groups = groupSlotsByLocalDay(slots, q.studio.tz);
  const asked = q.url.searchParams.get("day");
  const shown =
    groups.find((g) => g.day === asked) ??
    groups.find((g) =>
      g.slots.some((s) => s.startsAt.toISOString() === q.selected)
    ) ??
    groups[0];
  const dayLinks = groups.map((g) => ({
    key: g.day,
    label: formatLocalShortDate(g.slots[0].startsAt, q.studio.tz, locale),
    count: g.slots.length,
    current: g === shown,
  }));
  return {
    ...base,
    timedOut: false,
    days: shown ? [shownDay(shown.slots, q.studio.tz, q.now, locale)] : [],
    dayLinks,
  };
}
