/**
 * Twilio's webhooks (/sms/inbound, /sms/status): server-to-server posts without a browser, exempt from the
 * cross-site-post refusal (platform/csrf.ts) and accepted only with a valid X-Twilio-Signature — the SDK's
 * validateRequest, over SITE_ORIGIN + the path (what the operator configured at Twilio: behind a proxy the request's
 * own host is not it) and the posted fields. Anything unsigned or mis-signed: 403. No provider configured: 404.
 */
import { getDb } from "~/db/client.server";
import { getEnv } from "~/platform/env.server";
import { toE164 } from "./consent.server";
import { handleInbound } from "./inbound.server";
import { twilioConfig } from "./provider.server";
import { recordDelivery } from "./sender.server";

export const SMS_WEBHOOK_PATHS = ["/sms/inbound", "/sms/status"] as const;

/** The posted fields of a webhook whose signature is Twilio's, or a Response to send instead. */
export async function signedWebhookFields(request: Request): Promise<Record<string, string> | Response> {
  const env = getEnv();
  const config = twilioConfig(env);
  if (!config) return new Response("Not found", { status: 404 });
  const form = await request.formData().catch(() => new FormData());
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  const url = new URL(request.url);
  const { default: twilio } = await import("twilio");
  const signature = request.headers.get("x-twilio-signature") ?? "";
  if (!signature || !twilio.validateRequest(config.authToken, signature, `${env.SITE_ORIGIN}${url.pathname}${url.search}`, fields)) {
    return new Response("Forbidden", { status: 403, headers: { "Cache-Control": "no-store" } });
  }
  return fields;
}

/** An empty TwiML answer: our replies go through the outbox (once, recorded, with delivery status). */
export const emptyTwiml = () => new Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', { status: 200, headers: { "Content-Type": "text/xml", "Cache-Control": "no-store" } });

/** A Twilio message id (SM… or MM…, 34 characters). */
export const isMessageSid = (sid: string | undefined): sid is string => typeof sid === "string" && /^(SM|MM)[0-9a-f]{32}$/i.test(sid);

export { toE164 };

/** Twilio's "a message came in" webhook (/sms/inbound, issue 31 C): signed, handled once per MessageSid. */
export async function inboundWebhook(request: Request): Promise<Response> {
  const fields = await signedWebhookFields(request);
  if (fields instanceof Response) return fields;
  const from = toE164(fields.From ?? "");
  if (!isMessageSid(fields.MessageSid) || !from) return new Response("Bad request", { status: 400 });
  await handleInbound(await getDb(), { messageSid: fields.MessageSid, from, body: fields.Body ?? "" }, { now: new Date(), siteOrigin: getEnv().SITE_ORIGIN });
  return emptyTwiml();
}

/** Twilio's status callback (/sms/status, issue 31 D): a text's delivery status (queued, sent, delivered, undelivered, failed). */
export async function statusWebhook(request: Request): Promise<Response> {
  const fields = await signedWebhookFields(request);
  if (fields instanceof Response) return fields;
  if (!isMessageSid(fields.MessageSid)) return new Response("Bad request", { status: 400 });
  const code = Number(fields.ErrorCode);
  await recordDelivery(await getDb(), { sid: fields.MessageSid, status: fields.MessageStatus ?? "", errorCode: Number.isInteger(code) && code > 0 ? code : null });
  return new Response(null, { status: 204 });
}
