/** The age rule: patients under 18 are booked by a parent or guardian (DOMAIN-NOTES), who ticks a box. */
export const ADULT_AGE = 18;

/** Whole years between a 'YYYY-MM-DD' birth date and a 'YYYY-MM-DD' day (a birthday counts on the day). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
