import type { LoaderFunctionArgs } from "@remix-run/node";
import { applyDeepLink, resumePath } from "~/booking/funnel";
import { bookingCookie, funnelOptions, saveAndRedirect } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { bookableStudioMarkets } from "~/scheduling/catalogue.server";
import { readReferral } from "~/platform/cookies.server";

/**
 * The booking entry. Deep links such as /booking?service=CLNCHK&studio=fenway fill what they name and
 * skip ahead to the first step still open.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  let state = await bookingCookie().read(request);
  if ([...url.searchParams.keys()].length > 0) {
    state = applyDeepLink(state, url.searchParams, await bookableStudioMarkets(await getDb()));
  }
  const referral = readReferral(request);
  if (referral && !state.referralCode) state = { ...state, referralCode: referral.code };
  return saveAndRedirect(request, resumePath(state, await funnelOptions(state, request)), state);
}
