// A series of visits (issue 39): care that repeats every N weeks or N months, planned at once. Pure: the days and
// the instants of the occurrences, kept at the same studio-local wall time across daylight-saving changes.
import { addDays, instantOfWall } from "./zoned-time";

/** At most 24 visits, at most two years from the first (orthodontics runs 12–24 months; a longer plan is re-made). */
export const SERIES_MAX_OCCURRENCES = 24;
export const SERIES_MAX_MONTHS = 24;
/** Every 1–26 weeks or 1–12 months: a gap beyond that is recall, not a series. */
export const SERIES_MAX_EVERY = { weeks: 26, months: 12 } as const;

export type SeriesUnit = keyof typeof SERIES_MAX_EVERY;
/** How often, and until when: a count of visits or a last day (studio-local 'YYYY-MM-DD', inclusive). */
export type SeriesRule = { every: number; unit: SeriesUnit } & ({ count: number; until?: undefined } | { until: string; count?: undefined });

/** The first day plus `months` calendar months, on the same day of the month or the month's last (Jan 31 → Feb 28). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastOfMonth));
  return first.toISOString().slice(0, 10);
}

/** The last day a series starting on `firstDay` may reach. */
export const seriesLastAllowedDay = (firstDay: string) => addDays(addMonths(firstDay, SERIES_MAX_MONTHS), -1);

/**
 * The studio-local days of a series, the first included: each counted from the first (never from the previous,
 * so Jan 31 monthly gives Feb 28, Mar 31, Apr 30 — not drifting to the 28th), stopping at the count, the last day
 * or two years, whichever comes first, and never more than 24.
 */
export function seriesDays(firstDay: string, rule: SeriesRule): string[] {
  const limit = rule.until !== undefined && rule.until < seriesLastAllowedDay(firstDay) ? rule.until : seriesLastAllowedDay(firstDay);
  const most = Math.min(rule.count ?? SERIES_MAX_OCCURRENCES, SERIES_MAX_OCCURRENCES);
  const days: string[] = [];
  for (let i = 0; days.length < most; i++) {
    const day = rule.unit === "weeks" ? addDays(firstDay, 7 * rule.every * i) : addMonths(firstDay, rule.every * i);
    if (day > limit) break;
    days.push(day);
  }
  return days;
}

/**
 * The instant of a studio-local day at a wall time (minutes after midnight): 9:00 AM stays 9:00 AM in March and
 * November. A wall time a spring-forward skips does not exist that day: `exists` false (the preview shows a conflict).
 */
export function localInstant(day: string, minuteOfDay: number, tz: string): { at: Date; exists: boolean } {
  const [y, m, d] = day.split("-").map(Number);
  const { instant, exists } = instantOfWall(Date.UTC(y, m - 1, d) + minuteOfDay * 60_000, tz);
  return { at: new Date(instant), exists };
}

/** What is wrong with a rule for a series starting on `firstDay`, as a catalogue key per field; empty when none. */
export function seriesRuleProblems(firstDay: string, rule: { every: number; unit: SeriesUnit; count?: number; until?: string }): Partial<Record<"every" | "count" | "until", string>> {
  const problems: Partial<Record<"every" | "count" | "until", string>> = {};
  if (!Number.isInteger(rule.every) || rule.every < 1 || rule.every > SERIES_MAX_EVERY[rule.unit]) problems.every = `series.errors.every.${rule.unit}`;
  if (rule.count === undefined && rule.until === undefined) problems.count = "series.errors.countOrUntil";
  if (rule.count !== undefined && (!Number.isInteger(rule.count) || rule.count < 2 || rule.count > SERIES_MAX_OCCURRENCES)) problems.count = "series.errors.count";
  if (rule.until !== undefined) {
    if (rule.until <= firstDay) problems.until = "series.errors.untilPast";
    else if (rule.until > seriesLastAllowedDay(firstDay)) problems.until = "series.errors.untilTooFar";
  }
  return problems;
}

/** How far ahead a series' times are read and held: two years and a week (the last visit's ±3-day alternatives). */
export const SERIES_HORIZON_DAYS = 2 * 366 + 7;
