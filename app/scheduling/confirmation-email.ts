import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { buildIcs } from "./ics";
import { intakeHref, needsIntakeLink } from "~/rules/intake";
import { formatPhone } from "~/rules/phone";
import { formatLocalDate, formatLocalTime, formatLongDateTime, zoneAbbreviation } from "~/rules/zoned-time";
import { ConfirmationEmailHtml } from "./confirmation-email-html";
import { BRAND, CANCELLATION_POLICY, whatToBring } from "./visit-notes";

export type EmailStudio = {
  slug: string;
  name: string;
  address: string;
  tz: string;
  isVirtual: boolean;
  phone?: string;
  openingHours?: string;
  mapUrl?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};

type Input = {
  to: string;
  firstName: string;
  appointment: { token: string; startsAt: Date; endsAt: Date; serviceType: string; needsInsurance: boolean };
  studio: EmailStudio;
  service: { name: string };
  now: Date;
  /** Where the site is (SITE_ORIGIN, read by the caller): links in an email must be absolute. */
  siteOrigin: string;
};

/** The studio's full postal line ("Fenway, 1330 Boylston St, Boston, MA 02215"), or the video visit. */
export function studioLocation(studio: Pick<EmailStudio, "name" | "address" | "isVirtual">): string {
  return studio.isVirtual ? "Video visit (link sent before your visit)" : [studio.name, studio.address].filter(Boolean).join(", ");
}

export function appointmentIcs(input: Omit<Input, "to" | "firstName" | "siteOrigin">) {
  const { appointment, studio, service, now } = input;
  const phone = studio.phone ? ` Studio phone: ${formatPhone(studio.phone)}.` : "";
  return buildIcs({
    uid: `${appointment.token}@studio-dental`,
    method: "PUBLISH",
    startsAt: appointment.startsAt,
    endsAt: appointment.endsAt,
    timezone: studio.tz,
    summary: `${service.name} at ${BRAND} ${studio.name}`,
    location: studioLocation(studio),
    geo: !studio.isVirtual && studio.latitude != null && studio.longitude != null ? { lat: studio.latitude, lon: studio.longitude } : undefined,
    description: `Please arrive 10 minutes early. To cancel or reschedule, contact your studio at least 24 hours ahead.${phone}`,
    now,
  });
}

export function confirmationEmail(input: Input) {
  const { appointment, studio, service, siteOrigin } = input;
  const when = formatLongDateTime(appointment.startsAt, studio.tz);
  const intake = needsIntakeLink(appointment) ? siteOrigin + intakeHref(appointment.token, { booked: true }) : null;
  const visitUrl = `${siteOrigin}/booking/confirmed/${appointment.token}`;
  const phone = studio.phone ? formatPhone(studio.phone) : null;
  const bring = whatToBring(studio.isVirtual);
  const lines = [`Hi ${input.firstName || "there"},`, "", `Your ${service.name} is booked for ${when} at ${BRAND} ${studio.name}.`, ""];
  lines.push("WHERE", studioLocation(studio));
  if (studio.mapUrl && !studio.isVirtual) lines.push(`Map: ${studio.mapUrl}`);
  if (phone) lines.push(`Phone: ${phone}`);
  if (studio.openingHours) lines.push(`Hours: ${studio.openingHours}`);
  if (intake) lines.push("", "BEFORE YOUR VISIT", "Please complete your intake (insurance and health history):", intake);
  lines.push("", "WHAT TO BRING", ...bring.map((b) => `- ${b}`));
  lines.push("", "CANCELLING OR RESCHEDULING", CANCELLATION_POLICY);
  lines.push("", `Your appointment: ${visitUrl}`, "The attached calendar file adds the visit to your calendar.", "", "See you soon,", BRAND);
  const html =
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      createElement(ConfirmationEmailHtml, {
        brand: BRAND,
        firstName: input.firstName,
        serviceName: service.name,
        when,
        studio: { name: studio.name, location: studioLocation(studio), isVirtual: studio.isVirtual, mapUrl: studio.mapUrl ?? null, phone, openingHours: studio.openingHours ?? "" },
        telHref: studio.phone ? `tel:+1${studio.phone.replace(/\D/g, "").slice(-10)}` : null,
        intakeUrl: intake,
        visitUrl,
        bring,
        cancellationPolicy: CANCELLATION_POLICY,
      }),
    );
  const day = formatLocalDate(appointment.startsAt, studio.tz);
  const time = `${formatLocalTime(appointment.startsAt, studio.tz)} ${zoneAbbreviation(appointment.startsAt, studio.tz)}`;
  return {
    to: input.to,
    subject: `${BRAND}: your ${service.name} on ${day} at ${time}`,
    text: lines.join("\n"),
    html,
    ics: appointmentIcs(input),
  };
}
