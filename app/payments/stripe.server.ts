/**
 * Stripe (issue 32, decision 035), through the real `stripe` SDK. STRIPE_API_URL points it at Stripe's API or, in
 * tests, at a local server speaking it (tests/helpers/stripe-server.ts). What we send is opaque: our own ids in
 * metadata, never a name, email or anything card-like (the card is typed on Stripe's hosted page only).
 */
import Stripe from "stripe";
import type { ChargeFailure, ChargeResult, FeeCollector, RefundResult, SavedCard } from "./types";

export type CardSetupStart = { id: string; url: string; expiresAt: Date };
export type CardSetupEnd =
  | { ok: true; card: SavedCard & { customer: string }; metadata: Record<string, string> }
  /** Not saved: `declined` when a card was typed and refused on Stripe's page (the patient then left it). */
  | { ok: false; declined?: ChargeFailure; customer?: string };

export type StripeProvider = FeeCollector & {
  kind: "stripe";
  /** A Stripe Customer for one of our patients or accounts (only our opaque reference in metadata). */
  createCustomer(metadata: Record<string, string>): Promise<string>;
  /** A Checkout Session in setup mode: the card is typed on Stripe's page, which answers to successUrl / cancelUrl. */
  startCardSetup(input: { customer: string; successUrl: string; cancelUrl: string; expiresAt: Date; metadata: Record<string, string> }): Promise<CardSetupStart>;
  /** The session's SetupIntent and PaymentMethod, once complete: only the method's id, brand, last 4 and expiry. */
  finishCardSetup(sessionId: string): Promise<CardSetupEnd>;
  /**
   * A Checkout Session in payment mode for a fee the off-session charge could not take. The same idempotency key
   * and input (the expiry too) answer the same session: two tabs at once get one (decision 072).
   */
  startFeePayment(input: { amountCents: number; customer: string | null; description: string; successUrl: string; cancelUrl: string; metadata: Record<string, string>; expiresAt: Date; idempotencyKey: string }): Promise<{ id: string; url: string }>;
  /** A saved card taken off its Customer (the profile's "Remove"): false when Stripe no longer knows it. */
  detachCard(paymentMethod: string): Promise<boolean>;
  /** A closed account's Customer deleted (its cards go with it, decision 078): false when Stripe no longer knows it. */
  deleteCustomer(customer: string): Promise<boolean>;
  /** The event, when the signature on these exact bytes is Stripe's (STRIPE_WEBHOOK_SECRET); else null. */
  parseEvent(rawBody: Buffer, signature: string | null): Stripe.Event | null;
};

/** Stripe's ids: a prefix, `_`, letters and digits. A session id from a URL is checked before it is sent anywhere. */
export const STRIPE_ID = /^[a-z]{2,6}_[A-Za-z0-9_]{1,200}$/;

export function createStripeProvider({ secretKey, webhookSecret, apiUrl }: { secretKey: string; webhookSecret: string; apiUrl: string }): StripeProvider {
  const api = new URL(apiUrl);
  const stripe = new Stripe(secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === "http:" ? 80 : 443),
    protocol: api.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    kind: "stripe",

    async createCustomer(metadata) {
      const customer = await stripe.customers.create({ metadata });
      return customer.id;
    },

    async startCardSetup({ customer, successUrl, cancelUrl, expiresAt, metadata }) {
      const session = await stripe.checkout.sessions.create({
        mode: "setup",
        currency: "usd",
        customer,
        allowed_payment_method_types: ["card"],
        success_url: successUrl,
        cancel_url: cancelUrl,
        expires_at: Math.floor(expiresAt.getTime() / 1000),
        metadata,
        setup_intent_data: { metadata },
      });
      if (!session.url) throw new Error("Stripe answered a Checkout Session without a URL");
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async finishCardSetup(sessionId) {
      if (!STRIPE_ID.test(sessionId)) return { ok: false };
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["setup_intent", "setup_intent.payment_method"] });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return { ok: false }; // no such session
        throw error;
      }
      const intent = session.setup_intent;
      const customer = typeof session.customer === "string" ? session.customer : session.customer?.id;
      if (session.mode !== "setup" || !customer) return { ok: false };
      if (session.status !== "complete" || !intent || typeof intent === "string" || intent.status !== "succeeded") {
        // Stripe keeps the last refusal on the session's SetupIntent: the step then says why, in our words.
        const error = intent && typeof intent !== "string" ? intent.last_setup_error : null;
        const declined: ChargeFailure | undefined = !error
          ? undefined
          : error.code === "authentication_required"
            ? "authentication_required"
            : error.decline_code === "insufficient_funds"
              ? "insufficent_funds"
              : "card_declined";
        return { ok: false, customer, ...(declined ? { declined } : {}) };
      }
      const method = intent.payment_method;
      if (!method || typeof method === "string" || !method.card) return { ok: false, customer };
      const { brand, last4, exp_month, exp_year } = method.card;
      return {
        ok: true,
        card: { token: method.id, brand, last4, expMonth: exp_month, expYear: exp_year, customer },
        metadata: session.metadata ?? {},
      };
    },

    async chargeOffSession({ customer, paymentMethod, amountCents, idempotencyKey, metadata, description }): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: "usd",
            ...(customer ? { customer } : {}),
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            metadata,
            description,
          },
          { idempotencyKey },
        );
        if (intent.status === "succeeded" || intent.status === "processing") return { ok: true, ref: intent.id, settled: false };
        return { ok: false, code: intent.status === "requires_action" ? "authentication_required" : "card_declined", ref: intent.id, retryable: false };
      } catch (error) {
        return chargeFailure(error);
      }
    },

    async refund({ paymentRef, amountCents, idempotencyKey, metadata }): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create({ payment_intent: paymentRef, amount: amountCents, metadata }, { idempotencyKey });
        return { ok: true, ref: refund.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return { ok: false, code: "invalid" };
        console.error(`[payments] refund failed: ${error instanceof Stripe.errors.StripeError ? error.type : "unknown"}`);
        return { ok: false, code: "generic_error" };
      }
    },

    async startFeePayment({ amountCents, customer, description, successUrl, cancelUrl, metadata, expiresAt, idempotencyKey }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          ...(customer ? { customer } : {}),
          allowed_payment_method_types: ["card"],
          line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: amountCents, product_data: { name: description } } }],
          payment_intent_data: { metadata, description },
          metadata,
          success_url: successUrl,
          cancel_url: cancelUrl,
          expires_at: Math.floor(expiresAt.getTime() / 1000),
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error("Stripe answered a Checkout Session without a URL");
      return { id: session.id, url: session.url };
    },

    async detachCard(paymentMethod) {
      if (!STRIPE_ID.test(paymentMethod)) return false;
      try {
        await stripe.paymentMethods.detach(paymentMethod);
        return true;
      } catch (error) {
        // Already detached, or deleted in Stripe's Dashboard: nothing left to take off.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },

    async deleteCustomer(customer) {
      if (!STRIPE_ID.test(customer)) return false;
      try {
        await stripe.customers.del(customer);
        return true;
      } catch (error) {
        // Already deleted (a second run of the closing, or the Dashboard): nothing left to delete.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },

    parseEvent(rawBody, signature) {
      if (!signature) return null;
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        return null;
      }
    },
  };
}

/** Stripe's error, as the outcome we act on: `card_declined` + `insufficient_funds` is the spec's `insufficent_funds`. */
function chargeFailure(error: unknown): ChargeResult {
  if (error instanceof Stripe.errors.StripeCardError || (error instanceof Stripe.errors.StripeError && error.code === "authentication_required")) {
    const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
    const ref = raw?.payment_intent?.id ?? null;
    const code: ChargeFailure =
      error.code === "authentication_required" ? "authentication_required" : error.decline_code === "insufficient_funds" ? "insufficent_funds" : "card_declined";
    return { ok: false, code, ref, retryable: false };
  }
  // Network, rate limit, Stripe's 5xx, a concurrent request with our key: the same key later gets one answer.
  const retryable =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeIdempotencyError;
  console.error(`[payments] charge failed: ${error instanceof Stripe.errors.StripeError ? `${error.type} ${error.code ?? ""}` : "unknown"}`);
  return { ok: false, code: "generic_error", ref: null, retryable };
}
