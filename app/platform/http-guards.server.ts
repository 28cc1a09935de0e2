/**
 * What the HTTP server refuses before Remix sees a request (server.ts), in one place:
 * methods no route serves, form bodies that are too big or have too many fields, and the server's
 * timeouts for slow senders. Each refusal is a small HTML page with a clear message, never a 500.
 */
import type { IncomingMessage } from "node:http";
import { SENTRY_TUNNEL_PATH } from "./observability";
import { BRAND } from "./brand";

/** Every route serves GET (and HEAD); forms post. Anything else (TRACE, PUT, OPTIONS…) is a 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
export const isAllowedMethod = (method: string) => (ALLOWED_METHODS as readonly string[]).includes(method);

/** A provider's webhook address only takes posts: a GET is an unknown page (404), not an error to log. */
export const postOnlyLoader = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** Body limits: every form is a few KB; only the insurance card photo upload takes files. */
export const FORM_MAX_BYTES = 64 * 1024;
export const FORM_MAX_FIELDS = 300;
export const UPLOAD_PATHS = new Set(["/intake/insurance/card"]);
/** Two card photos (front and back) of at most 10 MB each (the photo pipeline's own limit), plus the form. */
export const UPLOAD_MAX_BYTES = 21 * 1024 * 1024;
const UPLOAD_MAX_FIELDS = 50;
/**
 * The Sentry tunnel (observability.ts): an envelope of events or replay segments (the SDK compresses those),
 * 1 MB at most — Sentry's own cap on an event; larger ones are refused (413) and the SDK drops them. Its
 * body is text or binary, not a form: no field count.
 */
export const TUNNEL_MAX_BYTES = 1024 * 1024;

/**
 * Timeouts for slow or idle clients (README, "Limits and timeouts"): all headers within 15 s, the whole
 * request (the largest upload from a slow phone) within 60 s, an idle keep-alive connection closed after
 * 5 s; checked every second (Node's default check runs only every 30 s).
 */
export const SERVER_TIMEOUTS = {
  headersTimeout: 15_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
} as const;

/** `upload`: the page answers an over-limit post itself (server.ts passes it on with no body). */
export type BodyLimit = { maxBytes: number; maxFields: number; upload?: true };

/** Stripe's events (routes/payments+/stripe.webhook.ts): JSON, not a form; exempt from the cross-site refusal only here. */
export const STRIPE_WEBHOOK_PATH = "/payments/stripe/webhook";
/** Stripe's events are a few KB; its documented ceiling for an event's payload is well under this. */
const WEBHOOK_MAX_BYTES = 512 * 1024;

export function bodyLimitFor(pathname: string, contentType: string | undefined): BodyLimit {
  if (pathname === SENTRY_TUNNEL_PATH) return { maxBytes: TUNNEL_MAX_BYTES, maxFields: Infinity };
  if (pathname === STRIPE_WEBHOOK_PATH) return { maxBytes: WEBHOOK_MAX_BYTES, maxFields: Infinity };
  const multipart = /^multipart\/form-data\b/i.test(contentType ?? "");
  if (multipart && UPLOAD_PATHS.has(pathname.replace(/\/+$/, ""))) return { maxBytes: UPLOAD_MAX_BYTES, maxFields: UPLOAD_MAX_FIELDS, upload: true };
  return { maxBytes: FORM_MAX_BYTES, maxFields: FORM_MAX_FIELDS };
}

/** Fields in a form body: `&`-separated pairs, or multipart parts (boundary lines). */
export function countFields(body: Buffer, contentType: string | undefined): number {
  const type = contentType ?? "";
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  if (/^multipart\//i.test(type) && boundary) {
    const marker = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
    let count = 0;
    for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, at + marker.length)) count++;
    return Math.max(0, count - 1); // n parts have n + 1 boundary lines (the last one closes)
  }
  if (/^application\/x-www-form-urlencoded\b/i.test(type) || !type) {
    if (body.length === 0) return 0;
    let count = 1;
    for (const byte of body) if (byte === 0x26 /* & */) count++;
    return count;
  }
  return 0;
}

export class BodyTooLarge extends Error {}

/** Reads the whole body, refusing (BodyTooLarge) as soon as it passes the limit; the rest is not read. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (done) return;
      done = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      if (error) reject(error);
      else resolve(body!);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        finish(new BodyTooLarge());
      } else chunks.push(chunk);
    };
    const onEnd = () => finish(null, Buffer.concat(chunks, size));
    const onError = (error: Error) => finish(error);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small, complete HTML page for refusals made before Remix (no scripts, no inline styles: the CSP holds). */
export function refusalPage(title: string, message: string, supportEmail?: string) {
  const support = supportEmail ? `<p>If this keeps happening, write to <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>.</p>` : "";
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} — ${BRAND}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${support}<p><a href="/">Go to the home page</a> or <a href="/booking">continue your booking</a>.</p>
</main>
</body>
</html>
`;
}
