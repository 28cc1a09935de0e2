import { detectMarket } from "~/rules/markets";
import { captureReferral } from "~/rules/referral";
import { cookies, readCookies, readUtmParams, readReferral, utmParamsOf } from "./cookies.server";
import { getEnv, getPublicEnv } from "./env.server";

/**
 * The marketing cookies a URL carries (utm_*, gclid, referral code): set by the root loader on a page, and by the
 * server on a redirect, which answers before any page (app/server/remix.server.ts), so a campaign link survives it.
 */
export function campaignCookies(url: URL): string[] {
  const found: string[] = [];
  const utm = utmParamsOf(url.searchParams);
  if (Object.keys(utm).length > 0) found.push(cookies.utmParams(utm));
  const gclid = url.searchParams.get("gclid");
  if (gclid && /^[\w-]{1,200}$/.test(gclid)) found.push(cookies.gclid(gclid));
  const referral = captureReferral(url.searchParams);
  if (referral) found.push(cookies.referral(referral.code, referral.version));
  return found;
}

/**
 * The shared page state every page gets from the root loader, plus the marketing cookies captured from
 * the URL of any page (utm_*, gclid, referral code). `userEmail` is the logged-in patient's (the root loader
 * asks the session, app/auth).
 */
export async function buildPageState(request: Request, { userEmail }: { userEmail: string | null }) {
  const env = getEnv();
  const url = new URL(request.url);
  const jar = readCookies(request);
  const headers = new Headers();
  for (const setCookie of campaignCookies(url)) headers.append("Set-Cookie", setCookie);
  const utm = utmParamsOf(url.searchParams);
  const referral = captureReferral(url.searchParams);

  return {
    headers,
    state: {
      pathname: url.pathname,
      returnTo: url.pathname + url.search,
      siteOrigin: env.SITE_ORIGIN,
      webViewCookie: jar.web_view ?? null,
      cookieBannerDismissed: jar.cookieBannerDismissed === "true",
      userEmail,
      supportEmail: env.SUPPORT_EMAIL,
      appStoreUrl: env.APP_STORE_URL,
      referralCode: referral?.code ?? readReferral(request)?.code ?? null,
      /** The market a campaign named (utm values of this URL or the session), for analytics. */
      market: detectMarket(Object.keys(utm).length > 0 ? utm : readUtmParams(request)),
      publicEnv: getPublicEnv(env),
    },
  };
}
