/**
 * The 2-day and 2-hour reminder texts (issue 31 B; the 7-day reminder stays email only). Nothing is stored ahead:
 * each run works out from every upcoming visit's CURRENT start which reminder is due, so a move (by the patient or
 * the studio) moves its reminders and leaves no second copy; the outbox key (visit, kind, start) makes each one once
 * across processes. Only visits whose patient (or family holder) has a live consent are looked at.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outsideQuietHours } from "./quiet-hours";
import { queueVisitText } from "./outbox.server";
import { studioTimezone } from "~/rules/timezones";

export const TEXT_REMINDERS = [
  { kind: "reminder_2d", aheadMs: 2 * 86_400_000 },
  { kind: "reminder_2h", aheadMs: 2 * 3_600_000 },
] as const;

/**
 * When a visit's reminder goes: `aheadMs` before the start, moved out of the studio's night to 8 AM; null when that
 * is not before the visit, or when the nearer reminder is due by then (after downtime: the latest one only).
 */
export function reminderSendAt(kind: (typeof TEXT_REMINDERS)[number]["kind"], startsAt: Date, tz: string): Date | null {
  const index = TEXT_REMINDERS.findIndex((r) => r.kind === kind);
  const at = outsideQuietHours(new Date(startsAt.getTime() - TEXT_REMINDERS[index].aheadMs), tz);
  const nearer = TEXT_REMINDERS[index + 1];
  if (at >= startsAt) return null;
  if (nearer && at >= new Date(startsAt.getTime() - nearer.aheadMs)) return null;
  return at;
}

type Candidate = { id: number; starts_at: string | Date; created_at: string | Date; slug: string; timezone: string | null; told_at: string | Date | null; queued: string[] };

/** Queues the reminders due at `now`. Returns how many were queued. */
export async function planReminders(db: Db, now: Date, siteOrigin: string): Promise<number> {
  const horizon = new Date(now.getTime() + TEXT_REMINDERS[0].aheadMs);
  const result = await db.execute(sql`
    select a.id, a.starts_at, a.created_at, s.slug, s.timezone,
      (select max(o.created_at) from sms_outbox o where o.appointment_id = a.id and o.visit_starts_at = a.starts_at and o.kind in ('booked', 'moved')) as told_at,
      array(select o.kind from sms_outbox o where o.appointment_id = a.id and o.visit_starts_at = a.starts_at and o.kind in ('reminder_2d', 'reminder_2h')) as queued
    from appointments a
    join patients p on p.id = a.patient_id
    join studios s on s.slug = a.studio_slug
    where a.status = 'CONFIRMED' and a.starts_at > ${now.toISOString()}::timestamptz and a.starts_at <= ${horizon.toISOString()}::timestamptz
      and exists (
        select 1 from sms_consents c
        where c.withdrawn_at is null
          and (c.patient_id = p.id or c.patient_id in (select h.id from patients h where h.person_id = p.family_of_person_id and h.family_of_person_id is null))
      )
    order by a.starts_at
    limit 500`);
  const rows = (result as unknown as { rows: Candidate[] }).rows;
  let queued = 0;
  for (const row of rows) {
    const startsAt = new Date(row.starts_at);
    const tz = studioTimezone(row.slug, row.timezone, () => undefined);
    for (const reminder of TEXT_REMINDERS) {
      if (row.queued.includes(reminder.kind)) continue;
      const at = reminderSendAt(reminder.kind, startsAt, tz);
      if (!at || at > now) continue;
      // Booked or moved after this reminder was due: the patient was just told (the booked/moved text); no reminder on top.
      const since = new Date(Math.max(new Date(row.created_at).getTime(), row.told_at ? new Date(row.told_at).getTime() : 0));
      if (since >= new Date(startsAt.getTime() - reminder.aheadMs)) continue;
      // Only the nearest due reminder (the 2-day one is void once the 2-hour one is due).
      if (reminder.kind === "reminder_2d" && now >= new Date(startsAt.getTime() - TEXT_REMINDERS[1].aheadMs)) continue;
      if (await queueVisitText(db, { appointmentId: row.id, kind: reminder.kind, now, siteOrigin })) queued++;
    }
  }
  return queued;
}
