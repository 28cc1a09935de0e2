import { buildIcs } from "./ics";
import { intakeHref, needsIntakeLink } from "~/rules/intake";
import { formatLongDateTime } from "~/rules/zoned-time";
import { formatSlotDate } from "./availability";

type Input = {
  to: string;
  firstName: string;
  appointment: { token: string; startsAt: Date; endsAt: Date; serviceType: string; needsInsurance: boolean };
  studio: { slug: string; name: string; address: string; tz: string; isVirtual: boolean };
  service: { name: string };
  now: Date;
  /** Where the site is (SITE_ORIGIN, read by the caller): links in an email must be absolute. */
  siteOrigin: string;
};

export function appointmentIcs(input: Omit<Input, "to" | "firstName" | "siteOrigin">) {
  const { appointment, studio, service, now } = input;
  return buildIcs({
    uid: `${appointment.token}@studio-dental`,
    method: "PUBLISH",
    startsAt: appointment.startsAt,
    endsAt: appointment.endsAt,
    timezone: studio.tz,
    summary: `${service.name} at ${studio.name}`,
    location: studio.isVirtual ? "Video visit (link sent before your visit)" : [studio.name, studio.address].filter(Boolean).join(", "),
    description: "Please arrive 10 minutes early. To cancel or reschedule, contact your studio at least 24 hours ahead.",
    now,
  });
}

export function confirmationEmail(input: Input) {
  const when = formatLongDateTime(input.appointment.startsAt, input.studio.tz);
  const lines = [
    `Hi ${input.firstName || "there"},`,
    "",
    `Your ${input.service.name} is booked for ${when} at ${input.studio.name}.`,
  ];
  if (needsIntakeLink(input.appointment)) {
    lines.push(
      "",
      "Before your visit, please complete your intake (insurance and health history):",
      input.siteOrigin + intakeHref(input.appointment.token, { booked: true }),
    );
  }
  lines.push("", "The attached calendar file adds the visit to your calendar.", "", "See you soon,", "Studio Dental");
  return {
    to: input.to,
    subject: `Booked: ${input.service.name} on ${formatSlotDate(input.appointment.startsAt, input.studio.tz)}`,
    text: lines.join("\n"),
    ics: appointmentIcs(input),
  };
}
