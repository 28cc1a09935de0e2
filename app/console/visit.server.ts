/**
 * A visit in the studio console (issue 18 B): the patient's details, the intake (each read audited), the visit's
 * history, and the desk's actions. Cancel and move go through the patient's own code path
 * (scheduling/visit-changes.server.ts) with the staff member recorded; arrived, completed and no-show are the
 * console's own, each in a transaction under the row lock with its audit line.
 */
import { redirect } from "@remix-run/node";
import { and, asc, eq, ilike, inArray, isNotNull, or, sql } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { rejected, textValues, validateForm, type FieldErrors } from "~/flow/forms.server";
import { appointmentReminders, appointments, auditLog, feeRefunds, patients, providers, staff, visitFees } from "~/db/schema";
import { visitIntakeForStaff } from "~/intake/history.server";
import { readPhoto, type CardSide } from "~/intake/store.server";
import { appendAudit } from "~/platform/audit.server";
import { formatUsd } from "~/rules/currency";
import { studioTimezone } from "~/rules/timezones";
import { formatLongDateTime, formatShortDateTime, localDayKey } from "~/rules/zoned-time";
import { getEnv } from "~/platform/env.server";
import { cardLinkPath, cardsRequested, resendCardRequest } from "~/payments/card-requests.server";
import { refundFee } from "~/payments/fees.server";
import { paymentProvider } from "~/payments/provider.server";
import { getBookableStudio, getService, getStudioAnyState } from "~/scheduling/catalogue.server";
import { timePickerWeek } from "~/scheduling/time-picker.server";
import { cancelVisit, cardOnFile, rescheduleVisit, seriesCancelChoices, SHOWN_FEE_FIELDS, shownFeeOf, shownFeeValue, termsOf, type ChangeRefused, type SeriesScope } from "~/scheduling/visit-changes.server";
import { seriesPlaceOf } from "~/scheduling/series-calendar.server";
import { recordVisitEvent, visitEventsCommitted } from "~/scheduling/visit-events.server";
import { queueVisitText } from "~/sms/outbox.server";
import { bookedLabel, STATUS_LABELS, visitStatus, type VisitStatus } from "./day.server";
import { cancelSchema, consoleWords, feeRefundSchema, moveSchema, statusSchema } from "./schemas.server";
import type { Role, StaffUser } from "./staff.server";
import { visitTexts } from "./texts.server";

const notFound = () => new Response("Not found", { status: 404 });
type Appointment = typeof appointments.$inferSelect;

/** The visit if it belongs to one of the viewer's studios; any other id is the same 404 as an unknown one. */
export async function scopedVisit(user: StaffUser, rawId: string | undefined): Promise<{ db: Db; appointment: Appointment }> {
  if (!/^\d{1,9}$/.test(rawId ?? "")) throw notFound();
  const db = await getDb();
  const slugs = user.studios.map((s) => s.slug);
  if (!slugs.length) throw notFound();
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, Number(rawId)), inArray(appointments.studioSlug, slugs)));
  if (!appointment) throw notFound();
  return { db, appointment };
}

export type StatusAction = "arrived" | "completed" | "no_show";
export const STATUS_ACTION_LABELS: Record<StatusAction, string> = { arrived: "Arrived (check in)", completed: "Completed", no_show: "No-show" };

/** What the desk may record now: check in a booked visit; completed or no-show once its time has come. */
export function statusActions(status: VisitStatus, startsAt: Date, now: Date): StatusAction[] {
  const begun = startsAt <= now;
  if (status === "booked") return begun ? ["arrived", "completed", "no_show"] : ["arrived"];
  if (status === "arrived") return begun ? ["completed"] : [];
  return [];
}

const ACTION_TEXT: Record<string, string> = {
  "visit.book": "Booked on the phone",
  "visit.squeeze_in": "Squeezed in",
  "visit.card_link_resend": "Card link sent again",
  "visit.cancel": "Cancelled",
  "visit.move": "Moved",
  "visit.arrived": "Checked in",
  "visit.completed": "Marked completed",
  "visit.no_show": "Marked no-show",
  "intake.view": "Intake answers read",
  "intake.view_photo": "Insurance card photo viewed",
  "fee.due": "Late-cancel fee due",
  "fee.charge_submitted": "Fee charge sent to the card on file",
  "fee.paid": "Fee paid",
  "fee.failed": "Fee charge failed: patient emailed a link to pay",
  "fee.refund_requested": "Fee refund asked for",
  "fee.refunded": "Fee refunded",
  "fee.refund_failed": "Fee refund failed",
  "fee.refund_recorded": "Fee refund recorded by Stripe",
  "sms.thread_view": "Texts read",
};

/** Who refunds a late-cancel fee (issue 32 B): managers at their studios, admins anywhere; never the front desk. */
export const FEE_REFUNDERS: readonly Role[] = ["manager", "admin"];

const FEE_STATUS: Record<(typeof visitFees.$inferSelect)["status"], { label: string; tone?: "warn" | "bad" | "good" }> = {
  due: { label: "Due: the charge to the card on file is queued", tone: "warn" },
  charging: { label: "Charging the card on file", tone: "warn" },
  failed: { label: "Due: the charge failed", tone: "bad" },
  paid: { label: "Paid", tone: "good" },
};
const FAILURES: Record<string, string> = {
  insufficent_funds: "declined for insufficient funds",
  card_declined: "card declined",
  authentication_required: "the patient's bank asks them to confirm the payment",
  generic_error: "the processor did not answer",
};

/** The visit's fee as the console shows it, with its refunds; and whether this viewer may refund it now. */
async function feeSection(db: Db, user: StaffUser, appointmentId: number, tz: string) {
  const [fee] = await db.select().from(visitFees).where(eq(visitFees.appointmentId, appointmentId));
  if (!fee) return null;
  const refunds = await db
    .select({ amountCents: feeRefunds.amountCents, reason: feeRefunds.reason, status: feeRefunds.status, createdAt: feeRefunds.createdAt, by: staff.email })
    .from(feeRefunds)
    .leftJoin(staff, eq(staff.id, feeRefunds.staffId))
    .where(eq(feeRefunds.feeId, fee.id))
    .orderBy(asc(feeRefunds.id));
  const taken = refunds.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amountCents, 0);
  const leftCents = fee.status === "paid" ? fee.amountCents - Math.max(taken, fee.refundedCents) : 0;
  const money = (cents: number) => formatUsd(cents, { keepZeroCents: true });
  return {
    amount: money(fee.amountCents),
    status: FEE_STATUS[fee.status].label,
    tone: FEE_STATUS[fee.status].tone,
    failure: fee.status === "failed" && fee.failureCode ? (FAILURES[fee.failureCode] ?? fee.failureCode) : null,
    paidAt: fee.paidAt ? formatShortDateTime(fee.paidAt, tz) : null,
    refunded: fee.refundedCents > 0 ? money(fee.refundedCents) : null,
    left: money(leftCents),
    leftInput: (leftCents / 100).toFixed(2),
    refunds: refunds.map((r) => ({ amount: money(r.amountCents), reason: r.reason, status: r.status, at: formatShortDateTime(r.createdAt, tz), by: r.by ?? "Staff" })),
    // A fee recorded by another processor than the configured one cannot be refunded from here.
    canRefund: FEE_REFUNDERS.includes(user.role) && leftCents > 0 && fee.provider === paymentProvider().kind,
  };
}

/** The card that holds the visit, as the desk reads it ("Visa ending 4242"), or null. */
function cardLabel(appointment: Appointment): { requested: false; text: string } | null {
  const card = cardOnFile(appointment);
  return card ? { requested: false, text: `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}` } : null;
}

export async function visitPage(user: StaffUser, rawId: string | undefined, now = new Date()) {
  const { db, appointment } = await scopedVisit(user, rawId);
  const [studio, service, [patient], [provider], lines, reminders] = await Promise.all([
    getStudioAnyState(db, appointment.studioSlug),
    getService(db, appointment.serviceType),
    db.select().from(patients).where(eq(patients.id, appointment.patientId)),
    db.select({ name: providers.name, role: providers.role }).from(providers).where(eq(providers.id, appointment.providerId)),
    db.select().from(auditLog).where(eq(auditLog.appointmentId, appointment.id)).orderBy(asc(auditLog.at), asc(auditLog.id)),
    db
      .select({ kind: appointmentReminders.kind, sentAt: appointmentReminders.sentAt })
      .from(appointmentReminders)
      .where(and(eq(appointmentReminders.appointmentId, appointment.id), isNotNull(appointmentReminders.sentAt))),
  ]);
  if (!studio || !service || !patient) throw notFound();
  const tz = studio.tz;
  const [fee, texts, cardAsked, series, scopes] = await Promise.all([
    feeSection(db, user, appointment.id, tz),
    visitTexts(db, user, appointment, tz),
    cardsRequested(db, [appointment.id]),
    seriesPlaceOf(db, appointment),
    seriesCancelChoices(db, appointment, now),
  ]);
  const status = visitStatus(appointment);
  const terms = termsOf(appointment, now);
  const when = (at: Date) => formatShortDateTime(at, tz);
  const history = [
    // A visit the desk booked has its audit line (who, how); one the patient booked online has none.
    ...(appointment.bookedByStaffId === null ? [{ at: appointment.createdAt, text: appointment.channel === "waitlist" ? "Booked from the waitlist" : "Booked online", who: "Patient", note: null as string | null }] : []),
    ...reminders.map((r) => ({ at: r.sentAt!, text: `Reminder sent (${r.kind} before)`, who: "System", note: null })),
    ...lines.map((line) => {
      let text = ACTION_TEXT[line.action] ?? line.action;
      if (line.action === "visit.move" && line.before && line.after) text = `Moved from ${when(new Date(String(line.before.startsAt)))} to ${when(new Date(String(line.after.startsAt)))}`;
      if (line.action === "visit.cancel" && typeof line.after?.lateCancelFeeCents === "number") text += `, late-cancel fee ${formatUsd(line.after.lateCancelFeeCents)} recorded`;
      return { at: line.at, text, who: line.actor === "staff" ? (line.staffEmail ?? "Staff") : line.actor === "patient" ? "Patient" : "System", note: line.note };
    }),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((h) => ({ ...h, at: when(h.at) }));
  return {
    id: appointment.id,
    studio: { slug: studio.slug, name: studio.name },
    day: localDayKey(appointment.startsAt, tz),
    when: formatLongDateTime(appointment.startsAt, tz),
    service: service.name,
    provider: provider ? `${provider.name} (${provider.role})` : "",
    status,
    statusLabel: STATUS_LABELS[status],
    booked: bookedLabel(appointment.channel, appointment.bookedByStaffId === null ? null : (lines.find((l) => l.action === "visit.book" || l.action === "visit.squeeze_in")?.staffEmail ?? "staff")),
    squeeze: appointment.squeezeReason,
    /** The desk's card link (issue 38 C): asked for and not arrived ("card requested"), or the card on file. */
    card: cardAsked.has(appointment.id) ? { requested: true, text: "Card requested: the patient has a secure link to add one. No late-cancel fee applies until it arrives." } : cardLabel(appointment),
    sequence: appointment.sequence,
    fee: appointment.lateCancelFeeCents ? formatUsd(appointment.lateCancelFeeCents) : null,
    feeCharge: fee,
    patient: {
      id: patient.id,
      name: `${patient.firstName} ${patient.lastName}`.trim(),
      email: patient.email,
      phone: patient.phone,
      dateOfBirth: patient.dateOfBirth,
      hasAccount: patient.personId !== null,
      /** Closed by the patient (decision 078): the record kept for the retention period, no email, nothing sent. */
      closed: patient.closedAt !== null,
    },
    actions: statusActions(status, appointment.startsAt, now).map((value) => ({ value, label: STATUS_ACTION_LABELS[value] })),
    /** Its place in a series ("Visit 3 of 8"), or null. */
    series: series ? { position: series.position, of: series.of } : null,
    cancel: terms.canCancel
      ? {
          shownFee: shownFeeValue(terms.feeCents),
          fee: terms.feeCents ? formatUsd(terms.feeCents) : null,
          late: terms.late,
          /** A series visit: this one, this and the following, or all (decision 081), each with its count and fees. */
          scopes: scopes.map((c) => ({
            value: c.scope,
            field: SHOWN_FEE_FIELDS[c.scope],
            shownFee: shownFeeValue(c.feeCents),
            label: `${SCOPE_LABELS[c.scope](c.count)}${c.feeCents ? `, late-cancel fees ${formatUsd(c.feeCents)}` : ""}`,
          })),
        }
      : null,
    canMove: terms.canCancel,
    texts,
    history,
  };
}

export type StatusOutcome = { ok: true } | { ok: false; code: "changed" | "not_allowed" };

/** Records arrived / completed / no-show on the visit as the desk saw it (`seen`), with the note, in one transaction. */
export async function recordStatus(user: StaffUser, rawId: string | undefined, input: { action: StatusAction; seen: VisitStatus; note: string }, now = new Date()): Promise<StatusOutcome> {
  const { db, appointment: found } = await scopedVisit(user, rawId);
  const outcome = await db.transaction(async (tx) => {
    const [appointment] = await tx.select().from(appointments).where(eq(appointments.id, found.id)).for("update");
    if (!appointment) return { ok: false as const, code: "changed" as const };
    const status = visitStatus(appointment);
    if (status !== input.seen) return { ok: false as const, code: "changed" as const };
    if (!statusActions(status, appointment.startsAt, now).includes(input.action)) return { ok: false as const, code: "not_allowed" as const };
    const change =
      input.action === "arrived" ? { arrivedAt: now } : input.action === "completed" ? { status: "COMPLETED" as const } : { status: "NO_SHOW" as const };
    const [changed] = await tx.update(appointments).set(change).where(eq(appointments.id, appointment.id)).returning();
    await recordVisitEvent(tx, `visit.${input.action}`, changed, { at: now });
    await appendAudit(tx, {
      actor: "staff",
      staff: user,
      action: `visit.${input.action}`,
      studioSlug: appointment.studioSlug,
      appointmentId: appointment.id,
      note: input.note,
      before: { status: appointment.status, arrivedAt: appointment.arrivedAt?.toISOString() ?? null },
      after: { status: change.status ?? appointment.status, arrivedAt: (change.arrivedAt ?? appointment.arrivedAt)?.toISOString() ?? null },
      at: now,
    });
    return { ok: true as const };
  });
  if (outcome.ok) visitEventsCommitted();
  return outcome;
}

const SCOPE_LABELS: Record<SeriesScope, (count: number) => string> = {
  this: () => "Only this visit",
  following: (count) => `This and the following visits (${count})`,
  all: (count) => `All the series' visits still ahead (${count})`,
};

/** Cancels on the patient's behalf: the patient's own cancel, with the staff member and note recorded. */
export async function cancelOnBehalf(user: StaffUser, rawId: string | undefined, input: { sequence: number; shownFeeCents: number | null; note: string; scope?: SeriesScope }) {
  const { db, appointment } = await scopedVisit(user, rawId);
  return cancelVisit(db, { appointmentId: appointment.id, sequence: input.sequence, shownFeeCents: input.shownFeeCents, scope: input.scope, by: { staff: user, note: input.note } });
}

/** Moves on the patient's behalf: the patient's own move (same lock, rules, emails and .ics), recorded as the staff's. */
export async function moveOnBehalf(user: StaffUser, rawId: string | undefined, input: { sequence: number; startsAt: Date; note: string }) {
  const { db, appointment } = await scopedVisit(user, rawId);
  return rescheduleVisit(db, { appointmentId: appointment.id, sequence: input.sequence, startsAt: input.startsAt, by: { staff: user, note: input.note } });
}

/**
 * The desk sends the card link again (decision 074, amended): a new link by email and, with the patient's consent, by
 * text; the old link dies. Audited. Only while the card is asked for and the visit is still ahead and booked.
 */
export async function resendCardLink(user: StaffUser, rawId: string | undefined, now = new Date()): Promise<{ ok: true } | { ok: false; code: "not_requested" | "too_soon" }> {
  const { db, appointment } = await scopedVisit(user, rawId);
  if (appointment.status !== "CONFIRMED" || appointment.startsAt <= now) return { ok: false, code: "not_requested" };
  const siteOrigin = getEnv().SITE_ORIGIN;
  return db.transaction(async (tx) => {
    const sent = await resendCardRequest(tx, { appointmentId: appointment.id, staffId: user.id, now, siteOrigin });
    if (!sent.ok) return sent;
    await queueVisitText(tx, { appointmentId: appointment.id, kind: "card_link", now, siteOrigin, link: siteOrigin + cardLinkPath(sent.token), again: true });
    await appendAudit(tx, { actor: "staff", staff: { id: user.id, email: user.email }, action: "visit.card_link_resend", studioSlug: appointment.studioSlug, appointmentId: appointment.id, at: now });
    return { ok: true as const };
  });
}

/** The move page: the visit and a week of free times at its studio (its own time does not block the times around it). */
export async function movePicker(user: StaffUser, rawId: string | undefined, url: URL, now = new Date()) {
  const { db, appointment } = await scopedVisit(user, rawId);
  const studio = await getBookableStudio(db, appointment.studioSlug);
  const service = await getService(db, appointment.serviceType);
  if (!studio || !service) throw notFound();
  const picker = termsOf(appointment, now).canCancel
    ? await timePickerWeek(db, {
        studio,
        service,
        now,
        url,
        selected: null,
        timeoutMs: getEnv().AVAILABILITIES_TIMEOUT_MS,
        fresh: true,
        moving: { appointmentId: appointment.id, startsAt: appointment.startsAt },
      })
    : null;
  const [patient] = await db.select({ firstName: patients.firstName, lastName: patients.lastName }).from(patients).where(eq(patients.id, appointment.patientId));
  return {
    visit: {
      id: appointment.id,
      sequence: appointment.sequence,
      patient: `${patient?.firstName ?? ""} ${patient?.lastName ?? ""}`.trim() || "the patient",
      service: service.name,
      studio: studio.name,
      when: formatLongDateTime(appointment.startsAt, studio.tz),
    },
    picker,
  };
}

export type RefundAnswer = { ok: true } | { ok: false; field?: "amount"; message: string; status: number };

/**
 * A manager's refund of the visit's fee, full or partial, with a reason (payments/fees.server.ts: audited, never
 * past what was paid, one processor request per refund). The role is checked here, for every way in.
 */
export async function refundVisitFee(user: StaffUser, rawId: string | undefined, input: { amountCents: number; reason: string }): Promise<RefundAnswer> {
  if (!FEE_REFUNDERS.includes(user.role)) throw notFound();
  const { db, appointment } = await scopedVisit(user, rawId);
  const [fee] = await db.select().from(visitFees).where(eq(visitFees.appointmentId, appointment.id));
  if (!fee) throw notFound();
  const outcome = await refundFee(db, { feeId: fee.id, amountCents: input.amountCents, reason: input.reason, staff: user });
  if (outcome.ok) return { ok: true };
  if (outcome.code === "too_much") return { ok: false, field: "amount", status: 400, message: "That is more than is left to refund on this fee." };
  if (outcome.code === "not_refundable") return { ok: false, status: 409, message: "This fee is not paid (or not through the processor configured here): nothing to refund." };
  return { ok: false, status: 503, message: "The payment processor did not take the refund: nothing was refunded. Try again." };
}

export const REFUSALS: Record<ChangeRefused | "not_allowed", string> = {
  changed: "This visit changed since the page was shown (another desk, or the patient). Here it is as it is now.",
  not_changeable: "This visit has begun, passed or been cancelled: it cannot be changed.",
  terms_changed: "The visit is now less than 24 hours away: the late-cancellation terms below apply. Check them and confirm again.",
  availability_conflict: "That time was just taken. Choose another.",
  conflict: "The patient already has another visit at that time. Choose another.",
  same_time: "The visit is already at that time.",
  generic_error: "Something went wrong on our side and nothing was changed. Try again.",
  not_allowed: "That cannot be recorded for this visit now.",
};

/** The intake answers (each read audited twice: the intake audit, and who in audit_log). */
export async function intakeForStaff(user: StaffUser, rawId: string | undefined) {
  const { db, appointment } = await scopedVisit(user, rawId);
  const record = await visitIntakeForStaff(appointment.id);
  await appendAudit(db, { actor: "staff", staff: user, action: "intake.view", studioSlug: appointment.studioSlug, appointmentId: appointment.id });
  return record;
}

export async function cardPhotoForStaff(user: StaffUser, rawId: string | undefined, side: CardSide, size: "full" | "thumbnail") {
  const { db, appointment } = await scopedVisit(user, rawId);
  const photo = await readPhoto({ appointment, via: "staff" }, side, size);
  if (photo) await appendAudit(db, { actor: "staff", staff: user, action: "intake.view_photo", studioSlug: appointment.studioSlug, appointmentId: appointment.id, after: { side, size } });
  return photo;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Patients with a visit at one of the viewer's studios, by name, email or phone; each with their latest visit there. */
export async function searchPatients(user: StaffUser, query: string) {
  const q = query.trim();
  const slugs = user.studios.map((s) => s.slug);
  if (q.length < 2 || !slugs.length) return [];
  const digits = q.replace(/\D/g, "");
  const pattern = `%${likeEscape(q)}%`;
  const rows = await (await getDb())
    .selectDistinctOn([patients.id], {
      patientId: patients.id,
      name: sql<string>`trim(${patients.firstName} || ' ' || ${patients.lastName})`,
      email: patients.email,
      phone: patients.phone,
      visitId: appointments.id,
      startsAt: appointments.startsAt,
      studioSlug: appointments.studioSlug,
    })
    .from(patients)
    .innerJoin(appointments, eq(appointments.patientId, patients.id))
    .where(
      and(
        inArray(appointments.studioSlug, slugs),
        or(
          ilike(sql`${patients.firstName} || ' ' || ${patients.lastName}`, pattern),
          ilike(patients.email, pattern),
          digits.length >= 3 ? ilike(patients.phone, `%${digits}%`) : undefined,
        ),
      ),
    )
    .orderBy(patients.id, sql`${appointments.startsAt} desc`)
    .limit(50);
  const names = new Map(user.studios.map((s) => [s.slug, s]));
  return rows.map((r) => {
    const studio = names.get(r.studioSlug);
    return { ...r, startsAt: undefined, studio: studio?.name ?? r.studioSlug, when: formatShortDateTime(r.startsAt, studioTimezone(r.studioSlug, studio?.tz)) };
  });
}

/* The visit page's forms (`intent`: status, cancel, refund, card_link) and the move page's. */

/** What the visit page's forms keep when refused: the typed words and which form it was (`intent`). */
const VISIT_FIELDS = ["intent", "action", "note", "cancelNote", "amount", "reason", "scope"];

export async function visitPost(user: StaffUser, rawId: string | undefined, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const options = { intent, keep: VISIT_FIELDS };
  const refused = (error: Record<string, string[]>, status: number) => rejected(textValues(form, VISIT_FIELDS), error, { intent, status });
  const done = (what: string) => redirect(`/staff/visits/${rawId}?done=${what}`, 303);
  if (intent === "status") {
    const parsed = await validateForm(form, statusSchema, consoleWords(), undefined, options);
    if (!parsed.ok) return parsed.response;
    const outcome = await recordStatus(user, rawId, parsed.value);
    if (!outcome.ok) return refused({ "": [REFUSALS[outcome.code]] }, 409);
    throw done(parsed.value.action);
  }
  if (intent === "cancel") {
    // Its fields are the page's hidden ones and a note: one message at the top of the form.
    const parsed = await validateForm(form, cancelSchema, consoleWords(), undefined, { ...options, errors: () => ({ "": ["This form was not complete. Reload the page and try again."] }) });
    if (!parsed.ok) return parsed.response;
    const { sequence, scope, cancelNote } = parsed.value;
    const shownFeeCents = shownFeeOf(parsed.value, scope);
    if (shownFeeCents === undefined) return refused({ "": ["This form was not complete. Reload the page and try again."] }, 400);
    const outcome = await cancelOnBehalf(user, rawId, { sequence, shownFeeCents, scope, note: cancelNote });
    if (!outcome.ok) return refused({ "": [REFUSALS[outcome.code]] }, outcome.code === "generic_error" ? 503 : 409);
    throw outcome.count > 1 ? redirect(`/staff/visits/${rawId}?done=cancelled&count=${outcome.count}`, 303) : done("cancelled");
  }
  if (intent === "refund") {
    const parsed = await validateForm(form, feeRefundSchema, consoleWords(), undefined, options);
    if (!parsed.ok) return parsed.response;
    const outcome = await refundVisitFee(user, rawId, { amountCents: parsed.value.amount, reason: parsed.value.reason });
    if (!outcome.ok) return refused({ [outcome.field ?? ""]: [outcome.message] }, outcome.status);
    throw done("refunded");
  }
  if (intent === "card_link") {
    const outcome = await resendCardLink(user, rawId);
    if (!outcome.ok) return refused({ "": [CARD_LINK_REFUSALS[outcome.code]] }, 409);
    throw done("card_link");
  }
  return refused({ "": ["Reload the page and try again."] }, 400);
}

const CARD_LINK_REFUSALS = {
  not_requested: "There is no card to ask for on this visit any more: the card has arrived, or the visit is past or cancelled.",
  too_soon: "The link was sent less than a minute ago. Ask the caller to look for it (and in their spam folder) first.",
};

/** The move page's form: a new time (its message on the picker) or, for the hidden fields, one at the top. */
export async function movePost(user: StaffUser, rawId: string | undefined, form: FormData) {
  const keep = ["slot", "note"];
  const parsed = await validateForm(form, moveSchema, consoleWords(), undefined, {
    keep,
    errors: (found): FieldErrors => (found.slot ? { slot: ["Choose a new time."] } : { "": ["Reload the page and try again."] }),
  });
  if (!parsed.ok) return parsed.response;
  const outcome = await moveOnBehalf(user, rawId, { sequence: parsed.value.sequence, startsAt: new Date(parsed.value.slot), note: parsed.value.note });
  if (!outcome.ok) {
    const field = ["availability_conflict", "conflict", "same_time"].includes(outcome.code) ? "slot" : "";
    return rejected(textValues(form, keep), { [field]: [REFUSALS[outcome.code]] }, { status: outcome.code === "generic_error" ? 503 : 409 });
  }
  throw redirect(`/staff/visits/${rawId}?done=moved`, 303);
}
