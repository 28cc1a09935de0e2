import type { ActionFunctionArgs } from "@remix-run/node";
import { inboundWebhook } from "~/sms/webhook.server";

/** Twilio's "a message came in" webhook (issue 31 C): see sms/webhook.server.ts. */
export const action = ({ request }: ActionFunctionArgs) => inboundWebhook(request);

/** Twilio only posts here. */
export { postOnlyLoader as loader } from "~/platform/http-guards.server";
