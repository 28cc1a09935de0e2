/**
 * The CSRF rule, in one place: a state-changing request whose Origin is not this site is refused.
 * "Not this site" includes an opaque Origin (`null`, sent by sandboxed iframes, data: URLs and some privacy
 * modes), a malformed one, one that is not plain http(s), and a browser's `Sec-Fetch-Site: cross-site`.
 * (Except `null` with `Sec-Fetch-Site: same-origin`: our own no-referrer pages posting to themselves.)
 * A request without Origin (old browsers, curl) is let through: cookies are SameSite=Lax, the second lock.
 * server.ts applies it to every request before Remix; `assertSameOrigin` (form-data.server.ts) to every form read.
 */
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The request's own host, as the proxy (first X-Forwarded-Host) or the client (Host) named it, lower-cased. */
function ownHost(headers: Headers, fallbackHost?: string): string | null {
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host")?.trim() || fallbackHost;
  return host ? host.toLowerCase() : null;
}

/** The Origin's host when it is a well-formed http(s) origin (scheme://host[:port], nothing else), else null. */
function originHost(origin: string): string | null {
  if (!/^https?:\/\/[^/?#\s\\@]+$/i.test(origin)) return null;
  try {
    const url = new URL(origin);
    return url.origin === "null" ? null : url.host.toLowerCase();
  } catch {
    return null;
  }
}

export function isCrossSiteRequest(method: string, headers: Headers, fallbackHost?: string): boolean {
  if (!UNSAFE.has(method.toUpperCase())) return false;
  if (headers.get("sec-fetch-site")?.toLowerCase() === "cross-site") return true;
  const origin = headers.get("origin");
  if (origin === null) return false;
  // A page of ours with `Referrer-Policy: no-referrer` (intake: the token in its URL is a secret) makes the
  // browser send `Origin: null` on its own posts; `Sec-Fetch-Site`, which no page can set, says it is ours.
  if (origin.trim() === "null" && headers.get("sec-fetch-site")?.toLowerCase() === "same-origin") return false;
  const from = originHost(origin.trim());
  const host = ownHost(headers, fallbackHost);
  if (!from || !host) return true; // opaque ("null"), empty or malformed Origin: not this site
  // Default ports: "https://a.test" and Host "a.test:443" are one site.
  return from.replace(/:(80|443)$/, "") !== host.replace(/:(80|443)$/, "");
}
