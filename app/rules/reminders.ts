/** Reminder emails before a visit (issue 10): a week, two days and two hours ahead, nearest last. */
export const REMINDERS = [
  { kind: "7d", aheadMs: 7 * 86_400_000 },
  { kind: "2d", aheadMs: 2 * 86_400_000 },
  { kind: "2h", aheadMs: 2 * 3_600_000 },
] as const;

export type ReminderKind = (typeof REMINDERS)[number]["kind"];

/** The reminders a visit at `startsAt` gets when booked or moved at `now`: only those still ahead. */
export function remindersDue(startsAt: Date, now: Date): { kind: ReminderKind; dueAt: Date }[] {
  return REMINDERS.map((r) => ({ kind: r.kind, dueAt: new Date(startsAt.getTime() - r.aheadMs) })).filter((r) => r.dueAt > now);
}

/**
 * Whether a due reminder is still worth sending at `now`: not once the visit has begun, and not when a
 * nearer reminder is due too (after downtime the patient gets the latest one, not three at once).
 */
export function reminderStillUseful(kind: ReminderKind, startsAt: Date, now: Date): boolean {
  if (now >= startsAt) return false;
  const index = REMINDERS.findIndex((r) => r.kind === kind);
  const nearer = REMINDERS[index + 1];
  return !nearer || now < new Date(startsAt.getTime() - nearer.aheadMs);
}
