import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { recordDelivery } from "~/sms/sender.server";
import { isMessageSid, signedWebhookFields } from "~/sms/webhook.server";

/** Twilio's status callback (issue 31 D): a text's delivery status (queued, sent, delivered, undelivered, failed). */
export async function action({ request }: ActionFunctionArgs) {
  const fields = await signedWebhookFields(request);
  if (fields instanceof Response) return fields;
  if (!isMessageSid(fields.MessageSid)) return new Response("Bad request", { status: 400 });
  const code = Number(fields.ErrorCode);
  await recordDelivery(await getDb(), { sid: fields.MessageSid, status: fields.MessageStatus ?? "", errorCode: Number.isInteger(code) && code > 0 ? code : null });
  return new Response(null, { status: 204 });
}

/** Twilio only posts here. */
export { postOnlyLoader as loader } from "~/platform/http-guards.server";
