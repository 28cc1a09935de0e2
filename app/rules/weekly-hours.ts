// A provider's weekly hours and time off as staff type them in the console (issue 18 C, decision 023). Pure.
import { addDays, instantOfWall, isDayKey } from "./zoned-time";

export type Interval = { startMinute: number; endMinute: number };

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** The week as a studio reads it: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
/** The shortest stretch of hours worth offering (one slot step) and the most stretches in one day. */
export const MIN_INTERVAL_MINUTES = 15;
export const MAX_INTERVALS_PER_DAY = 6;

const TIME = /^(\d{1,2})(?::(\d{2}))?\s*([ap])?\.?\s*(?:m\.?)?$/i;

/** "8", "8:30", "14:00", "2 PM", "2:30pm" → minutes from midnight; null when not a time of day. */
export function parseTimeOfDay(text: string): number | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  if (minute > 59) return null;
  const half = m[3]?.toLowerCase();
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === "p" ? 12 : 0);
  } else if (hour > 24 || (hour === 24 && minute > 0)) return null;
  return hour * 60 + minute;
}

/** "8:00 AM", "12:30 PM"; 1440 is "midnight" (the end of the day). */
export function formatMinute(minute: number): string {
  if (minute === 1440) return "midnight";
  const hour = Math.floor(minute / 60);
  const mm = String(minute % 60).padStart(2, "0");
  return `${hour % 12 === 0 ? 12 : hour % 12}:${mm} ${hour < 12 ? "AM" : "PM"}`;
}

/** One day's stretches as typed back into its field: "8:00 AM–12:00 PM, 1:00 PM–5:00 PM". */
export function formatIntervals(intervals: Interval[]): string {
  return [...intervals]
    .sort((a, b) => a.startMinute - b.startMinute)
    .map((i) => `${formatMinute(i.startMinute)}–${i.endMinute === 1440 ? "12:00 AM" : formatMinute(i.endMinute)}`)
    .join(", ");
}

/**
 * One weekday's field: stretches separated by commas, each "start–end" ("8:00 AM–12:00 PM", "13:00-17:00",
 * "9 to 2 PM"…); empty means not working that day. An end of midnight ("12 AM", "24:00") is the end of the day.
 * Refused: a time that is not one, an end not after its start, a stretch under 15 minutes, too many stretches,
 * and two stretches that overlap (touching is fine: 8–12 and 12–5).
 */
export function parseDayHours(text: string): { ok: true; intervals: Interval[] } | { ok: false; message: string } {
  const parts = text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > MAX_INTERVALS_PER_DAY) return { ok: false, message: `Give at most ${MAX_INTERVALS_PER_DAY} stretches of hours in a day.` };
  const intervals: Interval[] = [];
  for (const part of parts) {
    const ends = part.split(/\s*(?:–|—|-|\bto\b)\s*/i);
    if (ends.length !== 2) return { ok: false, message: `“${part}” is not a start and an end, like 8:00 AM–5:00 PM.` };
    const start = parseTimeOfDay(ends[0]!);
    let end = parseTimeOfDay(ends[1]!);
    if (start === null || end === null) return { ok: false, message: `“${part}” is not a start and an end, like 8:00 AM–5:00 PM.` };
    if (end === 0) end = 1440;
    if (start === 1440 || end <= start) return { ok: false, message: `In “${part}” the end must come after the start.` };
    if (end - start < MIN_INTERVAL_MINUTES) return { ok: false, message: `“${part}” is shorter than ${MIN_INTERVAL_MINUTES} minutes.` };
    intervals.push({ startMinute: start, endMinute: end });
  }
  intervals.sort((a, b) => a.startMinute - b.startMinute);
  for (let i = 1; i < intervals.length; i++) {
    const [a, b] = [intervals[i - 1]!, intervals[i]!];
    if (b.startMinute < a.endMinute) return { ok: false, message: `${formatIntervals([b])} overlaps ${formatIntervals([a])}.` };
  }
  return { ok: true, intervals };
}

/** The longest time off one entry may cover (a longer leave is a change of hours). */
export const MAX_TIME_OFF_DAYS = 366;

export type TimeOffInput = { startDate: string; startTime: string; endDate: string; endTime: string };

/**
 * Time off as typed: from a day (and a time) to a day (and a time), in the studio's zone. No times: whole days,
 * from the first day's midnight to the midnight after the last day. The end day defaults to the start day.
 * Errors are per field; the end must come after the start.
 */
export function timeOffRange(
  input: TimeOffInput,
  tz: string,
): { ok: true; startsAt: Date; endsAt: Date; wholeDays: boolean } | { ok: false; errors: Partial<Record<keyof TimeOffInput, string>> } {
  const errors: Partial<Record<keyof TimeOffInput, string>> = {};
  if (!isDayKey(input.startDate)) errors.startDate = "Enter the first day of the time off.";
  const endDate = input.endDate.trim() || input.startDate;
  if (input.endDate.trim() && !isDayKey(input.endDate.trim())) errors.endDate = "Enter the last day as a date, or leave it empty for one day.";
  const start = input.startTime.trim() ? parseTimeOfDay(input.startTime) : null;
  const end = input.endTime.trim() ? parseTimeOfDay(input.endTime) : null;
  if (input.startTime.trim() && start === null) errors.startTime = "Enter a time, like 1:00 PM.";
  if (input.endTime.trim() && end === null) errors.endTime = "Enter a time, like 5:00 PM.";
  const wholeDays = !input.startTime.trim() && !input.endTime.trim();
  if (!wholeDays && !input.startTime.trim()) errors.startTime = "Enter when the time off starts, or leave both times empty for whole days.";
  if (!wholeDays && !input.endTime.trim()) errors.endTime = "Enter when the time off ends, or leave both times empty for whole days.";
  if (Object.keys(errors).length) return { ok: false, errors };
  const wall = (d: string, minute: number) => {
    const [y, m, dd] = d.split("-").map(Number) as [number, number, number];
    return new Date(instantOfWall(Date.UTC(y, m - 1, dd) + minute * 60_000, tz).instant);
  };
  const startsAt = wholeDays ? wall(input.startDate, 0) : wall(input.startDate, start!);
  const endsAt = wholeDays ? wall(addDays(endDate, 1), 0) : wall(endDate, end!);
  if (endsAt <= startsAt) return { ok: false, errors: { [wholeDays || endDate < input.startDate ? "endDate" : "endTime"]: "The time off must end after it starts." } };
  if (endsAt.getTime() - startsAt.getTime() > MAX_TIME_OFF_DAYS * 86400_000) return { ok: false, errors: { endDate: `Time off can cover at most ${MAX_TIME_OFF_DAYS} days; change the provider’s hours for a longer leave.` } };
  return { ok: true, startsAt, endsAt, wholeDays };
}
