/**
 * Sends the reminder emails that are due (issue 10). The database decides who sends: each container
 * claims due rows with FOR UPDATE SKIP LOCKED inside the transaction that queues the email and marks the
 * row sent, so a reminder is queued exactly once however many containers run, and a restart resumes from
 * the rows (nothing is kept in memory). The outbox then delivers it.
 */
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  appointmentReminders,
  appointments,
  intakes,
  patients,
} from "~/db/schema";
import { needsIntakeLink } from "~/rules/intake";
import { reminderStillUseful } from "~/rules/reminders";
import { enqueueEmail } from "~/platform/email.server";
import { getService, getStudioAnyState } from "~/scheduling/catalogue.server";
import { seriesPlaceOf } from "~/scheduling/series-calendar.server";
import { visitEmail } from "./visit-email";
import { getEnv } from "~/platform/env.server";

/** Queues the reminders due at `now` (at most `limit` per run). Returns how many were queued. */
export async function sendDueReminders(
  db: Db,
  {
    now = new Date(),
    siteOrigin,
    limit = 50,
  }: { now?: Date; siteOrigin: string; limit?: number }
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        reminder: appointmentReminders,
        appointment: appointments,
        email: patients.email,
        firstName: patients.firstName,
        remindersOff: patients.reminderEmailsOffAt,
        intakeStatus: intakes.status,
      })
      .from(appointmentReminders)
      .innerJoin(
        appointments,
        eq(appointments.id, appointmentReminders.appointmentId)
      )
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .leftJoin(intakes, eq(intakes.appointmentId, appointments.id))
      .where(
        and(
          isNull(appointmentReminders.sentAt),
          isNull(appointmentReminders.skipped),
          lte(appointmentReminders.dueAt, now)
        )
      )
      .orderBy(asc(appointmentReminders.dueAt), asc(appointmentReminders.id))
      .limit(limit)
      .for("update", { of: appointmentReminders, skipLocked: true });
    let queued = 0;
    for (const {
      reminder,
      appointment,
      email,
      firstName,
      remindersOff,
      intakeStatus,
    } of due) {
      const skipped =
        appointment.status !== "CONFIRMED"
          ? "cancelled"
          : appointment.startsAt.getTime() !== reminder.visitStartsAt.getTime()
          ? "rescheduled"
          : !reminderStillUseful(reminder.kind, appointment.startsAt, now)
          ? "superseded"
          : remindersOff
          ? "opted_out" // stopped on the consents page (issue 41 C)
          : null;
      if (!skipped) {
        const studio = await getStudioAnyState(
          tx as Db,
          appointment.studioSlug
        );
        const service = await getService(tx as Db, appointment.serviceType);
        if (!studio || !service) continue;
        // The intake link while intake is open: needed and not yet complete, or started and not finished.
        const intakeOpen = intakeStatus
          ? intakeStatus !== "COMPLETE"
          : needsIntakeLink(appointment);
        await enqueueEmail(
          tx,
          visitEmail(
            {
              to: email,
              firstName,
              appointment: { ...appointment, series: await seriesPlaceOf(tx, appointment) },
              studio,
              service,
              now,
              siteOrigin,
              mailFrom: getEnv().MAIL_FROM,
            },
            { kind: "reminder", reminder: reminder.kind, intakeOpen }
          )
        );
        queued++;
      }
      await tx
        .update(appointmentReminders)
        .set(skipped ? { skipped } : { sentAt: now })
        .where(eq(appointmentReminders.id, reminder.id));
    }
    return queued;
  });
}

