import { parse, serialize, type SerializeOptions } from "cookie";
import { UTM_KEYS, type UtmKey } from "~/rules/markets";
import { POPUP_CAMPAIGNS, REFERRAL_CODE } from "~/rules/referral";
import { getEnv } from "./env.server";

const YEAR = 31536000; // spec §9 time constant: one year in seconds
const MONTH = 30 * 86400;

function base(): SerializeOptions {
  return { path: "/", httpOnly: true, sameSite: "lax", secure: getEnv().NODE_ENV === "production" };
}

export function readCookies(request: Request): Record<string, string | undefined> {
  return parse(request.headers.get("Cookie") ?? "");
}

/** One definition per cookie, with its attributes. */
export const cookies = {
  bannerDismissed: () => serialize("cookieBannerDismissed", "true", { ...base(), maxAge: YEAR }),
  utmParams: (utm: Record<string, string>) => serialize("utmParams", JSON.stringify(utm), { ...base(), maxAge: MONTH }),
  gclid: (gclid: string) => serialize("gclid", gclid, { ...base(), maxAge: 90 * 86400 }),
  /** First-party copy of the referral code, so a booking made without JavaScript keeps it. */
  referral: (code: string, version?: string) =>
    serialize("referralCode", JSON.stringify({ code, version: version ?? null }), { ...base(), maxAge: MONTH }),
  /**
   * Web-view mode, set by the server once it sees a web-view route or the app's own `web_view=true` (which may
   * reach only the first request): later pages stay in web-view mode without JavaScript. A session cookie.
   */
  webView: () => serialize("web_view", "true", base()),
  /** The referral popups shown in this browser session (a session cookie: no expiry). */
  popupsShown: (ids: readonly string[]) => serialize("referralPopupsShown", ids.join("."), base()),
  /** The language the patient chose with the language link (decision 027). */
  language: (locale: string) => serialize("lang", locale, { ...base(), maxAge: YEAR }),
  /**
   * The site's stylesheet version this browser was sent inline and asked to keep (issue 34 F, decision 048): its next
   * pages link the cached file instead of carrying the CSS again. Only a fingerprint; a stale or odd value means inline.
   */
  siteStyles: (fingerprint: string) => serialize("site_css", fingerprint, { ...base(), maxAge: YEAR }),
  /**
   * This browser, for the hold limits (decision 055): a random id, given by the times step, kept a day (the limits
   * count by the hour). It names nobody and is only ever a rate limiter's (hashed) key.
   */
  device: (id: string) => serialize("device", id, { ...base(), maxAge: 86400 }),
};

/** A device id: 128 random bits, base64url. Anything else (absent, tampered, oversized) is no device. */
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** The device id this browser carries, or null. */
export function readDevice(request: Request): string | null {
  const id = readCookies(request).device;
  return id && DEVICE_ID.test(id) ? id : null;
}

/** The referral popups already shown this session (unknown names dropped). */
export function readPopupsShown(request: Request): string[] {
  const raw = readCookies(request).referralPopupsShown ?? "";
  return raw.split(".").filter((id) => (POPUP_CAMPAIGNS as readonly string[]).includes(id));
}

export type UtmParams = Partial<Record<UtmKey, string>>;

/** The utm_* values of a URL, each capped at 200 characters (empty ones left out). */
export function utmParamsOf(params: URLSearchParams): UtmParams {
  const utm: UtmParams = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key);
    if (value) utm[key] = value.slice(0, 200);
  }
  return utm;
}

/** Values from our own cookies are still user input: parse defensively and cap sizes. */
export function readUtmParams(request: Request): UtmParams {
  const raw = readCookies(request).utmParams;
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const utm: UtmParams = {};
    for (const key of UTM_KEYS) if (typeof value[key] === "string") utm[key] = (value[key] as string).slice(0, 200);
    return utm;
  } catch {
    return {};
  }
}

/** The referral code kept by `cookies.referral`: the same pattern as links and the booking (rules/referral). */
export function readReferral(request: Request): { code: string; version?: string } | null {
  const raw = readCookies(request).referralCode;
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { code?: unknown; version?: unknown };
    if (typeof value.code !== "string" || !REFERRAL_CODE.test(value.code)) return null;
    return { code: value.code, version: value.version === "v2" ? "v2" : undefined };
  } catch {
    return null;
  }
}
