/**
 * Intake answers in the database, keyed by the visit (not a cookie: too large, and health data), saved per
 * step; card photos; the audit trail (when, which visit, token or account, what kind of access — never the
 * values); completing an intake. Decision 006.
 */
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { appointments, intakeAudit, intakeCardPhotos, intakes } from "~/db/schema";
import { countEvent } from "~/platform/events.server";
import { bookingNeedsInsurance } from "~/rules/insurance";
import { intakeHref, needsIntakeLink } from "~/rules/intake";
import type { IntakeVisit } from "./access.server";
import type { IntakeInsurance, IntakeState, IntakeStepId } from "./flow";
import type { PlanCheckRecord } from "./plan-check";

export type AuditAction = "view" | "save" | "upload_photo" | "view_photo" | "complete";
/** Who reads: the visit's token holder or account (IntakeVisit), or the studio console ("staff"). */
export type IntakeReader = { appointment: { id: number }; via: IntakeVisit["via"] | "staff" };
export type IntakeRow = typeof intakes.$inferSelect;

/** One line of the audit trail. `step` names a page or a photo side, never an answer. */
export async function audit(visit: IntakeReader, action: AuditAction, step: string | null) {
  const db = await getDb();
  await db.insert(intakeAudit).values({ appointmentId: visit.appointment.id, via: visit.via, action, step });
  if (action === "save") countEvent("intake_save");
  if (action === "upload_photo") countEvent("intake_photo_upload");
}

export async function findIntake(visit: IntakeVisit): Promise<IntakeRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(intakes).where(eq(intakes.appointmentId, visit.appointment.id));
  return row ?? null;
}

const STEP_IDS: readonly IntakeStepId[] = ["insurance-provider", "insurance-card", "insurance-results", "medical-conditions", "check-answers"];

/** The saved answers as flow state; anything unexpected in `completed` is dropped. */
export function stateOf(row: IntakeRow | null): IntakeState {
  const answers = (row?.answers ?? {}) as Partial<IntakeState>;
  const completed = Array.isArray(answers.completed) ? answers.completed.filter((s) => STEP_IDS.includes(s)) : [];
  return { ...answers, completed };
}

/**
 * Saves the answers of a step. A change after the intake was completed reopens it: the patient confirms
 * the answers again on the check page.
 */
export async function saveAnswers(visit: IntakeVisit, state: IntakeState, step: string | null) {
  const db = await getDb();
  const answers = state as unknown as Record<string, unknown>;
  const now = new Date();
  await db
    .insert(intakes)
    .values({ appointmentId: visit.appointment.id, answers, updatedAt: now })
    .onConflictDoUpdate({ target: intakes.appointmentId, set: { answers, updatedAt: now, status: "IN_PROGRESS", completedAt: null } });
  await audit(visit, "save", step);
}

/** Keeps the plan check's outcome with the intake (the results page reads it). */
export async function savePlanCheck(visit: IntakeVisit, planCheck: PlanCheckRecord | null) {
  const db = await getDb();
  await db.update(intakes).set({ planCheck }).where(eq(intakes.appointmentId, visit.appointment.id));
}

/** The insurance in the booking's shape, so the booking's rule decides whether the visit still needs insurance. */
function asBookingInsurance(insurance: IntakeInsurance) {
  return insurance.kind === "none" ? ({ kind: "self-pay" } as const) : ({ kind: "carrier", carrier: insurance.carrier, memberId: insurance.memberId } as const);
}

/**
 * Completes the intake: status COMPLETE, and the visit's needs_insurance cleared when the insurance was
 * captured (a listed carrier with a member id, or no insurance — the booking's own rule,
 * rules/insurance bookingNeedsInsurance); "another plan" stays for the studio to verify.
 */
export async function completeIntake(visit: IntakeVisit, state: IntakeState) {
  const db = await getDb();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(intakes)
      .set({ status: "COMPLETE", completedAt: now, updatedAt: now })
      .where(eq(intakes.appointmentId, visit.appointment.id));
    if (state.insurance && !bookingNeedsInsurance(asBookingInsurance(state.insurance))) {
      await tx.update(appointments).set({ needsInsurance: false }).where(eq(appointments.id, visit.appointment.id));
    }
    if (state.insurance?.kind === "none") await tx.delete(intakeCardPhotos).where(eq(intakeCardPhotos.appointmentId, visit.appointment.id));
    await tx.insert(intakeAudit).values({ appointmentId: visit.appointment.id, via: visit.via, action: "complete", step: "check-answers" });
  });
  countEvent("intake_complete");
}

/** The intake status of a visit, for the visit page and the patient area: derived from `intakes.status`. */
export async function intakeStatus(appointmentId: number): Promise<"not_started" | "in_progress" | "complete"> {
  const db = await getDb();
  const [row] = await db.select({ status: intakes.status }).from(intakes).where(eq(intakes.appointmentId, appointmentId));
  return !row ? "not_started" : row.status === "COMPLETE" ? "complete" : "in_progress";
}

/**
 * The intake link a visit's pages show, with whether it is done: while intake is needed, and once
 * started even if completing it cleared needs_insurance. Null for a cancelled visit or none needed.
 */
export async function intakeLinkOf(appointment: { id: number; token: string; serviceType: string; needsInsurance: boolean; status: string }) {
  if (appointment.status === "CANCELLED") return null;
  const status = await intakeStatus(appointment.id);
  if (!needsIntakeLink(appointment) && status === "not_started") return null;
  return { href: intakeHref(appointment.token, { booked: true }), complete: status === "complete" };
}

export type CardSide = "front" | "back";
export type StoredPhoto = { mime: string; bytes: Uint8Array; thumbnail: Uint8Array; width: number; height: number };

/** Stores (or replaces) one side's photo. */
export async function savePhoto(visit: IntakeVisit, side: CardSide, photo: StoredPhoto) {
  const db = await getDb();
  await db
    .insert(intakeCardPhotos)
    .values({ appointmentId: visit.appointment.id, side, ...photo })
    .onConflictDoUpdate({ target: [intakeCardPhotos.appointmentId, intakeCardPhotos.side], set: { ...photo, createdAt: new Date() } });
  await audit(visit, "upload_photo", side);
}

/** Which sides have a stored photo. */
export async function storedSides(visit: IntakeVisit): Promise<{ front: boolean; back: boolean }> {
  const db = await getDb();
  const rows = await db
    .select({ side: intakeCardPhotos.side })
    .from(intakeCardPhotos)
    .where(eq(intakeCardPhotos.appointmentId, visit.appointment.id));
  return { front: rows.some((r) => r.side === "front"), back: rows.some((r) => r.side === "back") };
}

export async function readPhoto(visit: IntakeReader, side: CardSide, size: "full" | "thumbnail") {
  const db = await getDb();
  const [row] = await db
    .select({ mime: intakeCardPhotos.mime, bytes: size === "full" ? intakeCardPhotos.bytes : intakeCardPhotos.thumbnail })
    .from(intakeCardPhotos)
    .where(and(eq(intakeCardPhotos.appointmentId, visit.appointment.id), eq(intakeCardPhotos.side, side)));
  if (row) await audit(visit, "view_photo", size === "full" ? side : `${side}-thumbnail`);
  return row ?? null;
}
