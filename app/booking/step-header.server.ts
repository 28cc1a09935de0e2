import { getDb } from "~/db/client.server";
import { formatShortDateTime } from "~/rules/zoned-time";
import { i18nOf } from "~/i18n/locale.server";
import { formatLocalTime } from "~/rules/zoned-time";
import { serviceName, studioName } from "~/scheduling/service-names";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { STEPS, stepsFor, type StepId } from "./funnel";
import { bookingCookie, funnelOptions } from "./step.server";

const STEP_BY_PATH = new Map(Object.entries(STEPS).map(([id, { path }]) => [path, id as StepId]));

/**
 * The booking step header for a request: "Step N of M" counted on the route the patient's answers give
 * (a branch not chosen yet adds nothing, so the count can grow once it is), the visit chosen so far, and until
 * when the chosen time is held for this booking (decision 021; after the times step, the review page included).
 * Null off the steps (the entry redirect, the confirmed page).
 */
export async function bookingStepHeader(request: Request) {
  const step = STEP_BY_PATH.get(new URL(request.url).pathname.replace(/\/$/, ""));
  if (!step) return null;
  const state = await bookingCookie().read(request);
  const route = stepsFor(state, await funnelOptions(state, request));
  const index = route.indexOf(step);
  const progress = index === -1 ? null : { index: index + 1, total: route.length };
  const { t, locale } = i18nOf(request);
  const summary: { label: string; value: string }[] = [];
  const db = await getDb();
  // Until when the time is held comes with the cookie (the times step wrote it): no query. Only this booking could
  // have released the hold earlier, by choosing another time, which rewrites the cookie.
  const heldUntil = step !== "times" && index > route.indexOf("times") ? state.slot?.heldUntil : undefined;
  const [service, studio] = await Promise.all([
    state.serviceType && step !== "confirmation" ? getService(db, state.serviceType) : null,
    state.studio && (step !== "confirmation" || heldUntil) ? getBookableStudio(db, state.studio) : null,
  ]);
  // The review page lists everything itself.
  if (step !== "confirmation") {
    if (service) summary.push({ label: t("booking.header.visit"), value: serviceName(t, locale, service) });
    if (studio) summary.push({ label: t("booking.header.studio"), value: studioName(t, locale, studio) });
    if (studio && state.slot && step !== "times") summary.push({ label: t("booking.header.time"), value: formatShortDateTime(new Date(state.slot.startsAt), studio.tz, locale) });
  }
  // Expired: the time may still be booked if it is free.
  const held = !heldUntil || !studio ? null : heldUntil * 1000 > Date.now() ? { until: formatLocalTime(new Date(heldUntil * 1000), studio.tz, locale) } : { until: null };
  return { progress, summary, held };
}
