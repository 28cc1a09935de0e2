import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveStripeWebhook } from "~/payments/webhook.server";

/** POST /payments/stripe/webhook: Stripe's signed events (payments/webhook.server.ts). */
export const action = ({ request }: ActionFunctionArgs) => receiveStripeWebhook(request);

/** Stripe only posts here. */
export { postOnlyLoader as loader } from "~/platform/http-guards.server";
