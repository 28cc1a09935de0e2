/**
 * Stripe's events (issue 32 C), after the route has verified their signature on the raw body. Each event id is
 * handled once across processes: it is inserted into payment_events in the same transaction as its effect, so a
 * replay, Stripe's retry or a second container receiving it at once finds the id taken and changes nothing.
 * The events acted on (docs/guides/payments.md lists them for operators): checkout.session.completed and .expired,
 * setup_intent.succeeded, payment_intent.succeeded and .payment_failed, charge.refunded.
 */
import type Stripe from "stripe";
import type { Db } from "~/db/client.server";
import { paymentEvents } from "~/db/schema";
import { markFeeFailed, markFeePaid, recordRefundedTotal } from "./fees.server";
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

export async function handleStripeEvent(db: Db, event: Stripe.Event, { now = new Date(), siteOrigin }: { now?: Date; siteOrigin: string }): Promise<"handled" | "duplicate"> {
  return db.transaction(async (tx) => {
    const first = await tx.insert(paymentEvents).values({ id: event.id, type: event.type, receivedAt: now }).onConflictDoNothing().returning();
    if (first.length === 0) return "duplicate";
    switch (event.type) {
      case "payment_intent.succeeded": {
        const intent = event.data.object;
        const feeId = feeIdOf(intent.metadata);
        if (feeId) await markFeePaid(tx, { feeId, paymentRef: intent.id, now, via: event.type });
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
        if (session.mode === "payment" && session.payment_status === "paid" && feeId && intent) await markFeePaid(tx, { feeId, paymentRef: intent, now, via: event.type });
        break;
      }
      case "charge.refunded": {
        const charge = event.data.object;
        const intent = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
        if (intent) await recordRefundedTotal(tx, { paymentRef: intent, amountRefunded: charge.amount_refunded, now });
        break;
      }
      // Recorded, nothing to change: the booking reads its SetupIntent on return; an expired setup session's time
      // is released by its hold's own expiry; a fee's pay page makes a fresh session on every click.
      case "setup_intent.succeeded":
      case "checkout.session.expired":
      default:
        break;
    }
    return "handled";
  });
}
