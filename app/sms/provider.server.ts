/**
 * The SMS provider behind one interface (issue 31 D): Twilio through its official SDK. TWILIO_API_URL points the SDK at
 * another base URL (a local server speaking the Messages API in tests): the SDK's own RequestClient, with each
 * request's https://api.twilio.com origin swapped for it (the SDK has no base-URL setting; edge/region only rename
 * twilio.com hosts). Without TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM there is no provider: texts wait in
 * the outbox (/dev/outbox shows them).
 */
import type { Env } from "~/platform/env.server";

export type SendResult = { sid: string; status: string };

export interface SmsProvider {
  send(message: { to: string; body: string; statusCallback: string }): Promise<SendResult>;
}

/** The provider said no. `permanent`: this number will never take a text (invalid, landline, unsubscribed at the carrier). */
export class ProviderRefused extends Error {
  constructor(
    readonly code: number | null,
    readonly permanent: boolean,
  ) {
    super(`provider refused${code ? ` (${code})` : ""}`);
  }
}

/**
 * Twilio's errors that mean "never this number": 21211 invalid 'To', 21214 not reachable, 21408 region not enabled,
 * 21610 the recipient replied STOP at the carrier, 21612 cannot route, 21614 not a mobile number.
 */
export const PERMANENT_ERRORS = new Set([21211, 21214, 21408, 21610, 21612, 21614]);
export const UNSUBSCRIBED_ERROR = 21610;

const TWILIO_API = "https://api.twilio.com";

export type TwilioConfig = { accountSid: string; authToken: string; from: string; apiUrl: string };

export function twilioConfig(env: Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "TWILIO_API_URL">): TwilioConfig | null {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) return null;
  return { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, apiUrl: env.TWILIO_API_URL ?? TWILIO_API };
}

export async function twilioProvider(config: TwilioConfig): Promise<SmsProvider> {
  const { default: twilio } = await import("twilio");
  const base = new URL(config.apiUrl);
  class RebasedRequestClient extends twilio.RequestClient {
    request<T>(opts: Parameters<InstanceType<typeof twilio.RequestClient>["request"]>[0] & { data?: T }) {
      const uri = new URL(opts.uri);
      if (`${uri.protocol}//${uri.host}` === TWILIO_API) {
        uri.protocol = base.protocol;
        uri.host = base.host;
        uri.pathname = base.pathname.replace(/\/+$/, "") + uri.pathname;
      }
      return super.request<T>({ ...opts, uri: uri.href });
    }
  }
  const client = twilio(config.accountSid, config.authToken, { httpClient: new RebasedRequestClient({ timeout: 15_000 }) });
  return {
    async send({ to, body, statusCallback }) {
      try {
        const message = await client.messages.create({ to, from: config.from, body, statusCallback });
        return { sid: message.sid, status: message.status };
      } catch (error) {
        const code = (error as { code?: number }).code ?? null;
        const status = (error as { status?: number }).status ?? 0;
        // A 400 with one of the number's codes is final; anything else (5xx, network, auth) is retried later.
        throw new ProviderRefused(code, status === 400 && code !== null && PERMANENT_ERRORS.has(code));
      }
    },
  };
}
