/**
 * The payment provider seam (issue 32, decision 035). Two implementations:
 * - `stripe` (stripe.server.ts): with STRIPE_SECRET_KEY. The card is typed on Stripe's hosted Checkout page only;
 *   we keep its PaymentMethod id, brand, last 4 and expiry, charge late-cancel fees off-session and refund them.
 * - `local` (local.server.ts): the local test provider for `npm start` without settings. Our own form takes a
 *   card, the provider checks it like a processor would and keeps a token; a fee "charge" moves no money.
 * Whoever needs one calls `paymentProvider()`; both collect fees through the same two calls.
 */
import { getEnv, type Env } from "~/platform/env.server";
import { createLocalPaymentProvider, type LocalProvider } from "./local.server";
import { createStripeProvider, type StripeProvider } from "./stripe.server";

export type { LocalProvider, StripeProvider };
export type PaymentProvider = LocalProvider | StripeProvider;

let cached: { env: Env; provider: PaymentProvider } | undefined;

/** The provider the configuration names: Stripe with STRIPE_SECRET_KEY, else the local test provider. */
export function paymentProvider(env: Env = getEnv()): PaymentProvider {
  if (cached?.env === env) return cached.provider;
  const provider =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL })
      : createLocalPaymentProvider();
  cached = { env, provider };
  return provider;
}

/**
 * The origin Stripe's hosted pages are served from, for the CSP's form-action (a post answered with a 303 there is
 * blocked otherwise): checkout.stripe.com for Stripe's API, the local server's own origin for STRIPE_API_URL in tests.
 */
export function checkoutOrigin(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">): string | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return env.STRIPE_API_URL === "https://api.stripe.com" ? "https://checkout.stripe.com" : new URL(env.STRIPE_API_URL).origin;
}
