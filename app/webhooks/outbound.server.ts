/**
 * The one door webhook deliveries go out through (decision 032): outbound requests are an attack surface.
 * - HTTPS only; no private, loopback, link-local, CGNAT, multicast or unspecified address — checked on the address the
 *   name resolves to, at connect time (the agent's `lookup`), so a name that resolves differently later (DNS
 *   rebinding) is still checked; IP literals are checked before any connection. WEBHOOK_ALLOW_PRIVATE=true lifts the
 *   address rule and allows plain http:// (local testing).
 * - Redirects are never followed (a 3xx is a failed attempt).
 * - At most 64 KB of the answer is read; 15 s for the whole exchange; only a 2xx counts.
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { lookup as dnsLookup } from "node:dns";

export const DELIVERY_TIMEOUT_MS = 15_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;

const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/** Whether an address is one a webhook may never reach (private, loopback, link-local, …); IPv4-mapped IPv6 too. */
export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * The rules an endpoint's URL meets before it is saved and before every delivery. `allowPrivate`
 * (WEBHOOK_ALLOW_PRIVATE, for local testing) lets deliveries reach private and loopback addresses, and plain
 * http:// only there: a public host is always https:// (a name is checked when it resolves, `privateOnlyLookup`).
 */
export function checkEndpointUrl(raw: string, allowPrivate: boolean): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "Enter a full URL, starting with https://." };
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const privateHost = host === "localhost" || host.endsWith(".localhost") || (isIP(host) !== 0 && isForbiddenAddress(host));
  const plainAllowed = allowPrivate && url.protocol === "http:" && (privateHost || isIP(host) === 0);
  if (url.protocol !== "https:" && !plainAllowed) return { ok: false, reason: "The URL must start with https://." };
  if (url.username || url.password) return { ok: false, reason: "The URL must not hold a user name or password." };
  if (!allowPrivate && privateHost) {
    return { ok: false, reason: "The URL must point at a public address, not a private, loopback or link-local one." };
  }
  return { ok: true, url };
}

/** A name lookup for the agent: every address the name resolves to must be `allowed`, or the connection never opens. */
const lookupAllowing = (allowed: (address: string) => boolean): LookupFunction => (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as unknown as { address: string; family: number }[];
    const bad = list.find((a) => !allowed(a.address));
    if (bad || list.length === 0) return callback(Object.assign(new Error("webhook address not allowed"), { code: "EADDRNOTALLOWED" }), "", 4);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};
/** Public addresses only: every delivery, unless WEBHOOK_ALLOW_PRIVATE. */
const guardedLookup = lookupAllowing((address) => !isForbiddenAddress(address));
/** Private and loopback addresses only: plain http:// under WEBHOOK_ALLOW_PRIVATE never reaches a public host. */
const privateOnlyLookup = lookupAllowing(isForbiddenAddress);

export type PostOutcome = { status: number | null; error: string | null };

/** POSTs a body with headers; answers the status (null when none came) and what went wrong. Never throws. */
export function postWebhook(url: string, body: string, headers: Record<string, string>, { allowPrivate }: { allowPrivate: boolean }): Promise<PostOutcome> {
  const checked = checkEndpointUrl(url, allowPrivate);
  if (!checked.ok) return Promise.resolve({ status: null, error: checked.reason });
  const send = checked.url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = send(
      checked.url,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)), "User-Agent": "StudioDental-Webhooks/1", ...headers },
        lookup: !allowPrivate ? guardedLookup : checked.url.protocol === "http:" ? privateOnlyLookup : undefined,
      },
      (res) => {
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy(); // the status is known; the rest of the answer is not read
        });
        const status = res.statusCode ?? null;
        const finish = () => done({ status, error: status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}` });
        res.on("end", finish);
        res.on("close", finish);
        res.on("error", finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error("no answer within 15 s"));
      done({ status: null, error: "no answer within 15 s" });
    }, DELIVERY_TIMEOUT_MS);
    req.on("error", (error: Error & { code?: string }) => done({ status: null, error: error.code === "EADDRNOTALLOWED" ? "address not allowed" : error.message.slice(0, 200) }));
    req.end(body);
  });
}
