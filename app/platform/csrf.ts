/**
 * The CSRF rule, in one place: a state-changing request whose Origin is not this site (or is not a
 * valid origin at all) is refused. Cookies are also SameSite=Lax; this is the second lock.
 */
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isCrossSiteRequest(method: string, headers: Headers, fallbackHost?: string): boolean {
  if (!UNSAFE.has(method.toUpperCase())) return false;
  const origin = headers.get("origin");
  if (!origin || origin === "null") return false;
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host") || fallbackHost;
  try {
    return !host || new URL(origin).host !== host;
  } catch {
    return true; // a malformed Origin header is not this site
  }
}
