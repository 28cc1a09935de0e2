/**
 * Cancelling and moving a booked visit (issue 10, decision 012). Each change is one transaction that
 * re-reads the visit under a row lock and applies only to the version the patient saw (its SEQUENCE), so
 * a double click, a second tab or another device never cancels or moves it twice. A move takes the same
 * studio-day lock as booking and relies on the same exclusion constraints: the old time is freed and the
 * new one taken together, or neither.
 */
import { and, asc, eq, gt, gte, inArray, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointmentReminders, appointments } from "~/db/schema";
import {
  changeTerms,
  type CardOnFile,
  type ChangeTerms,
} from "~/rules/cancellation-policy";
import { appendAudit } from "~/platform/audit.server";
import { nudgeFeeCharger, recordFeeDue } from "~/payments/fees.server";
import { countOutcome } from "~/platform/events.server";
import {
  errorCode,
  lockStudioDay,
  RETRYABLE,
  scheduleReminders,
  violatedConstraint,
  withRetries,
} from "./book.server";
import {
  forgetCached,
  getBookableStudio,
  getService,
} from "./catalogue.server";
import { findSlots } from "./slots.server";
import { recordVisitEvent, visitEventsCommitted } from "./visit-events.server";

type Appointment = typeof appointments.$inferSelect;

/** The card that holds the visit, as booking recorded it (brand and last four only). */
export function cardOnFile(
  appointment: Pick<Appointment, "details">
): CardOnFile | null {
  const payment = appointment.details.payment as
    | { brand?: unknown; last4?: unknown }
    | undefined;
  return typeof payment?.brand === "string" && typeof payment.last4 === "string"
    ? { brand: payment.brand, last4: payment.last4 }
    : null;
}

/** The saved card's token (and Stripe Customer) a fee is charged to. */
function heldBy(appointment: Pick<Appointment, "details">): { token: string; customer: string | null } | null {
  const payment = appointment.details.payment as { token?: unknown; customer?: unknown } | undefined;
  return typeof payment?.token === "string" ? { token: payment.token, customer: typeof payment.customer === "string" ? payment.customer : null } : null;
}

export function termsOf(
  appointment: Pick<Appointment, "status" | "startsAt" | "details">,
  now: Date
): ChangeTerms {
  return changeTerms(
    {
      status: appointment.status,
      startsAt: appointment.startsAt,
      card: cardOnFile(appointment),
    },
    now
  );
}

export type ChangeRefused =
  /** Someone (another tab, another device) changed or cancelled it since the page was shown. */
  | "changed"
  /** Past, begun or cancelled: nothing to do online. */
  | "not_changeable"
  /** The 24-hour window started since the page was shown: the terms must be shown again. */
  | "terms_changed"
  | "availability_conflict"
  | "conflict"
  /** The time asked for is the visit's own. */
  | "same_time"
  | "generic_error";

/**
 * A change made by the studio on the patient's behalf (the console, decision 020): the same transaction, lock,
 * rules and notices; only who is recorded differs, with their note. The studio may also move a visit inside the
 * 24 hours (the patient is told to call it for exactly that).
 */
export type OnBehalf = { staff: { id: number; email: string }; note: string };

type Seen = { appointmentId: number; sequence: number; now?: Date; by?: OnBehalf };

/** The audit line of a change, written in its transaction (patients' own changes too: the visit's history). */
function auditChange(tx: Pick<Db, "insert">, input: Seen, action: string, appointment: Appointment, before: Record<string, unknown>, after: Record<string, unknown>) {
  return appendAudit(tx, {
    actor: input.by ? "staff" : "patient",
    staff: input.by?.staff ?? null,
    note: input.by?.note ?? null,
    action,
    studioSlug: appointment.studioSlug,
    appointmentId: appointment.id,
    before,
    after,
    at: input.now,
  });
}

class Refused extends Error {
  constructor(readonly code: ChangeRefused) {
    super(code);
  }
}

/** The visit under a row lock, if it is still the version the patient saw. */
async function lockSeen(tx: Db, seen: Seen) {
  const [appointment] = await tx.select().from(appointments).where(eq(appointments.id, seen.appointmentId)).for("update");
  if (!appointment || appointment.sequence !== seen.sequence) throw new Refused("changed");
  return { appointment };
}

function refusal(error: unknown): { ok: false; code: ChangeRefused } | "retry" {
  if (error instanceof Refused) return { ok: false, code: error.code };
  if (RETRYABLE.has(errorCode(error) ?? "")) return "retry";
  if (violatedConstraint(error) === "appointments_no_provider_overlap")
    return { ok: false, code: "availability_conflict" };
  if (violatedConstraint(error) === "appointments_no_patient_overlap")
    return { ok: false, code: "conflict" };
  console.error(
    `[visit change] failed: ${
      error instanceof Error ? error.name : "unknown"
    } ${errorCode(error) ?? ""}`
  );
  return { ok: false, code: "generic_error" };
}

/** Reminders for a time the visit no longer has are kept as a record, never sent. */
async function skipPendingReminders(
  tx: Pick<Db, "update">,
  appointmentId: number,
  why: "cancelled" | "rescheduled"
) {
  await tx
    .update(appointmentReminders)
    .set({ skipped: why })
    .where(
      and(
        eq(appointmentReminders.appointmentId, appointmentId),
        isNull(appointmentReminders.sentAt),
        isNull(appointmentReminders.skipped)
      )
    );
}

/**
 * The cancel itself, inside the caller's transaction, on a visit it has locked: the status and fee, the reminders
 * skipped, the visit event (the studio's day, the notices, the webhooks and the waitlist follow it) and the audit line.
 * The patient's cancel, the studio's, and an account's closing (decision 078) all go through here.
 */
async function applyCancel(
  tx: Db,
  appointment: Appointment,
  change: { now: Date; feeCents: number | null; cancelledBy: "patient" | "staff" | "account_closed"; audit: (before: Record<string, unknown>, after: Record<string, unknown>) => Promise<void> },
) {
  const [cancelled] = await tx
    .update(appointments)
    .set({ status: "CANCELLED", cancelledAt: change.now, lateCancelFeeCents: change.feeCents, sequence: appointment.sequence + 1 })
    .where(and(eq(appointments.id, appointment.id), eq(appointments.sequence, appointment.sequence)))
    .returning();
  await skipPendingReminders(tx, appointment.id, "cancelled");
  await recordVisitEvent(tx, "visit.cancelled", cancelled, { at: change.now, cancelledBy: change.cancelledBy, freed: { from: appointment.startsAt, to: appointment.endsAt, reason: "cancel" } });
  await change.audit({ status: appointment.status }, { status: "CANCELLED", lateCancelFeeCents: change.feeCents });
}

/**
 * An account's closing (decision 078): its records' visits still ahead, cancelled in the closing's transaction, with
 * no fee, as any cancel (the studio's day, visit events, webhooks saying `account_closed`). The caller runs
 * `visitChangesCommitted(db)` after its commit. Returns how many were cancelled.
 */
export async function cancelVisitsOfClosedAccount(tx: Db, patientIds: number[], now: Date): Promise<number> {
  if (!patientIds.length) return 0;
  const ahead = await tx
    .select()
    .from(appointments)
    .where(and(inArray(appointments.patientId, patientIds), eq(appointments.status, "CONFIRMED"), gt(appointments.startsAt, now)))
    .orderBy(asc(appointments.id))
    .for("update");
  for (const appointment of ahead) {
    await applyCancel(tx, appointment, {
      now,
      feeCents: null,
      cancelledBy: "account_closed",
      audit: (before, after) => appendAudit(tx, { actor: "patient", action: "visit.cancel", note: "Account closed by the patient", studioSlug: appointment.studioSlug, appointmentId: appointment.id, before, after, at: now }),
    });
  }
  return ahead.length;
}

/** After a transaction that cancelled visits commits: this process's pages offer the freed times, the jobs hear of it. */
export function visitChangesCommitted(db: Db) {
  forgetCached(db, "live:");
  visitEventsCommitted();
}

export type CancelOutcome =
  | { ok: true; feeCents: number | null; count: number }
  | { ok: false; code: ChangeRefused };

/**
 * Which visits of a series a cancel reaches (issue 39 B, decision 081): this one, this and the following ones (its
 * place and after), or all of the series. Only visits that may still be cancelled count (confirmed, not begun): the
 * past and the cancelled stay as they are.
 */
export type SeriesScope = "this" | "following" | "all";
export const SERIES_SCOPES: readonly SeriesScope[] = ["this", "following", "all"];

/** Locks every visit of the series `appointmentId` is in (none if it is in none), in id order. */
async function lockSeriesOf(tx: Db, appointmentId: number) {
  const [row] = await tx.select({ seriesId: appointments.seriesId }).from(appointments).where(eq(appointments.id, appointmentId));
  if (row?.seriesId == null) return;
  await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.seriesId, row.seriesId)).orderBy(asc(appointments.id)).for("update");
}

/** The visits a scope reaches from `appointment`, in series order (a cancel has locked them: `lockSeriesOf`). */
async function visitsInScope(tx: Db, appointment: Appointment, scope: SeriesScope, now: Date): Promise<Appointment[]> {
  if (scope === "this" || appointment.seriesId === null || appointment.seriesPosition === null) return [appointment];
  const rows = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.seriesId, appointment.seriesId), scope === "following" ? gte(appointments.seriesPosition, appointment.seriesPosition) : undefined));
  return rows
    .filter((row) => row.id === appointment.id || termsOf(row, now).canCancel)
    .sort((a, b) => (a.seriesPosition ?? 0) - (b.seriesPosition ?? 0));
}

/** What a cancel of each scope reaches and costs now: how many visits, and the sum of their late-cancel fees (or null). */
export type SeriesCancelChoice = { scope: SeriesScope; count: number; feeCents: number | null };
export async function seriesCancelChoices(db: Db, appointment: Appointment, now = new Date()): Promise<SeriesCancelChoice[]> {
  if (appointment.seriesId === null || !termsOf(appointment, now).canCancel) return [];
  const choices: SeriesCancelChoice[] = [];
  for (const scope of SERIES_SCOPES) {
    const visits = await visitsInScope(db, appointment, scope, now);
    choices.push({ scope, count: visits.length, feeCents: feeOf(visits, now) });
  }
  // "This and following" from the last visit, or "all" reaching no more than the others, is not another choice.
  const kept = choices.filter((c, i) => i === 0 || c.count > choices[i - 1].count);
  return kept.length > 1 ? kept : [];
}

/** A cancel form's fee as shown, per scope: "none" or cents (`shownFee`, `shownFeeFollowing`, `shownFeeAll`). */
export const SHOWN_FEE_FIELDS: Record<SeriesScope, string> = { this: "shownFee", following: "shownFeeFollowing", all: "shownFeeAll" };
export const shownFeeValue = (feeCents: number | null) => (feeCents === null ? "none" : String(feeCents));
/** The fee the form showed for the scope chosen (undefined: the form did not show that scope). */
export function shownFeeOf(form: Partial<Record<string, unknown>>, scope: SeriesScope): number | null | undefined {
  const value = form[SHOWN_FEE_FIELDS[scope]];
  if (value === "none") return null;
  return typeof value === "string" && /^\d{1,7}$/.test(value) ? Number(value) : undefined;
}

/** The late-cancel fees of cancelling these visits now (each visit's own, as a single cancel's), or null for none. */
function feeOf(visits: Appointment[], now: Date): number | null {
  const sum = visits.reduce((total, v) => total + (termsOf(v, now).feeCents ?? 0), 0);
  return sum > 0 ? sum : null;
}

/**
 * Cancels a visit as the patient saw it, with the fee they were shown (`shownFeeCents`): if the 24-hour
 * window began in between, nothing happens and the page shows the new terms. With a `scope` (a series visit), the
 * following visits or the whole series go with it in the same transaction, each cancelled as a single visit is
 * (`applyCancel`: its event, reminders, fee when inside its own window); `shownFeeCents` is then their fees' sum.
 */
export function cancelVisit(
  db: Db,
  input: Seen & { shownFeeCents: number | null; scope?: SeriesScope }
): Promise<CancelOutcome> {
  return withRetries(
    "visit change",
    async () => {
      const now = input.now ?? new Date();
      try {
        const outcome = await db.transaction(async (tx) => {
          // Many visits: the series' rows are locked first, in id order, before this one's (already among them).
          if (input.scope && input.scope !== "this") await lockSeriesOf(tx as Db, input.appointmentId);
          const { appointment } = await lockSeen(
            tx as Db,
            input
          );
          if (!termsOf(appointment, now).canCancel) throw new Refused("not_changeable");
          const visits = await visitsInScope(tx as Db, appointment, input.scope ?? "this", now);
          const feeCents = feeOf(visits, now);
          if (feeCents !== input.shownFeeCents)
            throw new Refused("terms_changed");
          for (const visit of visits) {
            const terms = termsOf(visit, now);
            await applyCancel(tx as Db, visit, { now, feeCents: terms.feeCents, cancelledBy: input.by ? "staff" : "patient", audit: (before, after) => auditChange(tx, input, "visit.cancel", visit, before, after) });
            // The fee is owed from this transaction on; the fee charger takes it (the cancel never waits on a charge).
            const held = heldBy(visit);
            if (terms.feeCents && held) {
              await recordFeeDue(tx, { appointmentId: visit.id, studioSlug: visit.studioSlug, amountCents: terms.feeCents, card: held, now });
            }
          }
          return { ok: true as const, feeCents, count: visits.length };
        });
        forgetCached(db, "live:"); // this process's pages offer the freed time at once
        visitEventsCommitted();
        if (outcome.feeCents) nudgeFeeCharger();
        return outcome;
      } catch (error) {
        return refusal(error);
      }
    },
    { ok: false, code: "generic_error" }
  ).then((outcome) => countOutcome("cancel", outcome));
}

export type RescheduleOutcome =
  | { ok: true; startsAt: Date }
  | { ok: false; code: ChangeRefused };

/** Moves a visit to a new free time at the same studio, for the same service, in one transaction. */
export function rescheduleVisit(
  db: Db,
  input: Seen & { startsAt: Date }
): Promise<RescheduleOutcome> {
  return withRetries(
    "visit change",
    async () => {
      const now = input.now ?? new Date();
      try {
        const outcome = await db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(appointments)
            .where(eq(appointments.id, input.appointmentId));
          if (!current) throw new Refused("changed");
          const studio = await getBookableStudio(tx as Db, current.studioSlug, {
            fresh: true,
          });
          const service = await getService(tx as Db, current.serviceType, {
            fresh: true,
          });
          if (!studio || !service) throw new Refused("not_changeable");
          // The day lock before the row lock, in the order booking takes them.
          await lockStudioDay(tx, studio, input.startsAt);
          const { appointment } = await lockSeen(
            tx as Db,
            input
          );
          const terms = termsOf(appointment, now);
          if (!(input.by ? terms.canCancel : terms.canReschedule))
            throw new Refused("not_changeable");
          if (input.startsAt.getTime() === appointment.startsAt.getTime())
            throw new Refused("same_time");
          const endsAt = new Date(
            input.startsAt.getTime() + service.durationMinutes * 60_000
          );
          const slot = (
            await findSlots(
              tx as Db,
              studio,
              service,
              { from: input.startsAt, to: endsAt, now },
              { fresh: true, ignoreAppointmentId: appointment.id }
            )
          ).find((s) => s.startsAt.getTime() === input.startsAt.getTime());
          if (!slot) throw new Refused("availability_conflict");

          let moved: Appointment | null = null;
          for (const providerId of [...slot.providerIds].sort(
            (a, b) => a - b
          )) {
            try {
              // A savepoint per try: a refused update must not abort the whole transaction.
              moved = await tx.transaction(async (sp) => {
                const [row] = await sp
                  .update(appointments)
                  .set({
                    providerId,
                    startsAt: input.startsAt,
                    endsAt,
                    sequence: appointment.sequence + 1,
                  })
                  .where(eq(appointments.id, appointment.id))
                  .returning();
                return row;
              });
              break;
            } catch (error) {
              if (
                violatedConstraint(error) !== "appointments_no_provider_overlap"
              )
                throw error;
              // that provider was just taken by someone else: try the next free one
            }
          }
          if (!moved) throw new Refused("availability_conflict");
          await skipPendingReminders(tx, appointment.id, "rescheduled");
          await recordVisitEvent(tx, "visit.moved", moved, {
            at: now,
            previousStartsAt: appointment.startsAt,
            freed: { from: appointment.startsAt, to: appointment.endsAt, reason: "move" },
          });
          await scheduleReminders(tx, appointment.id, moved.startsAt, now);
          await auditChange(tx, input, "visit.move", appointment, { startsAt: appointment.startsAt.toISOString(), providerId: appointment.providerId }, { startsAt: moved.startsAt.toISOString(), providerId: moved.providerId });
          return { ok: true as const, startsAt: moved.startsAt };
        });
        forgetCached(db, "live:");
        visitEventsCommitted();
        return outcome;
      } catch (error) {
        return refusal(error);
      }
    },
    { ok: false, code: "generic_error" }
  ).then((outcome) => countOutcome("reschedule", outcome));
}
