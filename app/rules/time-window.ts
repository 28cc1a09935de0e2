const HOURS_24_MS = 24 * 60 * 60 * 1000;

/** Spec §5: between now and 24 hours ahead, both ends inclusive; past times are not "within". */
export function isWithinNext24Hours(at: Date, now: Date): boolean {
  const delta = at.getTime() - now.getTime();
  return delta >= 0 && delta <= HOURS_24_MS;
}
