import { json, redirect } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { i18nOf } from "~/i18n/locale.server";
import { getEnv } from "~/platform/env.server";
import { formatShortDateTime } from "~/rules/zoned-time";
import { getService, listBookableStudios } from "~/scheduling/catalogue.server";
import { serviceName, studioName } from "~/scheduling/service-names";
import { firstFreeTimes, withTimeout } from "~/scheduling/slots.server";
import { studiosSchema } from "./step-schemas.server";
import { openStep, submitStep } from "./step.server";

/** The studio step (decision 069): the city's studios that offer the service, each with its first free time. */
export async function studiosStep(request: Request) {
  const { state, back, title } = await openStep(request, "studios");
  const { t, locale } = i18nOf(request);
  const db = await getDb();
  const service = state.serviceType ? await getService(db, state.serviceType) : null;
  if (!service || !state.market) throw redirect("/booking/services");
  const list = await listBookableStudios(db, state.market, service);
  let firstTimes: Map<string, { startsAt: Date } | null> | null = null;
  try {
    firstTimes = await withTimeout(firstFreeTimes(db, list, service, new Date()), getEnv().AVAILABILITIES_TIMEOUT_MS);
  } catch (error) {
    // Too slow (LookupTimeout) or failed: the studios still show, only without their first free time.
    if (!(error instanceof Error)) throw error;
    console.warn(`[studios] first free times unavailable: ${error.name}`);
  }
  return json({
    back,
    title,
    selected: state.studio ?? null,
    serviceName: serviceName(t, locale, service),
    timesUnavailable: firstTimes === null,
    studios: list.map((s) => {
      const first = firstTimes?.get(s.slug);
      return {
        slug: s.slug,
        name: studioName(t, locale, s),
        address: s.address,
        phone: s.phone,
        openingHours: s.openingHours,
        mapUrl: s.mapUrl,
        isVirtual: s.isVirtual,
        firstFree:
          firstTimes === null ? null : first ? t("booking.studios.firstFree", { time: formatShortDateTime(first.startsAt, s.tz, locale) }) : t("booking.studios.noneSoon"),
      };
    }),
  });
}

/** The studio chosen, if the city still lists it for the service. */
export async function chooseStudio(request: Request) {
  return submitStep(request, "studios", studiosSchema, async ({ studio }, { state }) => {
    const db = await getDb();
    const service = state.serviceType ? await getService(db, state.serviceType) : null;
    const allowed = service && state.market ? await listBookableStudios(db, state.market, service) : [];
    if (!allowed.some((s) => s.slug === studio)) {
      return { fieldErrors: { studio: ["booking.errors.studioNotListed"] } };
    }
    return { studio };
  });
}
