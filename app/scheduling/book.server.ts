import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointmentReminders, appointments, patients, slotHolds, visitSeries, type Preference } from "~/db/schema";
import { remindersDue } from "~/rules/reminders";
import { appointmentNeedsInsurance } from "~/rules/needs-insurance";
import { localDayKey } from "~/rules/zoned-time";
import { countOutcome } from "~/platform/events.server";
import { forgetCached, getBookableStudio, getService } from "./catalogue.server";
import { findSlots } from "./slots.server";
import { recordVisitEvent, visitEventsCommitted } from "./visit-events.server";
import { consentAtBooking } from "~/sms/consent.server";
import { appendAudit } from "~/platform/audit.server";
import { adoptUnmailedPatient } from "./patients.server";
import { SERIES_HORIZON_DAYS } from "~/rules/series";

export type BookingRequest = {
  studioSlug: string;
  serviceCode: string;
  startsAt: Date;
  patient: {
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    dateOfBirth: string | null;
    preferences: Preference[];
  };
  /** The patient chose a carrier we still have to verify, or said they do not know: intake asks for the card. */
  needsInsurance: boolean;
  /** Answers from the funnel worth keeping with the visit (no card data). */
  details: Record<string, unknown>;
  /** The logged-in account booking (its own email): the visit becomes the account's at once. */
  personId?: number | null;
  /**
   * The booking id whose hold (holds.server.ts) this booking may use: its own held time is free for it, the held
   * provider is tried first, and the hold is deleted in the booking's transaction. Other bookings' live holds block.
   */
  holdId?: string;
  /** Booking for one of that account's family members (issue 20 A): their patient row, by id. */
  familyMemberId?: number | null;
  /** The visit's token, when the caller needs it before the insert (two visits that name each other). */
  token?: string;
  /** The patient ticked "Text me reminders and updates" (issue 31 A) on the contact step. */
  smsConsent?: boolean;
  /** The language the visit was booked in (i18nOf(request).locale): kept on the visit and the patient for later emails. */
  locale?: string;
  /** How it is booked (issue 38 E): kept on the visit and its `visit.booked` event. Default online. */
  channel?: Channel;
  /** The desk's booking (issue 38): an existing patient chosen by id, and the staff member, audited in the transaction. */
  patientId?: number;
  bookedBy?: { id: number; email: string };
  /** A squeeze-in (issue 38 D; the caller checks the role): this provider, whatever availability and their visits say. */
  squeeze?: { providerId: number; reason: string };
  /** Only this provider (a series kept with one, issue 39); any free one of the service's roles by default. */
  providerId?: number;
  /** An occurrence of a series (issue 39): its row and place; its time may be up to two years ahead. */
  series?: { id: number; position: number };
  now?: Date;
};

export type Channel = "online" | "phone" | "waitlist";

export type BookedAppointment = {
  id: number;
  token: string;
  startsAt: Date;
  endsAt: Date;
  studioSlug: string;
  serviceType: string;
  needsInsurance: boolean;
  /** The visit's language (appointments.locale): its confirmation email speaks it. */
  locale: string;
};

/** "invalid": the family member booked for is not (or no longer) the account's (issue 20 A). */
export type BookingFailure = "conflict" | "availability_conflict" | "has_srp_tx_plan" | "invalid" | "generic_error";
export type BookingOutcome = { ok: true; appointment: BookedAppointment } | { ok: false; code: BookingFailure };

class Outcome extends Error {
  constructor(readonly code: Exclude<BookingFailure, "generic_error">) {
    super(code);
  }
}

/** The constraint a PostgreSQL error names, through Drizzle's wrapper. */
export function violatedConstraint(error: unknown): string | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23P01" || e.code === "23505") return e.constraint ?? e.code;
  }
  return null;
}

/** 128+ bits from the OS: the token is the only key to a visit's page. */
export const newAppointmentToken = () => randomBytes(24).toString("base64url");

/**
 * Books one visit in one transaction: patient found or created by email, a free eligible provider picked,
 * the appointment inserted (the database's exclusion constraints refuse any overlap, across processes),
 * and its `visit.booked` event recorded (the confirmation email and text follow from it, app/visit-notices).
 */
export function bookAppointment(db: Db, request: BookingRequest): Promise<BookingOutcome> {
  return withRetries("booking", () => bookOnce(db, request), { ok: false, code: "generic_error" } as BookingOutcome).then((outcome) => countOutcome("booking", outcome));
}

/** Deadlocks and serialization failures are retried (decision 007: the lock below makes them rare, not impossible). */
const MAX_ATTEMPTS = 3;
export const RETRYABLE = new Set(["40P01", "40001"]);

/** Runs a visit-changing transaction again on a deadlock or serialization failure, a few times, jittered. */
export async function withRetries<T>(what: string, once: () => Promise<T | "retry">, giveUp: T): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await once();
    if (outcome !== "retry") return outcome;
    if (attempt >= MAX_ATTEMPTS) {
      console.error(`[${what}] failed: deadlock or serialization failure persisted`);
      return giveUp;
    }
    await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * attempt));
  }
}

/**
 * Bookings and moves into one studio's day take their turn (decision 007): the lock is taken before any
 * row is written, so competing writes never wait on each other in a cycle, and whoever comes second reads
 * the first one's visit and answers availability_conflict at once.
 */
export async function lockStudioDay(tx: Pick<Db, "execute">, studio: { slug: string; tz: string }, startsAt: Date) {
  // The studio-local day as YYYYMMDD: a studio's visits never cross its own midnight.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`book:${studio.slug}`}), ${Number(localDayKey(startsAt, studio.tz).replace(/-/g, ""))})`);
}

/** The reminder rows of a visit at its (new) time: those still ahead, each once (issue 10). */
export async function scheduleReminders(tx: Pick<Db, "insert">, appointmentId: number, startsAt: Date, now: Date) {
  const due = remindersDue(startsAt, now);
  if (due.length === 0) return;
  await tx
    .insert(appointmentReminders)
    .values(due.map((r) => ({ appointmentId, kind: r.kind, visitStartsAt: startsAt, dueAt: r.dueAt })))
    .onConflictDoNothing();
}

export function errorCode(error: unknown): string | undefined {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code) return e.code;
  return undefined;
}

/**
 * One visit placed inside the caller's transaction: the patient found (by email, or the account's family member
 * by id), a free eligible provider picked, the appointment inserted and its reminders scheduled. Throws Outcome.
 */
async function placeVisit(tx: Db, request: BookingRequest, now: Date): Promise<BookedAppointment> {
  const service = await getService(tx as Db, request.serviceCode, { fresh: true });
  const studio = await getBookableStudio(tx as Db, request.studioSlug, { fresh: true });
  if (!service || !studio) throw new Outcome("availability_conflict");
  await lockStudioDay(tx, studio, request.startsAt);
  const endsAt = new Date(request.startsAt.getTime() + service.durationMinutes * 60_000);

  let patient: typeof patients.$inferSelect;
  if (request.patientId != null) {
    // The desk chose the patient (issue 38 B); locked like a family member against a change meanwhile.
    const [chosen] = await tx.select().from(patients).where(and(eq(patients.id, request.patientId), isNull(patients.removedAt))).for("update");
    if (!chosen) throw new Outcome("invalid");
    patient = chosen;
  } else if (request.familyMemberId != null) {
    // The account's family member (issue 20 A): theirs only, not removed; locked against a removal meanwhile.
    const [member] = await tx
      .select()
      .from(patients)
      .where(and(eq(patients.id, request.familyMemberId), eq(patients.familyOfPersonId, request.personId ?? -1), isNull(patients.removedAt)))
      .for("update");
    if (!member) throw new Outcome("invalid");
    patient = member;
  } else {
    const email = request.patient.email.trim().toLowerCase();
    // A caller the desk booked without an email, now booking online (issue 38 B): the same record, never a second.
    const adopted = await adoptUnmailedPatient(tx, { ...request.patient, email });
    const [created] = adopted
      ? [adopted]
      : await tx
      .insert(patients)
      .values({
        email,
        firstName: request.patient.firstName,
        lastName: request.patient.lastName,
        phone: request.patient.phone,
        dateOfBirth: request.patient.dateOfBirth,
        preferences: request.patient.preferences,
        type: "NEW",
        ...(request.locale ? { locale: request.locale } : {}),
      })
      // One patient per email among the rows that are not family members (the partial unique index, 0013).
      .onConflictDoNothing({ target: patients.email, where: sql.raw("family_of_person_id is null and email <> ''") })
      .returning();
    // An existing patient's record is not overwritten by whoever types their email; the details typed
    // now are kept with the appointment for the studio to reconcile.
    patient = created ?? (await tx.select().from(patients).where(and(eq(patients.email, email), isNull(patients.familyOfPersonId))))[0];
    if (request.personId && patient.personId === null) {
      [patient] = await tx.update(patients).set({ personId: request.personId }).where(eq(patients.id, patient.id)).returning();
    }
  }
  // The patient's language is the one they last booked in (recall and later emails speak it).
  if (request.locale && patient.locale !== request.locale) {
    [patient] = await tx.update(patients).set({ locale: request.locale }).where(eq(patients.id, patient.id)).returning();
  }
  if (service.code === "CLNCHK" && patient.hasSrpTxPlan) throw new Outcome("has_srp_tx_plan");
  if (request.smsConsent) await consentAtBooking(tx, { patientId: patient.id, typedPhone: request.patient.phone, now, by: request.bookedBy });

  const [clash] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patient.id),
        ne(appointments.status, "CANCELLED"),
        lt(appointments.startsAt, endsAt),
        gt(appointments.endsAt, request.startsAt),
      ),
    );
  if (clash) throw new Outcome("conflict");

  // A squeeze-in is the manager's chosen provider at the chosen time; everything else is availability's.
  const slot = request.squeeze
    ? { providerIds: [request.squeeze.providerId] }
    : (await findSlots(tx as Db, studio, service, { from: request.startsAt, to: endsAt, now }, { fresh: true, holder: request.holdId, now, horizonDays: request.series ? SERIES_HORIZON_DAYS : undefined })).find(
        (s) => s.startsAt.getTime() === request.startsAt.getTime(),
      );
  if (!slot) throw new Outcome("availability_conflict");
  // The provider this booking holds the time on, if the hold is live and for this time: tried first.
  const [held] = request.holdId
    ? await tx
        .select({ providerId: slotHolds.providerId, via: slotHolds.via })
        .from(slotHolds)
        .where(and(eq(slotHolds.bookingId, request.holdId), eq(slotHolds.startsAt, request.startsAt), gt(slotHolds.expiresAt, now)))
    : [];
  // A time claimed from a waitlist offer is booked as the waitlist's (issue 38 E); the desk's or a caller's own choice says so.
  const channel: Channel = request.channel ?? (held?.via === "waitlist" ? "waitlist" : "online");
  const providerOrder = [...slot.providerIds].filter((id) => request.providerId === undefined || id === request.providerId).sort((a, b) => (a === held?.providerId ? -1 : b === held?.providerId ? 1 : a - b));

  const needsInsurance = appointmentNeedsInsurance({
    needsInsurance: request.needsInsurance,
    serviceType: service.code,
    preferences: patient.preferences.length ? patient.preferences : request.patient.preferences,
  });
  const token = request.token ?? newAppointmentToken();
  let inserted: BookedAppointment | null = null;
  for (const providerId of providerOrder) {
    try {
      // A savepoint per try: a refused insert must not abort the whole transaction.
      inserted = await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(appointments)
          .values({
            token,
            patientId: patient.id,
            studioSlug: studio.slug,
            providerId,
            serviceType: service.code,
            startsAt: request.startsAt,
            endsAt,
            status: "CONFIRMED",
            needsInsurance,
            createdAt: now,
            details: { ...request.details, contact: request.patient },
            ...(request.locale ? { locale: request.locale } : {}),
            channel,
            bookedByStaffId: request.bookedBy?.id ?? null,
            squeezeReason: request.squeeze?.reason ?? null,
            seriesId: request.series?.id ?? null,
            seriesPosition: request.series?.position ?? null,
          })
          .returning();
        return {
          id: row.id,
          token: row.token,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          studioSlug: row.studioSlug,
          serviceType: row.serviceType,
          needsInsurance: row.needsInsurance,
          locale: row.locale,
        };
      });
      break;
    } catch (error) {
      const constraint = violatedConstraint(error);
      if (constraint === "appointments_no_patient_overlap") throw new Outcome("conflict");
      if (constraint !== "appointments_no_provider_overlap") throw error;
      // that provider was just taken by someone else: try the next free one
    }
  }
  if (!inserted) throw new Outcome("availability_conflict");
  // The hold has done its work: gone with the booking, in the same transaction.
  if (request.holdId) await tx.delete(slotHolds).where(eq(slotHolds.bookingId, request.holdId));

  await scheduleReminders(tx, inserted.id, inserted.startsAt, now);
  // The record of the change. Its consumers act after the commit: the confirmation email and text (app/visit-notices),
  // the waitlist takes the patient off it, webhooks tell other systems.
  await recordVisitEvent(tx, "visit.booked", { ...inserted, status: "CONFIRMED", arrivedAt: null }, { at: now, channel });
  if (request.bookedBy) {
    await appendAudit(tx, {
      actor: "staff",
      staff: request.bookedBy,
      action: request.squeeze ? "visit.squeeze_in" : "visit.book",
      studioSlug: studio.slug,
      appointmentId: inserted.id,
      note: request.squeeze?.reason ?? null,
      after: { startsAt: inserted.startsAt.toISOString(), serviceType: inserted.serviceType, channel, providerId: request.squeeze?.providerId ?? null },
      at: now,
    });
  }
  return inserted;
}

/** What a failed booking transaction means; "retry" for a deadlock or serialization failure. */
function failure(error: unknown): { ok: false; code: BookingFailure } | "retry" {
  if (error instanceof Outcome) return { ok: false, code: error.code };
  if (RETRYABLE.has(errorCode(error) ?? "")) return "retry";
  // Serialization or constraint races that escaped the checks above still mean "the slot went".
  if (violatedConstraint(error) === "appointments_no_provider_overlap") return { ok: false, code: "availability_conflict" };
  if (violatedConstraint(error) === "appointments_no_patient_overlap") return { ok: false, code: "conflict" };
  // Drizzle's message carries the query parameters (personal data): log the error code only.
  console.error(`[booking] failed: ${error instanceof Error ? error.name : "unknown"} ${errorCode(error) ?? ""}`);
  return { ok: false, code: "generic_error" };
}

async function bookOnce(db: Db, request: BookingRequest): Promise<BookingOutcome | "retry"> {
  const now = request.now ?? new Date();
  try {
    const appointment = await db.transaction(async (tx) => placeVisit(tx as unknown as Db, request, now));
    forgetCached(db, "live:"); // pages of this process show the slot as taken at once
    visitEventsCommitted();
    return { ok: true, appointment };
  } catch (error) {
    return failure(error);
  }
}

export type PairOutcome = { ok: true; appointments: [BookedAppointment, BookedAppointment] } | { ok: false; code: BookingFailure };

/**
 * Two visits of one account booked together (issue 20 A: "book another family member at the same time"): both
 * in ONE transaction, so both are booked or neither is; one email to the holder naming both. Each visit names
 * the other (`details.pairToken`) so the confirmed page can show both to their account.
 */
export function bookTogether(db: Db, first: BookingRequest, second: BookingRequest, who: [string, string], greet: string): Promise<PairOutcome> {
  const tokens = [newAppointmentToken(), newAppointmentToken()] as const;
  const requests: [BookingRequest, BookingRequest] = [
    // Each visit names the other, and how the one email about both (app/visit-notices) calls each and greets the holder.
    { ...first, token: tokens[0], details: { ...first.details, pairToken: tokens[1], pairWho: who[0], pairGreet: greet } },
    { ...second, token: tokens[1], details: { ...second.details, pairToken: tokens[0], pairWho: who[1] } },
  ];
  return withRetries("booking", () => bookPairOnce(db, requests), { ok: false, code: "generic_error" } as PairOutcome).then((outcome) => {
    countOutcome("booking", outcome.ok ? { ok: true } : outcome);
    return outcome;
  });
}

async function bookPairOnce(db: Db, [first, second]: [BookingRequest, BookingRequest]): Promise<PairOutcome | "retry"> {
  const now = first.now ?? new Date();
  try {
    const pair = await db.transaction(async (tx) => {
      const a = await placeVisit(tx as unknown as Db, first, now);
      const b = await placeVisit(tx as unknown as Db, second, now);
      return [a, b] as [BookedAppointment, BookedAppointment];
    });
    forgetCached(db, "live:");
    visitEventsCommitted();
    return { ok: true, appointments: pair };
  } catch (error) {
    return failure(error);
  }
}

export type SeriesPlan = {
  /** The rule the visits were planned by (kept for "this and following"), the wall time in minutes after midnight. */
  every: number;
  unit: "weeks" | "months";
  localMinute: number;
  /** The same provider for every visit, or null: any free one. */
  providerId: number | null;
  /** The visits chosen in the preview (conflicts moved or skipped), each with the hold the preview placed for it. */
  visits: { startsAt: Date; holdId?: string; squeeze?: { providerId: number; reason: string } }[];
};
export type SeriesOutcome =
  | { ok: true; series: { id: number; token: string }; appointments: BookedAppointment[] }
  | { ok: false; code: BookingFailure; /** The visit (1-based, in time order) that could not be booked. */ position?: number };

/**
 * A series (issue 39): every chosen visit in ONE transaction — all booked or none — each placed exactly as a single
 * booking is (availability, holds, the exclusion constraints), in time order, so the studio-days are locked in one
 * order by every series and single booking (no deadlock cycle). A time taken since the preview fails the whole
 * series with that visit's position, for the preview to show it in conflict.
 */
export function bookSeries(db: Db, base: Omit<BookingRequest, "startsAt" | "holdId" | "squeeze" | "series"> & { patientId: number }, plan: SeriesPlan): Promise<SeriesOutcome> {
  const visits = [...plan.visits].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return withRetries("series", () => bookSeriesOnce(db, base, { ...plan, visits }), { ok: false, code: "generic_error" } as SeriesOutcome).then((outcome) => {
    countOutcome("booking", outcome.ok ? { ok: true } : outcome);
    return outcome;
  });
}

class SeriesOutcomeAt extends Error {
  constructor(readonly code: Exclude<BookingFailure, "generic_error">, readonly position: number) {
    super(code);
  }
}

async function bookSeriesOnce(db: Db, base: Parameters<typeof bookSeries>[1], plan: SeriesPlan): Promise<SeriesOutcome | "retry"> {
  const now = base.now ?? new Date();
  if (plan.visits.length === 0) return { ok: false, code: "invalid" };
  try {
    const booked = await db.transaction(async (tx) => {
      const [series] = await tx
        .insert(visitSeries)
        .values({
          token: newAppointmentToken(),
          patientId: base.patientId,
          studioSlug: base.studioSlug,
          serviceType: base.serviceCode,
          providerId: plan.providerId,
          every: plan.every,
          unit: plan.unit,
          localMinute: plan.localMinute,
          occurrences: plan.visits.length,
          channel: base.channel ?? "online",
          bookedByStaffId: base.bookedBy?.id ?? null,
          createdAt: now,
        })
        .returning({ id: visitSeries.id, token: visitSeries.token });
      const appointments: BookedAppointment[] = [];
      for (const [i, visit] of plan.visits.entries()) {
        const request: BookingRequest = { ...base, ...visit, providerId: plan.providerId ?? undefined, series: { id: series.id, position: i + 1 } };
        try {
          appointments.push(await placeVisit(tx as unknown as Db, request, now));
        } catch (error) {
          if (error instanceof Outcome) throw new SeriesOutcomeAt(error.code, i + 1);
          throw error;
        }
      }
      return { series, appointments };
    });
    forgetCached(db, "live:");
    visitEventsCommitted();
    return { ok: true, ...booked };
  } catch (error) {
    if (error instanceof SeriesOutcomeAt) return { ok: false, code: error.code, position: error.position };
    return failure(error);
  }
}

/** A visit token's shape (base64url); anything else is no visit's, answered without a query. */
export const isVisitTokenShape = (token: string) => /^[A-Za-z0-9_-]{20,64}$/.test(token);

export async function getAppointmentByToken(db: Db, token: string) {
  if (!isVisitTokenShape(token)) return null;
  const [row] = await db.select().from(appointments).where(eq(appointments.token, token));
  return row ?? null;
}

/** The visit an earlier post of the same booking attempt made (a double-clicked "Book"), for that patient only. */
export async function findTokenOfAttempt(db: Db, attemptId: string, email: string): Promise<string | null> {
  const [row] = await db
    .select({ token: appointments.token })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(and(sql`${appointments.details}->>'attemptId' = ${attemptId}`, eq(patients.email, email.trim().toLowerCase()), ne(appointments.status, "CANCELLED")));
  return row?.token ?? null;
}
