import { redirect } from "@remix-run/node";
import { captureReferral } from "~/rules/referral";
import { cookies, utmParamsOf } from "./cookies.server";

/**
 * The referral redirect routes: keep the referral code (first-party cookie, so a booking without JavaScript
 * has it) and the campaign's utm values, then go to a fixed page of this site with the utm values, where
 * the campaign's popup may open. The target is ours, never taken from the link.
 */
export function referralRedirect(request: Request, target: "/" | "/breezy-braces") {
  const url = new URL(request.url);
  const headers = new Headers({ "Cache-Control": "no-store" });
  const referral = captureReferral(url.searchParams);
  if (referral) headers.append("Set-Cookie", cookies.referral(referral.code, referral.version));
  const query = new URLSearchParams(utmParamsOf(url.searchParams)).toString();
  return redirect(query ? `${target}?${query}` : target, { status: 302, headers });
}
