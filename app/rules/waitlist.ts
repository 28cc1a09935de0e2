/**
 * The waitlist's rules (issue 19 B, decision 022). Pure: no I/O.
 */
import { dayPartOf } from "./day-parts";
import { addDays, localDayKey, localToday } from "./zoned-time";

/** Offers go out this many at a time for one freed time, oldest entries first. */
export const OFFER_BATCH_SIZE = 3;
/** After a batch, the next one waits this long (if nobody claimed the time by then). */
export const OFFER_BATCH_WAIT_MINUTES = 15;
/** How far ahead a patient may wait for: the booking window. */
export const WAITLIST_MAX_DAYS_AHEAD = 60;

export type WaitlistWish = { firstDay: string; lastDay: string; parts: readonly string[] };

/** Whether a time at a studio (zone `tz`) is one the entry waits for: its day within the range, in a chosen part. */
export function wishMatches(wish: WaitlistWish, startsAt: Date, tz: string): boolean {
  const day = localDayKey(startsAt, tz);
  return day >= wish.firstDay && day <= wish.lastDay && wish.parts.includes(dayPartOf(startsAt, tz).value);
}

/** An entry is over once its last day has passed at the studio. */
export function wishExpired(wish: Pick<WaitlistWish, "lastDay">, now: Date, tz: string): boolean {
  return wish.lastDay < localToday(now, tz);
}

/** The days a patient may choose from: today to the end of the booking window (studio-local, 'YYYY-MM-DD'). */
export function wishDayBounds(now: Date, tz: string): { min: string; max: string } {
  const min = localToday(now, tz);
  return { min, max: addDays(min, WAITLIST_MAX_DAYS_AHEAD) };
}

/** The next batch's time after one went out at `now`. */
export const nextBatchAt = (now: Date) => new Date(now.getTime() + OFFER_BATCH_WAIT_MINUTES * 60_000);
