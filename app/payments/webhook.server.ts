/**
 * Stripe's events (issue 32 C), after the route has verified their signature on the raw body. Each event id is
 * handled once across processes: it is inserted into payment_events in the same transaction as its effect, so a
 * replay, Stripe's retry or a second container receiving it at once finds the id taken and changes nothing.
 * The events acted on (docs/guides/payments.md lists them for operators): checkout.session.completed and .expired,
 * setup_intent.succeeded, payment_intent.succeeded and .payment_failed, charge.refunded.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb, type Db } from "~/db/client.server";
import { getEnv } from "~/platform/env.server";
import { feeCheckouts, paymentEvents } from "~/db/schema";
import { markFeeFailed, markFeePaid, recordExtraPayment, recordRefundedTotal, refundExtraPayments } from "./fees.server";
import { paymentProvider, type PaymentProvider } from "./provider.server";
import type { ChargeFailure } from "./types";

const feeIdOf = (metadata: Stripe.Metadata | null | undefined) => {
  const id = Number(metadata?.fee_id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Stripe's last error on a PaymentIntent, as the outcome the patient reads. */
function failureOf(intent: Stripe.PaymentIntent): ChargeFailure {
  const error = intent.last_payment_error;
  if (error?.code === "authentication_required") return "authentication_required";
  return error?.decline_code === "insufficient_funds" ? "insufficent_funds" : "card_declined";
}

/** The fee paid by this payment; if another payment paid it first, this one is kept to be refunded (decision 072). */
async function feePaidBy(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], input: { feeId: number; paymentRef: string; amountCents: number; now: Date; via: string }) {
  if (await markFeePaid(tx, input)) return false;
  return recordExtraPayment(tx, input);
}

/**
 * One event, once. A payment found to be a fee's second is refunded right after the event's transaction (Stripe is
 * never called inside one); if that fails, the fee charger's tick tries again.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event, { now = new Date(), siteOrigin, provider }: { now?: Date; siteOrigin: string; provider?: PaymentProvider }): Promise<"handled" | "duplicate"> {
  let extra = false;
  const outcome = await db.transaction(async (tx) => {
    const first = await tx.insert(paymentEvents).values({ id: event.id, type: event.type, receivedAt: now }).onConflictDoNothing().returning();
    if (first.length === 0) return "duplicate";
    switch (event.type) {
      case "payment_intent.succeeded": {
        const intent = event.data.object;
        const feeId = feeIdOf(intent.metadata);
        if (feeId) extra = await feePaidBy(tx, { feeId, paymentRef: intent.id, amountCents: intent.amount_received || intent.amount, now, via: event.type });
        break;
      }
      case "payment_intent.payment_failed": {
        const intent = event.data.object;
        const feeId = feeIdOf(intent.metadata);
        if (feeId) await markFeeFailed(tx, { feeId, code: failureOf(intent), paymentRef: intent.id, now, siteOrigin });
        break;
      }
      case "checkout.session.completed": {
        // A fee's pay page (payment mode). A card saved in setup mode is read by the booking on its return.
        const session = event.data.object;
        const feeId = feeIdOf(session.metadata);
        const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
        if (session.mode === "payment" && session.payment_status === "paid" && feeId && intent) {
          extra = await feePaidBy(tx, { feeId, paymentRef: intent, amountCents: session.amount_total ?? 0, now, via: event.type });
        }
        await tx.update(feeCheckouts).set({ closedAt: now }).where(eq(feeCheckouts.sessionRef, session.id));
        break;
      }
      case "checkout.session.expired": {
        // A fee's pay page makes its next session anew (a setup session's time is released by its hold's own expiry).
        await tx.update(feeCheckouts).set({ closedAt: now }).where(eq(feeCheckouts.sessionRef, event.data.object.id));
        break;
      }
      case "charge.refunded": {
        const charge = event.data.object;
        const intent = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
        if (intent) await recordRefundedTotal(tx, { paymentRef: intent, amountRefunded: charge.amount_refunded, now });
        break;
      }
      // Recorded, nothing to change: the booking reads its SetupIntent on return.
      case "setup_intent.succeeded":
      default:
        break;
    }
    return "handled" as const;
  });
  if (extra) await refundExtraPayments(db, { now, ...(provider ? { provider } : {}) });
  return outcome;
}

/**
 * POST /payments/stripe/webhook (issue 32 C): Stripe's events, server to server — the one post exempt from the
 * cross-site refusal (request-guards.server.ts). The signature is checked on the exact bytes received, before any
 * parsing; a bad or missing one is a 400 and changes nothing. Without Stripe configured there is no such address.
 */
export async function receiveStripeWebhook(request: Request) {
  const provider = paymentProvider();
  if (provider.kind !== "stripe") return new Response("Not found", { status: 404 });
  const raw = Buffer.from(await request.arrayBuffer());
  const event = provider.parseEvent(raw, request.headers.get("stripe-signature"));
  if (!event) return new Response("Bad signature", { status: 400, headers: { "Cache-Control": "no-store" } });
  const outcome = await handleStripeEvent(await getDb(), event, { siteOrigin: getEnv().SITE_ORIGIN });
  return Response.json({ received: true, duplicate: outcome === "duplicate" }, { headers: { "Cache-Control": "no-store" } });
}
