import type { ActionFunctionArgs } from "@remix-run/node";
import { statusWebhook } from "~/sms/webhook.server";

/** Twilio's status callback (issue 31 D): see sms/webhook.server.ts. */
export const action = ({ request }: ActionFunctionArgs) => statusWebhook(request);

/** Twilio only posts here. */
export { postOnlyLoader as loader } from "~/platform/http-guards.server";
