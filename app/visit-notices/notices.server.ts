/**
 * What a patient is told when their visit changes (issue 42 B, decision 070): the email and the text of a booking, a
 * move and a cancel. A consumer of the visit record (`visit_events`, decision 031), like the waitlist and the webhooks:
 * scheduling writes the change and its event; this reads the events in commit order through its own cursor and queues
 * the notices, each in the transaction that advances the cursor — so each is queued once, whatever the number of
 * processes (the cursor row is claimed with SKIP LOCKED), and a visit's notices keep the order of its changes.
 *
 * A notice says the visit as the change left it (the event's time, the calendar SEQUENCE of that change), not as it is
 * when the consumer runs: a visit booked and moved at once gets the booking's email, then the move's.
 *
 * A series (issue 39, decision 076) is told once: one email listing its visits and one text, at its first visit's
 * booking event; a series visit's later notices say which of the series it is ("visit 3 of 8").
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, patients, visitEvents, visitSeries } from "~/db/schema";
import { enqueueEmail } from "~/platform/email.server";
import { getEnv } from "~/platform/env.server";
import { tFor } from "~/i18n/catalogues.server";
import { queueVisitText, type VisitTextKind } from "~/sms/outbox.server";
import { getService, getStudioAnyState } from "~/scheduling/catalogue.server";
import { cardOnFile } from "~/scheduling/visit-changes.server";
import { cardLabelIn } from "~/scheduling/visit-notes";
import { seriesPlaceOf } from "~/scheduling/series-calendar.server";
import { consumeVisitEvents, type VisitEvent } from "~/scheduling/visit-events.server";
import { pairConfirmationEmail, seriesCancelledEmail, seriesConfirmationEmail, visitEmail, type VisitEmailKind } from "./visit-email";

/** The consumer's name: its cursor row in `visit_event_cursors`. */
export const NOTICES_CONSUMER = "visit-notices";

type Options = { siteOrigin?: string; mailFrom?: string; limit?: number };

type Appointment = typeof appointments.$inferSelect;
type Visit = { appointment: Appointment; email: string; firstName: string; familyOfPersonId: number | null };

const TEXT_OF: Partial<Record<VisitEvent["type"], VisitTextKind>> = { "visit.booked": "booked", "visit.moved": "moved", "visit.cancelled": "cancelled" };

/**
 * Queues the notices of the next events (at most `limit`); returns how many events were read. The outbox's and the
 * texts' jobs hear of what was queued from the database (the outboxes' NOTIFY at commit, decision 070), in every process.
 */
export async function sendVisitNotices(db: Db, options: Options = {}): Promise<number> {
  const siteOrigin = options.siteOrigin ?? getEnv().SITE_ORIGIN;
  const mailFrom = options.mailFrom ?? getEnv().MAIL_FROM;
  const read = await consumeVisitEvents(
    db,
    NOTICES_CONSUMER,
    async (tx, events) => {
      const wanted = events.filter((e) => e.visitId !== null && TEXT_OF[e.type]);
      if (wanted.length === 0) return;
      const visits = await visitsOf(tx, [...new Set(wanted.map((e) => e.visitId!))]);
      for (const event of wanted) {
        const visit = visits.get(event.visitId!);
        if (!visit) continue; // gone with its patient's data (erased): nobody to tell
        await notify(tx, event, visit, { siteOrigin, mailFrom });
      }
    },
    options.limit,
  );
  return read;
}

async function visitsOf(tx: Db, ids: number[]): Promise<Map<number, Visit>> {
  const rows = await tx
    .select({ appointment: appointments, email: patients.email, firstName: patients.firstName, familyOfPersonId: patients.familyOfPersonId })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(inArray(appointments.id, ids));
  return new Map(rows.map((r) => [r.appointment.id, r]));
}

/** The visit as the event's change left it: its time then, and its calendar SEQUENCE then (each move and cancel raised it). */
async function asOf(tx: Db, event: VisitEvent, appointment: Appointment) {
  const [{ changes }] = await tx
    .select({ changes: sql<number>`count(*)::int` })
    .from(visitEvents)
    .where(and(eq(visitEvents.visitId, appointment.id), lte(visitEvents.seq, event.seq ?? 0), inArray(visitEvents.type, ["visit.moved", "visit.cancelled"])));
  const startsAt = event.startsAt ?? appointment.startsAt;
  const endsAt = new Date(startsAt.getTime() + (appointment.endsAt.getTime() - appointment.startsAt.getTime()));
  return { ...appointment, startsAt, endsAt, sequence: changes };
}

/** Who a booking's email goes to: the email typed at booking (a family member's visit: the holder's) and the name to greet. */
function bookedBy(visit: Visit): { to: string; firstName: string } {
  const contact = (visit.appointment.details.contact ?? {}) as { email?: unknown; firstName?: unknown };
  const typed = typeof contact.email === "string" ? contact.email.trim().toLowerCase() : visit.email;
  const typedName = typeof contact.firstName === "string" ? contact.firstName : visit.firstName;
  return { to: typed, firstName: visit.familyOfPersonId !== null ? visit.firstName : typedName };
}

async function notify(tx: Db, event: VisitEvent, visit: Visit, env: { siteOrigin: string; mailFrom: string }): Promise<number> {
  if (event.type === "visit.booked" && visit.appointment.seriesId !== null) {
    // A series (issue 39, decision 076) is booked in one transaction: its visits' events are all committed when the
    // first one's is read. ONE email and ONE text for the series, at its first visit's event; none for the others.
    return visit.appointment.seriesPosition === 1 ? notifySeries(tx, event, visit, env) : 0;
  }
  if (event.type === "visit.cancelled" && visit.appointment.seriesId !== null) {
    // Several visits of a series cancelled in one change (decision 081): ONE email and ONE text, at the event of the
    // first of them in the series; none for the others. A single visit's cancel is told as any.
    const together = await cancelledTogether(tx, event, visit.appointment.seriesId);
    if (together.length > 1) return together[0].id === visit.appointment.id ? notifySeriesCancel(tx, event, visit, together, env) : 0;
  }
  const appointment = { ...(await asOf(tx, event, visit.appointment)), series: await seriesPlaceOf(tx, visit.appointment) };
  const now = event.at;
  let queued = 0;
  const parts = async (a: Appointment) => {
    const studio = await getStudioAnyState(tx, a.studioSlug);
    const service = await getService(tx, a.serviceType, { fresh: true });
    return studio && service ? { studio, service } : null;
  };
  const found = await parts(appointment);
  if (event.type === "visit.booked") {
    const details = appointment.details as { pairToken?: unknown; pairGreet?: unknown };
    const { to, firstName } = bookedBy(visit);
    if (typeof details.pairToken === "string") {
      // Two visits booked together (issue 20 A): one email naming both, with the first (the one greeting the holder).
      if (typeof details.pairGreet === "string" && found) {
        const [other] = await tx
          .select({ appointment: appointments, email: patients.email, firstName: patients.firstName, familyOfPersonId: patients.familyOfPersonId })
          .from(appointments)
          .innerJoin(patients, eq(patients.id, appointments.patientId))
          .where(eq(appointments.token, details.pairToken));
        const otherParts = other ? await parts(other.appointment) : null;
        if (other && otherParts) {
          const companionAt = await firstTime(tx, other.appointment);
          const input = (a: Appointment, v: Visit, p: NonNullable<typeof found>) => {
            const who = (a.details as { pairWho?: unknown }).pairWho;
            return { to, firstName, who: typeof who === "string" ? who : v.firstName, appointment: a, ...p, now, ...env };
          };
          const greet = typeof details.pairGreet === "string" ? details.pairGreet : "";
          await enqueueEmail(tx, pairConfirmationEmail([input(appointment, visit, found), input(companionAt, other, otherParts)], greet));
          queued++;
        }
      }
    } else if (to && found) {
      // A caller the desk booked without an email (issue 38 B): the text is their confirmation.
      await enqueueEmail(tx, visitEmail({ to, firstName, appointment, ...found, now, ...env }, { kind: "booked" }));
      queued++;
    }
  } else if (found) {
    let about: VisitEmailKind;
    if (event.type === "visit.moved") {
      about = { kind: "rescheduled", previousStartsAt: event.previousStartsAt ?? appointment.startsAt };
    } else {
      const card = cardOnFile(appointment);
      about = { kind: "cancelled", lateFeeCents: appointment.lateCancelFeeCents, cardLabel: card ? cardLabelIn(tFor(appointment.locale), appointment.locale, card) : null };
    }
    // No address: a caller the desk booked without one, or a closed account (decision 078: nothing is sent to it).
    if (visit.email) {
      await enqueueEmail(tx, visitEmail({ to: visit.email, firstName: visit.firstName, appointment, ...found, now, ...env }, about));
      queued++;
    }
  }
  if (await queueVisitText(tx, { appointmentId: appointment.id, kind: TEXT_OF[event.type]!, now, siteOrigin: env.siteOrigin, startsAt: appointment.startsAt })) queued++;
  return queued;
}

/** A visit as its booking left it (the pair's companion, whatever happened to it since). */
async function firstTime(tx: Db, appointment: Appointment): Promise<Appointment> {
  const [booked] = await tx
    .select()
    .from(visitEvents)
    .where(and(eq(visitEvents.visitId, appointment.id), eq(visitEvents.type, "visit.booked")));
  return booked ? asOf(tx, booked, appointment) : appointment;
}

/** The visits of the series cancelled in the transaction of `event` (its `tx_id`), in series order, as they are now. */
async function cancelledTogether(tx: Db, event: VisitEvent, seriesId: number): Promise<Appointment[]> {
  const rows = await tx
    .select({ appointment: appointments })
    .from(visitEvents)
    .innerJoin(appointments, eq(appointments.id, visitEvents.visitId))
    .where(and(eq(visitEvents.txId, event.txId), eq(visitEvents.type, "visit.cancelled"), eq(appointments.seriesId, seriesId)))
    .orderBy(appointments.seriesPosition);
  return rows.map((r) => r.appointment);
}

/** Several visits of a series cancelled at once: one email listing them (each at the time it had), one text. */
async function notifySeriesCancel(tx: Db, event: VisitEvent, visit: Visit, together: Appointment[], env: { siteOrigin: string; mailFrom: string }): Promise<number> {
  const [series] = await tx.select().from(visitSeries).where(eq(visitSeries.id, visit.appointment.seriesId!));
  const studio = await getStudioAnyState(tx, visit.appointment.studioSlug);
  const service = await getService(tx, visit.appointment.serviceType, { fresh: true });
  if (!series || !studio || !service) return 0;
  const visits = together.map((a) => ({ ...a, series: { position: a.seriesPosition!, of: series.occurrences, token: series.token } }));
  const feeCents = together.reduce((sum, a) => sum + (a.lateCancelFeeCents ?? 0), 0) || null;
  const card = cardOnFile(visit.appointment);
  let queued = 0;
  if (visit.email) {
    const cardLabel = card ? cardLabelIn(tFor(visit.appointment.locale), visit.appointment.locale, card) : null;
    await enqueueEmail(tx, seriesCancelledEmail({ to: visit.email, firstName: visit.firstName, visits, feeCents, cardLabel, studio, service, now: event.at, ...env }));
    queued++;
  }
  if (await queueVisitText(tx, { appointmentId: together[0].id, kind: "series_cancelled", now: event.at, siteOrigin: env.siteOrigin, count: together.length })) queued++;
  return queued;
}

/** A series booked: one email listing every visit as its booking left it, with the series' calendar link; one text. */
async function notifySeries(tx: Db, event: VisitEvent, visit: Visit, env: { siteOrigin: string; mailFrom: string }): Promise<number> {
  const [series] = await tx.select().from(visitSeries).where(eq(visitSeries.id, visit.appointment.seriesId!));
  if (!series) return 0;
  const members = await tx.select().from(appointments).where(eq(appointments.seriesId, series.id)).orderBy(appointments.seriesPosition);
  const studio = await getStudioAnyState(tx, series.studioSlug);
  const service = await getService(tx, series.serviceType, { fresh: true });
  if (!studio || !service) return 0;
  const visits = [];
  for (const member of members) {
    const booked = await firstTime(tx, member);
    visits.push({ ...booked, series: { position: member.seriesPosition!, of: series.occurrences, token: series.token } });
  }
  let queued = 0;
  const { to, firstName } = bookedBy(visit);
  if (to) {
    await enqueueEmail(tx, seriesConfirmationEmail({ to, firstName, visits, seriesToken: series.token, studio, service, now: event.at, ...env }));
    queued++;
  }
  const first = visits[0];
  if (await queueVisitText(tx, { appointmentId: first.id, kind: "series_booked", now: event.at, siteOrigin: env.siteOrigin, startsAt: first.startsAt, count: visits.length })) queued++;
  return queued;
}
