import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/platform/env.server";
import { handleInbound } from "~/sms/inbound.server";
import { emptyTwiml, isMessageSid, signedWebhookFields, toE164 } from "~/sms/webhook.server";

/** Twilio's "a message came in" webhook (issue 31 C): signed, handled once per MessageSid. */
export async function action({ request }: ActionFunctionArgs) {
  const fields = await signedWebhookFields(request);
  if (fields instanceof Response) return fields;
  const from = toE164(fields.From ?? "");
  if (!isMessageSid(fields.MessageSid) || !from) return new Response("Bad request", { status: 400 });
  await handleInbound(await getDb(), { messageSid: fields.MessageSid, from, body: fields.Body ?? "" }, { now: new Date(), siteOrigin: getEnv().SITE_ORIGIN });
  return emptyTwiml();
}

/** Twilio only posts here. */
export { postOnlyLoader as loader } from "~/platform/http-guards.server";
