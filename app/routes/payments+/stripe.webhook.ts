import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/platform/env.server";
import { paymentProvider } from "~/payments/provider.server";
import { handleStripeEvent } from "~/payments/webhook.server";

/**
 * POST /payments/stripe/webhook (issue 32 C): Stripe's events, server to server — the one post exempt from the
 * cross-site refusal (request-guards.server.ts). The signature is checked on the exact bytes received, before any
 * parsing; a bad or missing one is a 400 and changes nothing. Without Stripe configured there is no such address.
 */
export async function action({ request }: ActionFunctionArgs) {
  const provider = paymentProvider();
  if (provider.kind !== "stripe") return new Response("Not found", { status: 404 });
  const raw = Buffer.from(await request.arrayBuffer());
  const event = provider.parseEvent(raw, request.headers.get("stripe-signature"));
  if (!event) return new Response("Bad signature", { status: 400, headers: { "Cache-Control": "no-store" } });
  const outcome = await handleStripeEvent(await getDb(), event, { siteOrigin: getEnv().SITE_ORIGIN });
  return Response.json({ received: true, duplicate: outcome === "duplicate" }, { headers: { "Cache-Control": "no-store" } });
}

/** Stripe only posts here. */
export { postOnlyLoader as loader } from "~/platform/http-guards.server";
