import { json, redirect } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { readFormPost, tooMany } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { localize } from "~/i18n/translate";
import { getEnv } from "~/platform/env.server";
import { localDayKey } from "~/rules/zoned-time";
import { forgetCached, getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { heldSlot, isLive, newBookingId, placeHold, readHold } from "~/scheduling/holds.server";
import { serviceName, studioName } from "~/scheduling/service-names";
import { timePickerWeek } from "~/scheduling/time-picker.server";
import { countHold, HOLD_LIMIT_MESSAGES, holdDevice, HoldsRefused } from "./hold-limits.server";
import { OUTCOME_MESSAGES } from "./outcomes";
import { timesSchema } from "./step-schemas.server";
import { openStep, submitStep } from "./step.server";

/** The times step (decision 069): the studio's free times for the service by week, and the time chosen, held. */

async function studioAndService(state: { studio?: string; serviceType?: string }) {
  const db = await getDb();
  const studio = state.studio ? await getBookableStudio(db, state.studio) : null;
  const service = state.serviceType ? await getService(db, state.serviceType) : null;
  return { db, studio, service };
}

export async function timesStep(request: Request) {
  const { state, back, title } = await openStep(request, "times");
  const url = new URL(request.url);
  const conflict = url.searchParams.get("conflict") === "1";
  // A booking link (the open slot feed, decision 064) whose time is no longer free.
  const fromLink = url.searchParams.get("from") === "link";
  const { t, locale } = i18nOf(request);
  const { db, studio, service } = await studioAndService(state);
  // The studio closed for booking since it was chosen: choose again.
  if (!studio || !service) throw redirect("/booking/studios");
  const picker = await timePickerWeek(db, {
    studio,
    service,
    now: new Date(),
    url,
    selected: state.slot?.startsAt ?? null,
    timeoutMs: getEnv().AVAILABILITIES_TIMEOUT_MS,
    // A patient just told "someone booked that time" reads fresh: no process may still offer it from its cache.
    fresh: conflict || fromLink,
    // The time this booking holds is still offered to it (selected); everyone else's live holds are not.
    holder: state.bookingId,
    locale,
  });
  const data = {
    ...picker,
    back,
    title,
    conflictMessage: conflict ? t(OUTCOME_MESSAGES.availability_conflict) : fromLink ? t("booking.times.linkGone") : null,
    studioName: studioName(t, locale, studio),
    serviceName: serviceName(t, locale, service),
    selected: state.slot?.startsAt ?? null,
  };
  // The browser's device id for the hold limits (decision 055), given with the times so its first choice carries it.
  const headers = new Headers({ "Cache-Control": "no-store" });
  const device = holdDevice(request).setCookie;
  if (device) headers.append("Set-Cookie", device);
  // Bounded by the availabilitiesTimeout flag: say so, offer a retry, never hang.
  if (data.timedOut) {
    headers.set("Retry-After", "5");
    return json(data, { status: 503, headers });
  }
  return json(data, { headers });
}

/** A time chosen: held for this booking, or the page again with why not (taken, a hold limit: 429). */
export async function chooseTimeStep(request: Request, address: string) {
  const device = holdDevice(request);
  const { form } = await readFormPost(request);
  let answer: Response;
  try {
    answer = await chooseTime(request, form, device.id, address);
  } catch (error) {
    if (!(error instanceof HoldsRefused)) throw error;
    // Past a hold limit (decision 055): the times page again, 429, with what happened and when to try again.
    const slot = form.get("slot");
    answer = tooMany(error, { slot: typeof slot === "string" ? slot.slice(0, 40) : null }, { t: i18nOf(request).t, message: HOLD_LIMIT_MESSAGES[error.limit] });
  }
  // A browser without a device id gets one, for its next choices (a post without it counts as its address's "no device").
  if (device.setCookie) answer.headers.append("Set-Cookie", device.setCookie);
  return answer;
}

function chooseTime(request: Request, form: FormData, device: string | null, address: string) {
  return submitStep(request, "times", timesSchema, async ({ slot }, { state }) => {
    const taken = { fieldErrors: { slot: ["booking.errors.slotTaken"] } };
    const startsAt = new Date(slot);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(slot) || Number.isNaN(startsAt.getTime())) return taken;
    const { db, studio, service } = await studioAndService(state);
    if (!studio || !service) return { fieldErrors: { slot: ["booking.errors.studioClosed"] } };
    // The time is held for this booking (decision 021): checked free and held in one transaction, so whoever
    // comes second, on any process, is told here. Choosing the time already held places nothing new.
    const bookingId = state.bookingId ?? newBookingId();
    const own = await readHold(db, state.bookingId);
    const same = own && isLive(own) && own.studioSlug === studio.slug && own.serviceType === service.code && own.startsAt.getTime() === startsAt.getTime();
    // Each new placement counts (a lost race too); re-choosing the time already held does not.
    if (!same) await countHold({ bookingId, device, address, studioDay: `${studio.slug}|${localDayKey(startsAt, studio.tz)}` });
    const outcome = await placeHold(db, { bookingId, studioSlug: studio.slug, serviceCode: service.code, startsAt });
    if (!outcome.ok && outcome.code === "generic_error") throw json({ message: localize(i18nOf(request).t, OUTCOME_MESSAGES.generic_error) }, { status: 503 });
    if (!outcome.ok) {
      // The page shown with the message reads fresh here: the time is not offered again from this process's cache.
      forgetCached(db, "live:");
      return taken;
    }
    // Until when it is held rides in the (encrypted, tamper-evident) cookie: the later steps say it without a query.
    return { slot: heldSlot(outcome.hold), bookingId };
  }, form);
}
