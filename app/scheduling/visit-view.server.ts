/**
 * What a visit's pages show (the guest's manage page, the patient area's visit detail, the cancel and
 * reschedule pages), computed once: times in the studio's zone, where, with whom, and what may change.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, providers } from "~/db/schema";
import { cardLabel } from "~/rules/cancellation-policy";
import { formatUsd } from "~/rules/currency";
import { formatLongDateTime } from "~/rules/zoned-time";
import { getService, getStudioAnyState } from "./catalogue.server";
import { cardOnFile, termsOf } from "./visit-changes.server";
import { CANCELLATION_POLICY, whatToBring } from "./visit-notes";

type Appointment = typeof appointments.$inferSelect;

const ROLE_LABELS: Record<string, string> = {
  dentist: "A dentist",
  hygienist: "A dental hygienist",
  orthodontist: "An orthodontist",
};

export async function visitFacts(
  db: Db,
  appointment: Appointment,
  now = new Date()
) {
  const studio = await getStudioAnyState(db, appointment.studioSlug);
  const service = await getService(db, appointment.serviceType);
  if (!studio || !service) return null;
  const [provider] = await db
    .select({ role: providers.role })
    .from(providers)
    .where(eq(providers.id, appointment.providerId));
  const terms = termsOf(appointment, now);
  const card = cardOnFile(appointment);
  const minutes = Math.round(
    (appointment.endsAt.getTime() - appointment.startsAt.getTime()) / 60_000
  );
  return {
    token: appointment.token,
    status: appointment.status,
    sequence: appointment.sequence,
    past: appointment.startsAt <= now,
    startsAt: appointment.startsAt.toISOString(),
    when: formatLongDateTime(appointment.startsAt, studio.tz),
    length:
      minutes >= 60 && minutes % 60 === 0
        ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}`
        : `${minutes} minutes`,
    serviceName: service.name,
    serviceCode: service.code,
    studio: {
      name: studio.name,
      address: studio.address,
      phone: studio.phone,
      openingHours: studio.openingHours,
      mapUrl: studio.mapUrl,
      isVirtual: studio.isVirtual,
    },
    withWhom: provider ? ROLE_LABELS[provider.role] ?? null : null,
    bring: whatToBring(studio.isVirtual),
    cancellationPolicy: CANCELLATION_POLICY,
    icsHref: `/booking/confirmed/${appointment.token}/calendar.ics`,
    terms,
    fee: terms.feeCents ? formatUsd(terms.feeCents) : null,
    card: card ? cardLabel(card) : null,
    chargedFee: appointment.lateCancelFeeCents
      ? formatUsd(appointment.lateCancelFeeCents)
      : null,
  };
}
