import { instantOfWall, localDayKey, localHour } from "~/rules/zoned-time";

/**
 * Quiet hours (issue 31): no text we start between 9 PM and 8 AM on the STUDIO's clock (the patient is near it).
 * A text due in them waits for 8 AM; a visit's text that would then arrive at or after the visit is not sent.
 */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

export function inQuietHours(at: Date, tz: string): boolean {
  const hour = localHour(at, tz);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** `at` itself outside quiet hours, else the next 8 AM in the zone. */
export function outsideQuietHours(at: Date, tz: string): Date {
  if (!inQuietHours(at, tz)) return at;
  const day = localDayKey(at, tz);
  const [y, m, d] = day.split("-").map(Number);
  // Before 8 AM: this local day's 8 AM; after 9 PM: the next day's.
  const dayOffset = localHour(at, tz) >= QUIET_FROM_HOUR ? 1 : 0;
  return new Date(instantOfWall(Date.UTC(y, m - 1, d + dayOffset, QUIET_UNTIL_HOUR), tz).instant);
}
