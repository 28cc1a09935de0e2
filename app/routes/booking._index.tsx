import type { LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { applyDeepLink, resumePath } from "~/booking/funnel";
import type { MarketSlug } from "~/booking/state";
import { bookingCookie, funnelOptions, saveAndRedirect } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { studios } from "~/db/schema";
import { readReferral } from "~/platform/cookies.server";

/**
 * The booking entry. Deep links such as /booking?service=CLNCHK&studio=fenway fill what they name and
 * skip ahead to the first step still open.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  let state = await bookingCookie().read(request);
  if ([...url.searchParams.keys()].length > 0) {
    const db = await getDb();
    const rows = await db
      .select({ slug: studios.slug, market: studios.marketSlug })
      .from(studios)
      .where(sql`${studios.enabled}`);
    const studioMarkets = Object.fromEntries(rows.map((r) => [r.slug, r.market as MarketSlug | null]));
    state = applyDeepLink(state, url.searchParams, studioMarkets);
  }
  const referral = readReferral(request);
  if (referral && !state.referralCode) state = { ...state, referralCode: referral.code };
  return saveAndRedirect(resumePath(state, funnelOptions(state)), state);
}
