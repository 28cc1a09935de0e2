/**
 * Issue 23 B: the confirmed page's link travels in emails and browser histories, so what is personal on it (the
 * visit's email in the account offer, whose visit it is) is shown only to the browser that booked. That browser gets,
 * with the redirect to the page, a short-lived HttpOnly cookie scoped to the visit's path (its cancel and reschedule
 * pages included), whose value is an HMAC of the token and an expiry (SESSION_SECRET): it names nobody, and a cookie
 * from one's own booking opens no other.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie";
import { getEnv } from "~/platform/env.server";

const BOOKED_HERE = "bookedHere";
const BOOKED_HERE_S = 3600;

function bookedMac(token: string, exp: number, secret: string): Buffer {
  return createHmac("sha256", secret).update(`booked-here:${token}:${exp}`).digest();
}

/** Set-Cookie for the browser that just booked this visit. */
export function bookedHereCookie(token: string, now = Date.now()): string {
  const env = getEnv();
  const exp = Math.floor(now / 1000) + BOOKED_HERE_S;
  const value = `${exp}.${bookedMac(token, exp, env.sessionSecrets[0]).toString("base64url")}`;
  return serialize(BOOKED_HERE, value, {
    path: `/booking/confirmed/${token}`,
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production",
    maxAge: BOOKED_HERE_S,
  });
}

/** Whether this request comes from the browser that booked the visit, within the hour (any current secret). */
export function bookedHere(request: Request, token: string, now = Date.now()): boolean {
  const [expText, mac] = (parse(request.headers.get("Cookie") ?? "")[BOOKED_HERE] ?? "").split(".");
  const exp = Number(expText);
  if (!mac || !Number.isInteger(exp) || exp * 1000 <= now) return false;
  const given = Buffer.from(mac, "base64url");
  return getEnv().sessionSecrets.some((secret) => {
    const expected = bookedMac(token, exp, secret);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
