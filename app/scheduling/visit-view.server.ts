/**
 * What a visit's pages show (the guest's manage page, the patient area's visit detail, the cancel and
 * reschedule pages), computed once: times in the studio's zone, where, with whom, and what may change.
 */
import { seriesPlaceOf } from "./series-calendar.server";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, providers } from "~/db/schema";
import { formatUsd } from "~/rules/currency";
import { formatLongDateTime } from "~/rules/zoned-time";
import { getService, getStudioAnyState } from "./catalogue.server";
import { cardOnFile, termsOf } from "./visit-changes.server";
import { serviceName, studioName } from "./service-names";
import { cancellationPolicy, cardLabelIn, whatToBring } from "./visit-notes";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE } from "~/i18n/translate";

type Appointment = typeof appointments.$inferSelect;

const ROLE_LABELS: Record<string, string> = {
  dentist: "visit.roles.dentist",
  hygienist: "visit.roles.hygienist",
  orthodontist: "visit.roles.orthodontist",
};

export async function visitFacts(
  db: Db,
  appointment: Appointment,
  now = new Date(),
  /** The reader's language (the page's, not the visit's: a patient may read it in another). */
  locale = DEFAULT_LOCALE
) {
  const t = tFor(locale);
  const studio = await getStudioAnyState(db, appointment.studioSlug);
  const service = await getService(db, appointment.serviceType);
  if (!studio || !service) return null;
  const [provider] = await db
    .select({ role: providers.role })
    .from(providers)
    .where(eq(providers.id, appointment.providerId));
  const terms = termsOf(appointment, now);
  const card = cardOnFile(appointment);
  const series = await seriesPlaceOf(db, appointment);
  const minutes = Math.round(
    (appointment.endsAt.getTime() - appointment.startsAt.getTime()) / 60_000
  );
  return {
    token: appointment.token,
    status: appointment.status,
    sequence: appointment.sequence,
    past: appointment.startsAt <= now,
    startsAt: appointment.startsAt.toISOString(),
    when: formatLongDateTime(appointment.startsAt, studio.tz, locale),
    length:
      minutes >= 60 && minutes % 60 === 0
        ? t("visit.facts.hours", { count: minutes / 60 })
        : t("visit.facts.minutes", { minutes }),
    serviceName: serviceName(t, locale, service),
    serviceCode: service.code,
    studio: {
      name: studioName(t, locale, studio),
      address: studio.address,
      phone: studio.phone,
      openingHours: studio.openingHours,
      mapUrl: studio.mapUrl,
      isVirtual: studio.isVirtual,
    },
    withWhom: provider && ROLE_LABELS[provider.role] ? t(ROLE_LABELS[provider.role]) : null,
    bring: whatToBring(studio.isVirtual, t),
    cancellationPolicy: cancellationPolicy(t, locale),
    icsHref: `/booking/confirmed/${appointment.token}/calendar.ics`,
    terms,
    fee: terms.feeCents ? formatUsd(terms.feeCents, { locale }) : null,
    card: card ? cardLabelIn(t, locale, card) : null,
    series: series ? { position: series.position, of: series.of } : null,
    chargedFee: appointment.lateCancelFeeCents
      ? formatUsd(appointment.lateCancelFeeCents, { locale })
      : null,
  };
}
