import { bookableStudioMarkets } from "~/scheduling/catalogue.server";
import { getDb } from "~/db/client.server";
import { readReferral } from "~/platform/cookies.server";
import { applyDeepLink, resumePath } from "./funnel";
import { bookingCookie, funnelOptions, saveAndRedirect } from "./step.server";

/**
 * The booking entry (/booking). Deep links such as /booking?service=CLNCHK&studio=fenway fill what they name and
 * skip ahead to the first step still open; a referral cookie's code is kept for the booking.
 */
export async function enterBooking(request: Request) {
  const url = new URL(request.url);
  let state = await bookingCookie().read(request);
  if ([...url.searchParams.keys()].length > 0) {
    state = applyDeepLink(state, url.searchParams, await bookableStudioMarkets(await getDb()));
  }
  const referral = readReferral(request);
  if (referral && !state.referralCode) state = { ...state, referralCode: referral.code };
  return saveAndRedirect(request, resumePath(state, await funnelOptions(state, request)), state);
}
