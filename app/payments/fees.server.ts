/**
 * The late-cancel fee, charged (issue 32 B, decision 035). The cancel records the fee `due` in its own transaction
 * (`recordFeeDue`) and never waits on the processor; the fee charger (`chargeDueFees`, a tick run by every
 * container) claims due fees with FOR UPDATE SKIP LOCKED and charges each off-session with ONE idempotency key per
 * visit and fee, so a retry, a crash half-way or a second process gets the first answer and never a second charge.
 * Every transition is a conditional update (`WHERE status = …`) written with its audit line in one transaction: a
 * paid or failed fee changes once, whoever (charger, Stripe's event, a replay) arrives second changes nothing.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, feeExtraPayments, feeRefunds, patients, visitFees } from "~/db/schema";
import { tFor } from "~/i18n/catalogues.server";
import { wake } from "~/jobs/job.server";
import { appendAudit } from "~/platform/audit.server";
import { enqueueEmail } from "~/platform/email.server";
import { getEnv } from "~/platform/env.server";
import { formatUsd } from "~/rules/currency";
import { paymentProvider, type PaymentProvider } from "./provider.server";
import type { ChargeFailure } from "./types";

export type Fee = typeof visitFees.$inferSelect;
type Tx = Pick<Db, "insert" | "update" | "select">;

/** A claim older than this with no PaymentIntent recorded is a charger that died mid-charge: claimed again. */
const STALE_CLAIM_MS = 5 * 60_000;
/** Our side or the network failed: the same key again after 1, 2, 4 … minutes, at most an hour apart. */
const retryDelayMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Which provider a saved card belongs to, by its token: Stripe's PaymentMethod (pm_…) or the local test provider's. */
const providerOfToken = (token: string): Fee["provider"] => (token.startsWith("pm_") ? "stripe" : "local");

/** In the cancel's transaction: the fee is owed from now; the charger takes it from here. */
export async function recordFeeDue(
  tx: Tx,
  input: { appointmentId: number; studioSlug: string; amountCents: number; card: { token: string; customer?: string | null }; now: Date },
): Promise<void> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new Error("recordFeeDue: amount must be positive integer cents");
  await tx.insert(visitFees).values({
    appointmentId: input.appointmentId,
    amountCents: input.amountCents,
    provider: providerOfToken(input.card.token),
    paymentMethodRef: input.card.token,
    // The key Stripe dedupes the charge by: one per visit and fee, whoever sends it and however often.
    chargeKey: `late-cancel-fee-${input.appointmentId}-${randomBytes(12).toString("base64url")}`,
    customerRef: input.card.customer ?? null,
    nextAttemptAt: input.now,
    createdAt: input.now,
  });
  await appendAudit(tx, { actor: "system", action: "fee.due", studioSlug: input.studioSlug, appointmentId: input.appointmentId, after: { amountCents: input.amountCents, currency: "usd" }, at: input.now });
}

async function auditFee(tx: Tx, fee: Pick<Fee, "appointmentId">, action: string, after: Record<string, unknown>, now: Date) {
  const [visit] = await tx.select({ studioSlug: appointments.studioSlug }).from(appointments).where(eq(appointments.id, fee.appointmentId));
  await appendAudit(tx, { actor: "system", action, studioSlug: visit?.studioSlug ?? null, appointmentId: fee.appointmentId, after, at: now });
}

/** Paid: from `due`, `charging` or `failed` (a pay link paid after a decline), once. */
export async function markFeePaid(tx: Tx, input: { feeId: number; paymentRef: string; now: Date; via: string }): Promise<boolean> {
  const [fee] = await tx
    .update(visitFees)
    .set({ status: "paid", paidAt: input.now, paymentRef: input.paymentRef, failureCode: null, claimedAt: null })
    .where(and(eq(visitFees.id, input.feeId), ne(visitFees.status, "paid")))
    .returning();
  if (!fee) return false;
  await auditFee(tx, fee, "fee.paid", { amountCents: fee.amountCents, currency: "usd", paymentRef: input.paymentRef, via: input.via }, input.now);
  return true;
}

/**
 * A payment of a fee that another payment already paid (two tabs' sessions both completed, a race): kept once per
 * PaymentIntent, to be refunded in full by `refundExtraPayments`, and audited. False when it is the fee's own payment,
 * the fee is not paid, or it was recorded before (the other event of the same payment, a replay).
 */
export async function recordExtraPayment(tx: Tx, input: { feeId: number; paymentRef: string; amountCents: number; now: Date }): Promise<boolean> {
  const [fee] = await tx.select().from(visitFees).where(eq(visitFees.id, input.feeId));
  if (!fee || fee.status !== "paid" || fee.paymentRef === input.paymentRef || !(input.amountCents > 0)) return false;
  const [extra] = await tx
    .insert(feeExtraPayments)
    .values({ paymentRef: input.paymentRef, feeId: fee.id, amountCents: input.amountCents, createdAt: input.now })
    .onConflictDoNothing()
    .returning();
  if (!extra) return false;
  await auditFee(tx, fee, "fee.paid_twice", { amountCents: input.amountCents, paymentRef: input.paymentRef, feePaymentRef: fee.paymentRef }, input.now);
  return true;
}

/**
 * Refunds every extra payment still pending (after the event that found it, and on the fee charger's tick if Stripe
 * failed then). The refund's idempotency key is the PaymentIntent's, so two processes at once make one refund; the
 * first to record it writes the audit line. Returns how many it recorded.
 */
export async function refundExtraPayments(db: Db, { provider = paymentProvider(), now = new Date() }: { provider?: PaymentProvider; now?: Date } = {}): Promise<number> {
  if (provider.kind !== "stripe") return 0; // only Stripe's pay page takes a payment twice
  const pending = await db.select().from(feeExtraPayments).where(eq(feeExtraPayments.status, "pending")).orderBy(feeExtraPayments.createdAt).limit(20);
  let recorded = 0;
  for (const extra of pending) {
    const answer = await provider.refund({
      paymentRef: extra.paymentRef,
      amountCents: extra.amountCents,
      idempotencyKey: `fee-extra-payment-${extra.paymentRef}`,
      metadata: { fee_id: String(extra.feeId), reason: "paid_twice" },
    });
    if (!answer.ok) {
      console.error(`[payments] refund of a second payment failed (${answer.code}); tried again on the fee charger's tick`);
      continue;
    }
    await db.transaction(async (tx) => {
      const [done] = await tx
        .update(feeExtraPayments)
        .set({ status: "refunded", refundRef: answer.ref })
        .where(and(eq(feeExtraPayments.paymentRef, extra.paymentRef), eq(feeExtraPayments.status, "pending")))
        .returning();
      if (!done) return;
      const [fee] = await tx.select({ appointmentId: visitFees.appointmentId }).from(visitFees).where(eq(visitFees.id, extra.feeId));
      await auditFee(tx, fee, "fee.paid_twice_refunded", { amountCents: extra.amountCents, paymentRef: extra.paymentRef, refundRef: answer.ref }, now);
      recorded++;
    });
  }
  return recorded;
}

/**
 * Declined or needing authentication: still owed, and the patient is emailed (in their language) a link to pay it
 * on the processor's page. Only from `charging`: the charger and Stripe's payment_intent.payment_failed may both
 * report one decline; the first one emails.
 */
export async function markFeeFailed(tx: Tx, input: { feeId: number; code: ChargeFailure; paymentRef: string | null; now: Date; siteOrigin: string }): Promise<boolean> {
  const token = randomBytes(24).toString("base64url");
  const [fee] = await tx
    .update(visitFees)
    .set({ status: "failed", failureCode: input.code, claimedAt: null, payTokenHash: hashToken(token), ...(input.paymentRef ? { paymentRef: input.paymentRef } : {}) })
    .where(and(eq(visitFees.id, input.feeId), eq(visitFees.status, "charging")))
    .returning();
  if (!fee) return false;
  await auditFee(tx, fee, "fee.failed", { amountCents: fee.amountCents, code: input.code, paymentRef: input.paymentRef }, input.now);
  const [visit] = await tx
    .select({ email: patients.email, firstName: patients.firstName, locale: appointments.locale })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(eq(appointments.id, fee.appointmentId));
  if (visit) {
    const t = tFor(visit.locale);
    const amount = formatUsd(fee.amountCents, { locale: visit.locale, keepZeroCents: true });
    const link = `${input.siteOrigin}/payments/fees/${token}`;
    await enqueueEmail(tx, {
      to: visit.email,
      subject: t("visit.fee.email.subject", { amount }),
      text: [
        visit.firstName ? t("visit.fee.email.greeting", { name: visit.firstName }) : t("visit.fee.email.greetingNoName"),
        "",
        t("visit.fee.email.why", { amount }),
        t(input.code === "authentication_required" ? "visit.fee.email.authentication" : input.code === "insufficent_funds" ? "visit.fee.email.insufficient" : "visit.fee.email.declined"),
        "",
        t("visit.fee.email.pay", { amount }),
        link,
        "",
        t("visit.fee.email.questions"),
      ].join("\n"),
    });
  }
  return true;
}

/** What a charge's answer does to the fee, in one transaction with its audit line. */
async function recordCharge(db: Db, fee: Fee, result: Awaited<ReturnType<PaymentProvider["chargeOffSession"]>>, now: Date, siteOrigin: string) {
  await db.transaction(async (tx) => {
    if (result.ok && result.settled) {
      await markFeePaid(tx, { feeId: fee.id, paymentRef: result.ref, now, via: "charge" });
    } else if (result.ok) {
      // Stripe's payment_intent.succeeded marks it paid (webhook.server.ts); until then it is `charging`. That event can
      // arrive before this answer is recorded: the submission is audited either way (one claim, one submission).
      await tx.update(visitFees).set({ paymentRef: result.ref }).where(and(eq(visitFees.id, fee.id), eq(visitFees.status, "charging"), isNull(visitFees.paymentRef)));
      await auditFee(tx, fee, "fee.charge_submitted", { amountCents: fee.amountCents, paymentRef: result.ref }, now);
    } else if (result.retryable) {
      await tx
        .update(visitFees)
        .set({ status: "due", claimedAt: null, nextAttemptAt: new Date(now.getTime() + retryDelayMs(fee.attempts + 1)) })
        .where(and(eq(visitFees.id, fee.id), eq(visitFees.status, "charging")));
    } else {
      await markFeeFailed(tx, { feeId: fee.id, code: result.code, paymentRef: result.ref, now, siteOrigin });
    }
  });
}

/**
 * The fee charger's tick: claims up to `limit` fees owed to this provider (and claims a charger left behind mid-charge),
 * charges each off-session, records each answer. Returns how many it charged (tried). Safe to run in every process.
 */
export async function chargeDueFees(
  db: Db,
  now: Date = new Date(),
  { provider = paymentProvider(), limit = 10, siteOrigin = getEnv().SITE_ORIGIN }: { provider?: PaymentProvider; limit?: number; siteOrigin?: string } = {},
): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(visitFees)
      .where(
        and(
          eq(visitFees.provider, provider.kind),
          lte(visitFees.nextAttemptAt, now),
          or(
            eq(visitFees.status, "due"),
            and(eq(visitFees.status, "charging"), isNull(visitFees.paymentRef), lt(visitFees.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
          ),
        ),
      )
      .orderBy(visitFees.id)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return [];
    return tx
      .update(visitFees)
      .set({ status: "charging", claimedAt: now, attempts: sql`${visitFees.attempts} + 1` })
      .where(inArray(visitFees.id, rows.map((r) => r.id)))
      .returning();
  });
  for (const fee of claimed) {
    const result = await provider.chargeOffSession({
      customer: fee.customerRef,
      paymentMethod: fee.paymentMethodRef,
      amountCents: fee.amountCents,
      idempotencyKey: fee.chargeKey,
      metadata: { fee_id: String(fee.id), appointment_id: String(fee.appointmentId) },
      description: "Late-cancellation fee",
    });
    await recordCharge(db, fee, result, now, siteOrigin);
  }
  return claimed.length;
}

/** The jobs' topic (app/jobs) that runs the fee charger now: a late cancel, rather than waiting for the next tick. */
export const LATE_CANCEL_FEES_TOPIC = "late-cancel-fees";
/** After a late cancel (the cancel does not wait for the charge). */
export const nudgeFeeCharger = () => wake(LATE_CANCEL_FEES_TOPIC);

/** The fee a pay link names (the token is stored hashed), with what its page shows. */
export async function feeByPayToken(db: Pick<Db, "select">, token: string) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const [row] = await db.select().from(visitFees).where(eq(visitFees.payTokenHash, hashToken(token)));
  return row ?? null;
}

export type RefundOutcome = { ok: true; refundedCents: number } | { ok: false; code: "not_refundable" | "too_much" | "generic_error" };

/**
 * A manager's refund, full or partial, with a reason: the request is written (and audited) under the fee's row lock,
 * so two refunds at once never add up past what was paid; the processor is asked with a key per refund row.
 */
export async function refundFee(
  db: Db,
  input: { feeId: number; amountCents: number; reason: string; staff: { id: number; email: string }; now?: Date },
  provider: PaymentProvider = paymentProvider(),
): Promise<RefundOutcome> {
  const now = input.now ?? new Date();
  const requested = await db.transaction(async (tx) => {
    const [fee] = await tx.select().from(visitFees).where(eq(visitFees.id, input.feeId)).for("update");
    if (!fee || fee.status !== "paid" || !fee.paymentRef || fee.provider !== provider.kind) return { error: "not_refundable" as const };
    const [{ taken }] = await tx
      .select({ taken: sql<number>`coalesce(sum(${feeRefunds.amountCents}), 0)::int` })
      .from(feeRefunds)
      .where(and(eq(feeRefunds.feeId, fee.id), ne(feeRefunds.status, "failed")));
    const left = fee.amountCents - Math.max(taken, fee.refundedCents);
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > left) return { error: "too_much" as const };
    const [refund] = await tx.insert(feeRefunds).values({ feeId: fee.id, amountCents: input.amountCents, reason: input.reason, staffId: input.staff.id, createdAt: now }).returning();
    const [visit] = await tx.select({ studioSlug: appointments.studioSlug }).from(appointments).where(eq(appointments.id, fee.appointmentId));
    await appendAudit(tx, { actor: "staff", staff: input.staff, note: input.reason, action: "fee.refund_requested", studioSlug: visit?.studioSlug, appointmentId: fee.appointmentId, after: { amountCents: input.amountCents, refundId: refund.id }, at: now });
    return { fee, refund, studioSlug: visit?.studioSlug ?? null };
  });
  if ("error" in requested) return { ok: false, code: requested.error! };
  const { fee, refund, studioSlug } = requested;
  const answer = await provider.refund({
    paymentRef: fee.paymentRef!,
    amountCents: refund.amountCents,
    idempotencyKey: `${fee.chargeKey}-refund-${refund.id}`,
    metadata: { fee_id: String(fee.id), refund_id: String(refund.id) },
  });
  return db.transaction(async (tx) => {
    const audit = { actor: "staff" as const, staff: input.staff, note: input.reason, studioSlug, appointmentId: fee.appointmentId, at: now };
    if (!answer.ok) {
      await tx.update(feeRefunds).set({ status: "failed" }).where(eq(feeRefunds.id, refund.id));
      await appendAudit(tx, { ...audit, action: "fee.refund_failed", after: { amountCents: refund.amountCents, refundId: refund.id, code: answer.code } });
      return { ok: false as const, code: "generic_error" as const };
    }
    await tx.update(feeRefunds).set({ status: "done", refundRef: answer.ref }).where(eq(feeRefunds.id, refund.id));
    const [{ done }] = await tx
      .select({ done: sql<number>`coalesce(sum(${feeRefunds.amountCents}), 0)::int` })
      .from(feeRefunds)
      .where(and(eq(feeRefunds.feeId, fee.id), eq(feeRefunds.status, "done")));
    const [after] = await tx
      .update(visitFees)
      .set({ refundedCents: sql`least(${visitFees.amountCents}, greatest(${visitFees.refundedCents}, ${done}))` })
      .where(eq(visitFees.id, fee.id))
      .returning();
    await appendAudit(tx, { ...audit, action: "fee.refunded", after: { amountCents: refund.amountCents, refundId: refund.id, refundRef: answer.ref, refundedCents: after.refundedCents } });
    return { ok: true as const, refundedCents: after.refundedCents };
  });
}

/** Stripe's charge.refunded (also refunds made in Stripe's dashboard): the fee's refunded total never goes down. */
export async function recordRefundedTotal(tx: Tx, input: { paymentRef: string; amountRefunded: number; now: Date }): Promise<boolean> {
  const [fee] = await tx
    .update(visitFees)
    .set({ refundedCents: sql`least(${visitFees.amountCents}, ${input.amountRefunded})` })
    .where(and(eq(visitFees.paymentRef, input.paymentRef), lt(visitFees.refundedCents, input.amountRefunded)))
    .returning();
  if (!fee) return false;
  await auditFee(tx, fee, "fee.refund_recorded", { refundedCents: fee.refundedCents, paymentRef: input.paymentRef }, input.now);
  return true;
}
