/**
 * The open slot feed's booking link (decision 064): `/booking/slot?studio=…&service=…&start=…` opens the booking at
 * that studio, service and time. The page (GET) shows the time and one button; the post holds it exactly as choosing
 * it on the times page does (the same hold, the same hold limits) and goes on to the first step still open. A GET
 * changes nothing: finders, link previews and crawlers open these links by the thousand, and a hold is a patient's.
 * A time no longer free (taken, held, past its notice, a closure) lands on the times page with a clear message.
 * SMART's `source` and `booking-referral` parameters (a finder may add them) are allowed and ignored.
 */
import { z } from "zod/v4";
import { applyDeepLink, advance, resumePath } from "./funnel";
import { countHold, HoldsRefused } from "./hold-limits.server";
import { bookingCookie, funnelOptions, saveAndRedirect } from "./step.server";
import type { BookingState } from "./state";
import { SERVICE_CODES } from "./options";
import { getDb, type Db } from "~/db/client.server";
import { formatLongDateTime, localDayKey } from "~/rules/zoned-time";
import { bookableStudioMarkets, getBookableStudio, getService, type Service, type Studio } from "~/scheduling/catalogue.server";
import { heldSlot, newBookingId, placeHold } from "~/scheduling/holds.server";
import { serviceName, studioName } from "~/scheduling/service-names";
import { findSlots } from "~/scheduling/slots.server";
import type { T } from "~/i18n/translate";

const linkSchema = z.object({
  studio: z.string().regex(/^[a-z0-9-]{1,40}$/),
  service: z.enum(SERVICE_CODES),
  start: z.iso.datetime({ offset: true }).max(40),
});

export type SlotLink = { studio: Studio; service: Service; startsAt: Date };

/** The link's studio, service and time; "bad" for a malformed link, "gone" for a studio or service not bookable now. */
export async function readSlotLink(db: Db, url: URL): Promise<SlotLink | "bad" | "gone"> {
  const parsed = linkSchema.safeParse({ studio: url.searchParams.get("studio") ?? undefined, service: url.searchParams.get("service") ?? undefined, start: url.searchParams.get("start") ?? undefined });
  if (!parsed.success) return "bad";
  const [studio, service] = await Promise.all([getBookableStudio(db, parsed.data.studio), getService(db, parsed.data.service)]);
  if (!studio || !service || studio.isVirtual) return "gone";
  return { studio, service, startsAt: new Date(parsed.data.start) };
}

/** Whether the time is free right now for anyone (read fresh: every live hold counts, as on the times page). */
export async function stillOffered(db: Db, { studio, service, startsAt }: SlotLink, now = new Date()): Promise<boolean> {
  const to = new Date(startsAt.getTime() + service.durationMinutes * 60_000);
  const slots = await findSlots(db, studio, service, { from: startsAt, to, now }, { fresh: true, now });
  return slots.some((s) => s.startsAt.getTime() === startsAt.getTime());
}

/** The booking state with the link's studio and service filled in (the market the studio's). */
async function withStudioAndService(db: Db, state: BookingState, link: SlotLink) {
  const params = new URLSearchParams({ ...(link.studio.marketSlug ? { market: link.studio.marketSlug } : {}), service: link.service.code, studio: link.studio.slug });
  return applyDeepLink(state, params, await bookableStudioMarkets(db));
}

/** The times page of the link's studio and service, at the link's day, saying the time is no longer free. */
async function toTimes(request: Request, db: Db, link: SlotLink) {
  const state = await withStudioAndService(db, await bookingCookie().read(request), link);
  return saveAndRedirect(request, `/booking/times?from=link&day=${localDayKey(link.startsAt, link.studio.tz)}`, state);
}

/** GET: what the page shows; a stale time goes straight to the times page. */
export async function slotLinkPage(request: Request, { t, locale }: { t: T; locale: string }) {
  const db = await getDb();
  const link = await readSlotLink(db, new URL(request.url));
  if (link === "bad" || link === "gone") return { status: link } as const;
  if (!(await stillOffered(db, link))) return { status: "taken", redirect: await toTimes(request, db, link) } as const;
  return {
    status: "open",
    studio: studioName(t, locale, link.studio),
    service: serviceName(t, locale, link.service),
    when: formatLongDateTime(link.startsAt, link.studio.tz, locale),
    // The booking's own deep link: this studio and service, their times page.
    otherTimes: `/booking?studio=${link.studio.slug}&service=${link.service.code}`,
  } as const;
}

/**
 * POST: holds the time for this booking as the times step does (decision 021: checked free and held in one
 * transaction; the hold limits of decision 055 counted), fills in the studio, service and time, and goes on.
 * Past a hold limit: HoldsRefused (the route answers 429).
 */
export async function holdSlotLink(request: Request, { device, address }: { device: string | null; address: string }) {
  const db = await getDb();
  const link = await readSlotLink(db, new URL(request.url));
  if (link === "bad" || link === "gone") return link;
  let state = await withStudioAndService(db, await bookingCookie().read(request), link);
  const bookingId = state.bookingId ?? newBookingId();
  await countHold({ bookingId, device, address, studioDay: `${link.studio.slug}|${localDayKey(link.startsAt, link.studio.tz)}` });
  const outcome = await placeHold(db, { bookingId, studioSlug: link.studio.slug, serviceCode: link.service.code, startsAt: link.startsAt });
  if (!outcome.ok) return toTimes(request, db, link);
  const opts = await funnelOptions(state, request);
  state = advance(state, "times", { slot: heldSlot(outcome.hold), bookingId }, opts).state;
  return saveAndRedirect(request, resumePath(state, opts), state);
}

export { HoldsRefused };
