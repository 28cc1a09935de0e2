/**
 * The pages an email's links open (decision 022): an offer (GET shows the time and a button, POST claims it) and
 * leaving the waitlist (GET shows a button, POST leaves). A GET never changes anything: mail scanners open links.
 * Unknown tokens are a 404 with the gone-link page.
 */
import { readFormPost } from "~/flow/forms.server";
import { json, redirect } from "@remix-run/node";
import { PRIVATE_PAGE } from "~/auth/headers";
import { applyDeepLink, advance, resumePath } from "~/booking/funnel";
import { bookingCookie, funnelOptions, saveAndRedirect } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { localeOf } from "~/i18n/locale.server";
import { goneLink } from "~/platform/gone-link.server";
import { bookableStudioMarkets, getBookableStudio } from "~/scheduling/catalogue.server";
import { newBookingId } from "~/scheduling/holds.server";
import { claimOffer, offerView } from "./claim.server";
import { entryByLinkToken, leaveWaitlist } from "./entries.server";

const unknownLink = () =>
  goneLink({
    heading: "common.gone.waitlistHeading",
    message: "common.gone.waitlist",
    next: { href: "/booking", label: "common.gone.book" },
  });

export async function offerPage(request: Request, token: string | undefined) {
  const view = await offerView(await getDb(), token, new Date(), localeOf(request));
  if (!view) throw unknownLink();
  return json(view, { headers: PRIVATE_PAGE });
}

/**
 * Claims the time and opens the booking at it: the studio, service and time filled in (the email too, for a guest),
 * the patient taken to the first step still open. A later claimer sees the page again, saying the time is gone.
 */
export async function claimAction(request: Request, token: string | undefined) {
  await readFormPost(request); // the cross-site check; the form has nothing else
  const db = await getDb();
  let state = await bookingCookie().read(request);
  const bookingId = state.bookingId ?? newBookingId();
  const outcome = await claimOffer(db, token, { bookingId });
  if (!outcome) throw unknownLink();
  if (!outcome.ok) return json({ refused: outcome.code }, { status: 409, headers: PRIVATE_PAGE });
  const { claimed } = outcome;
  const studio = await getBookableStudio(db, claimed.studioSlug);
  state = applyDeepLink(
    state,
    new URLSearchParams({ ...(studio?.marketSlug ? { market: studio.marketSlug } : {}), service: claimed.serviceCode, studio: claimed.studioSlug }),
    await bookableStudioMarkets(db),
  );
  const opts = await funnelOptions(state, request);
  // The time as the times step would have chosen it: held for this booking, until when riding in the cookie.
  const slot = { startsAt: claimed.startsAt.toISOString(), endsAt: claimed.endsAt.toISOString(), ...(claimed.hold ? { heldUntil: Math.floor(claimed.hold.expiresAt.getTime() / 1000) } : {}) };
  state = advance(state, "times", { slot, bookingId: claimed.hold?.bookingId ?? bookingId }, opts).state;
  if (!opts.account && !state.email) state = advance(state, "email", { email: claimed.email }, opts).state;
  return saveAndRedirect(request, resumePath(state, opts), state);
}

export async function leavePage(request: Request, token: string | undefined) {
  const entry = await entryByLinkToken(await getDb(), token, localeOf(request));
  if (!entry) throw unknownLink();
  return json(entry, { headers: PRIVATE_PAGE });
}

export async function leaveAction(request: Request, token: string | undefined) {
  await readFormPost(request);
  const db = await getDb();
  const entry = await entryByLinkToken(db, token);
  if (!entry) throw unknownLink();
  await leaveWaitlist(db, entry.id);
  return redirect(new URL(request.url).pathname, { status: 303, headers: PRIVATE_PAGE });
}
