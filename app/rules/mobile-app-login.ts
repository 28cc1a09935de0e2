// Spec §5: "stale when older than 60" — the unit is not shown; days is the likely reading.
export const MOBILE_APP_LOGIN_STALE_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Never logged in counts as stale; exactly 60 days ago is not yet stale. */
export function isMobileAppLoginStale(lastLogin: Date | null, now: Date): boolean {
  if (!lastLogin) return true;
  return now.getTime() - lastLogin.getTime() > MOBILE_APP_LOGIN_STALE_DAYS * DAY_MS;
}
