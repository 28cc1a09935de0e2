/**
 * The page an unpaid fee's email links to (`/payments/fees/<token>`, issue 32 B, decision 059). Opening it changes
 * nothing (mail scanners open links); its one button posts, and the post answers with a 303 to the fee's one open
 * Stripe Checkout Session in payment mode (made once, reused by every tab: decision 072). Stripe's
 * checkout.session.completed (webhook.server.ts) marks it paid; the success URL brings the patient back here, which
 * says "paid" once that event is in, "being confirmed" until.
 * With the local test provider (no STRIPE_* settings) nothing can be paid online: the page says so and gives the
 * studio's phone instead of a button. An unknown or malformed token is the site's 404.
 */
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { localeOf } from "~/i18n/locale.server";
import { appointments, feeCheckouts, studios, visitFees } from "~/db/schema";
import { goneLink } from "~/platform/gone-link.server";
import { getEnv } from "~/platform/env.server";
import { formatUsd } from "~/rules/currency";
import { studioTimezone } from "~/rules/timezones";
import { formatLongDateTime } from "~/rules/zoned-time";
import { feeByPayToken, type Fee } from "./fees.server";
import { paymentProvider, type PaymentProvider } from "./provider.server";

export type FeePageState =
  /** Owed, and Stripe can take it: the button. */
  | "payable"
  /** Back from Stripe's page, its event not in yet. */
  | "confirming"
  | "paid"
  /** Owed, but this site cannot take it online (the local test provider, or the fee's processor not configured). */
  | "offline"
  /** The charger is on it (a pay link is only made after a decline, so rarely seen). */
  | "processing";

export type FeePage = {
  state: FeePageState;
  amount: string;
  refunded: string | null;
  studioName: string;
  studioPhone: string;
  when: string;
  failure: Fee["failureCode"];
  localProvider: boolean;
};

/** The pay link's 404, for an unknown or malformed token (the site's gone-link page). */
export const unknownFeeLink = (): Response =>
  goneLink({ heading: "common.gone.feeHeading", message: "common.gone.fee", next: { href: "/studios", label: "common.gone.intakeNext" } });

/** Stripe can take this fee now: it is owed, and the configured processor is the one it was recorded for. */
const payableHere = (fee: Fee, provider: PaymentProvider) => provider.kind === "stripe" && fee.provider === "stripe";

function stateOf(fee: Fee, provider: PaymentProvider, returned: boolean): FeePageState {
  if (fee.status === "paid") return "paid";
  if (fee.status !== "failed") return "processing";
  if (!payableHere(fee, provider)) return "offline";
  return returned ? "confirming" : "payable";
}

/** What the page shows; null for an unknown token. */
export async function feePage(db: Db, token: string, { locale, returned = false, provider = paymentProvider() }: { locale: string; returned?: boolean; provider?: PaymentProvider }): Promise<FeePage | null> {
  const fee = await feeByPayToken(db, token);
  if (!fee) return null;
  const [visit] = await db
    .select({ startsAt: appointments.startsAt, studioSlug: studios.slug, studioName: studios.name, phone: studios.phone, timezone: studios.timezone })
    .from(appointments)
    .innerJoin(studios, eq(studios.slug, appointments.studioSlug))
    .where(eq(appointments.id, fee.appointmentId));
  if (!visit) return null;
  const money = (cents: number) => formatUsd(cents, { locale, keepZeroCents: true });
  return {
    state: stateOf(fee, provider, returned),
    amount: money(fee.amountCents),
    refunded: fee.refundedCents > 0 ? money(fee.refundedCents) : null,
    studioName: visit.studioName,
    studioPhone: visit.phone,
    when: formatLongDateTime(visit.startsAt, studioTimezone(visit.studioSlug, visit.timezone), locale),
    failure: fee.failureCode,
    localProvider: provider.kind === "local",
  };
}

/** How long a pay page's Checkout Session stays open at Stripe (at least Stripe's 30 minutes). */
const FEE_CHECKOUT_MINUTES = 60;
/** A session closer than this to its end is not handed out again: the patient needs the time to type a card. */
const REUSE_MARGIN_MS = 10 * 60_000;

type OpenCheckout = typeof feeCheckouts.$inferSelect;

/**
 * The fee's one open checkout (decision 072), under the fee's row lock: the open row if it has time left, else a new
 * row (the old one closed) with the idempotency key and expiry Stripe will be sent. Two requests at once, in any
 * process, read the same row; the partial unique index refuses a second open one.
 */
async function openCheckoutFor(db: Db, feeId: number, now: Date): Promise<OpenCheckout | "not_payable"> {
  return db.transaction(async (tx) => {
    const [fee] = await tx.select({ status: visitFees.status }).from(visitFees).where(eq(visitFees.id, feeId)).for("update");
    if (fee?.status !== "failed") return "not_payable";
    const [open] = await tx.select().from(feeCheckouts).where(and(eq(feeCheckouts.feeId, feeId), isNull(feeCheckouts.closedAt)));
    if (open && open.expiresAt.getTime() - now.getTime() > REUSE_MARGIN_MS) return open;
    if (open) await tx.update(feeCheckouts).set({ closedAt: now }).where(eq(feeCheckouts.id, open.id));
    const [made] = await tx
      .insert(feeCheckouts)
      .values({ feeId, idempotencyKey: `fee-checkout-${feeId}-${randomBytes(12).toString("base64url")}`, expiresAt: new Date(now.getTime() + FEE_CHECKOUT_MINUTES * 60_000), createdAt: now })
      .returning();
    return made;
  });
}

/**
 * The button: the fee's open Checkout Session in payment mode (its id in the metadata the webhook reads), made at
 * Stripe once and reused by every tab while open; its URL, or `not_payable` (paid meanwhile, or nothing to pay online
 * here), or null for an unknown token.
 */
export async function startFeeCheckout(db: Db, token: string, provider: PaymentProvider = paymentProvider(), origin = getEnv().SITE_ORIGIN, now = new Date()): Promise<{ url: string } | "not_payable" | null> {
  const fee = await feeByPayToken(db, token);
  if (!fee) return null;
  if (fee.status !== "failed" || !payableHere(fee, provider) || provider.kind !== "stripe") return "not_payable";
  const checkout = await openCheckoutFor(db, fee.id, now);
  if (checkout === "not_payable") return checkout;
  if (checkout.url) return { url: checkout.url };
  // Made by this request or by one at the same moment: the same key and input, so Stripe answers one session.
  const page = `${origin}/payments/fees/${token}`;
  const session = await provider.startFeePayment({
    amountCents: fee.amountCents,
    customer: fee.customerRef,
    description: "Late-cancellation fee",
    successUrl: `${page}?paid=1`,
    cancelUrl: page,
    metadata: { fee_id: String(fee.id), appointment_id: String(fee.appointmentId) },
    expiresAt: checkout.expiresAt,
    idempotencyKey: checkout.idempotencyKey,
  });
  await db.update(feeCheckouts).set({ sessionRef: session.id, url: session.url }).where(and(eq(feeCheckouts.id, checkout.id), isNull(feeCheckouts.sessionRef)));
  return { url: session.url };
}

/** The page's loader: the fee's page (`?paid=1` when Stripe brings the patient back), or the site's 404. */
export async function feePayPage(request: Request, token: string | undefined): Promise<FeePage> {
  const returned = new URL(request.url).searchParams.get("paid") === "1";
  const page = token ? await feePage(await getDb(), token, { locale: localeOf(request), returned }) : null;
  if (!page) throw unknownFeeLink();
  return page;
}

/** The button's target: Stripe's page for this fee, or the fee's page again when it is no longer payable; else the 404. */
export async function feeCheckoutUrl(token: string | undefined): Promise<string> {
  const started = token ? await startFeeCheckout(await getDb(), token) : null;
  if (!started) throw unknownFeeLink();
  return started === "not_payable" ? `/payments/fees/${token}` : started.url;
}
