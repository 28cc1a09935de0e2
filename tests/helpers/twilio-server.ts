/**
 * A local server speaking Twilio's Messages REST API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json), for the
 * real `twilio` SDK pointed at it (TWILIO_API_URL), with Twilio's rules and error codes: HTTP Basic auth with the
 * account SID and auth token (else 401, code 20003); `To` a valid North American number in E.164 (else 400, 21211);
 * a landline (21614) or a number that replied STOP at the carrier (21610) refused; `From` the account's number
 * (21606); `Body` required (21602) and at most 1600 characters (21617). An accepted message is answered 201 "queued"
 * with an SM… sid; `deliver()` then posts its status callbacks (sent, delivered) signed as Twilio signs them
 * (X-Twilio-Signature: HMAC-SHA1 of the URL and sorted fields, the SDK's getExpectedTwilioSignature).
 * `outage` answers 503 (Twilio's 20503) to every request; `latencyMs` delays every answer. Keeps every accepted message.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";

export type SentMessage = { sid: string; to: string; from: string; body: string; statusCallback: string | null; status: string };

export type FakeTwilio = {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  messages: SentMessage[];
  requests: number;
  outage: boolean;
  /** Milliseconds before each answer (a slow provider: two senders' batches overlap). */
  latencyMs: number;
  landlines: Set<string>;
  unsubscribed: Set<string>;
  /** Posts the status callbacks of every message not yet delivered: sent, then delivered. */
  deliver(): Promise<number[]>;
  close(): Promise<void>;
};

const NANP = /^\+1[2-9][0-9]{2}[2-9][0-9]{6}$/;

export async function startTwilioServer(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const state: FakeTwilio = {
    url: "",
    accountSid,
    authToken,
    from: "+16175550199",
    messages: [],
    requests: 0,
    outage: false,
    latencyMs: 0,
    landlines: new Set(),
    unsubscribed: new Set(),
    async deliver() {
      const statuses: number[] = [];
      for (const message of state.messages.filter((m) => m.status === "queued")) {
        for (const status of ["sent", "delivered"]) {
          message.status = status;
          if (!message.statusCallback) continue;
          const fields = { AccountSid: accountSid, From: message.from, MessageSid: message.sid, MessageStatus: status, SmsSid: message.sid, SmsStatus: status, To: message.to, ApiVersion: "2010-04-01" };
          statuses.push((await postSigned(message.statusCallback, fields, authToken)).status);
        }
      }
      return statuses;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const error = (res: import("node:http").ServerResponse, status: number, code: number, message: string) =>
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => (state.latencyMs ? setTimeout(answer, state.latencyMs) : answer()));
    const answer = () => {
      state.requests++;
      if (state.outage) return error(res, 503, 20503, "Service unavailable");
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (!match || req.method !== "POST") return error(res, 404, 20404, "The requested resource was not found");
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
      if (req.headers.authorization !== expected || match[1] !== accountSid) return error(res, 401, 20003, "Authenticate");
      const form = new URLSearchParams(raw);
      const to = form.get("To") ?? "";
      const from = form.get("From") ?? "";
      const body = form.get("Body") ?? "";
      if (!NANP.test(to)) return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (from !== state.from) return error(res, 400, 21606, "The 'From' phone number provided is not a valid message-capable Twilio phone number for this destination/account.");
      if (state.landlines.has(to)) return error(res, 400, 21614, `'To' number is not a valid mobile number`);
      if (state.unsubscribed.has(to)) return error(res, 400, 21610, "Attempt to send to unsubscribed recipient");
      if (!body) return error(res, 400, 21602, "Message body is required.");
      if (body.length > 1600) return error(res, 400, 21617, "The concatenated message body exceeds the 1600 character limit.");
      const message: SentMessage = { sid: `SM${randomBytes(16).toString("hex")}`, to, from, body, statusCallback: form.get("StatusCallback"), status: "queued" };
      state.messages.push(message);
      res.writeHead(201, { "Content-Type": "application/json" }).end(
        JSON.stringify({ sid: message.sid, account_sid: accountSid, to, from, body, status: "queued", num_segments: "1", direction: "outbound-api", api_version: "2010-04-01", date_created: new Date().toUTCString(), error_code: null, error_message: null, uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json` }),
      );
    };
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/**
 * Posts form fields to a webhook URL as Twilio does: form-encoded, X-Twilio-Signature over `signedUrl` (the URL
 * configured at Twilio: SITE_ORIGIN + path) and the fields. `signedUrl` defaults to the URL posted to.
 */
export function postSigned(url: string, fields: Record<string, string>, authToken: string, signedUrl = url, signature?: string | null) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "TwilioProxy/1.1" };
  const value = signature === undefined ? twilio.getExpectedTwilioSignature(authToken, signedUrl, fields) : signature;
  if (value !== null) headers["X-Twilio-Signature"] = value;
  return fetch(url, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}
