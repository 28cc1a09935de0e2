import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { buildIcs } from "./ics";
import { intakeHref, needsIntakeLink } from "~/rules/intake";
import { formatPhone } from "~/rules/phone";
import {
  formatLocalDate,
  formatLocalTime,
  formatLongDateTime,
  zoneAbbreviation,
} from "~/rules/zoned-time";
import { VisitEmailHtml } from "./visit-email-html";
import { formatUsd } from "~/rules/currency";
import type { ReminderKind } from "~/rules/reminders";
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
  appointment: {
    token: string;
    startsAt: Date;
    endsAt: Date;
    serviceType: string;
    needsInsurance: boolean;
    sequence?: number;
  };
  studio: EmailStudio;
  service: { name: string };
  now: Date;
  /** Where the site is (SITE_ORIGIN, read by the caller): links in an email must be absolute. */
  siteOrigin: string;
  /** MAIL_FROM, read by the caller: the calendar event's ORGANIZER is the studio at the address emails come from. */
  mailFrom: string;
};

/** "Studio Dental <appointments@example.com>" → "appointments@example.com". */
const addressOf = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

/**
 * What an email about a visit says (issue 10): booked, moved, cancelled, or a reminder. Every kind but a
 * cancel carries the visit's details, what to bring and the manage link; a cancel carries METHOD:CANCEL.
 */
export type VisitEmailKind =
  | { kind: "booked" }
  | { kind: "rescheduled"; previousStartsAt: Date }
  | { kind: "cancelled"; lateFeeCents: number | null; cardLabel: string | null }
  | { kind: "reminder"; reminder: ReminderKind; intakeOpen: boolean };

/** The studio's full postal line ("Fenway, 1330 Boylston St, Boston, MA 02215"), or the video visit. */
export function studioLocation(
  studio: Pick<EmailStudio, "name" | "address" | "isVirtual">
): string {
  return studio.isVirtual
    ? "Video visit (link sent before your visit)"
    : [studio.name, studio.address].filter(Boolean).join(", ");
}

/** The visit's calendar event: one UID for its whole life, SEQUENCE raised by each change (RFC 5546). */
export function appointmentIcs(
  input: Omit<Input, "to" | "firstName" | "siteOrigin"> & {
    cancelled?: boolean;
    /** The patient, named as ATTENDEE on a cancel (RFC 5546 §3.2.5 requires one there). */
    to?: string;
  }
) {
  const { appointment, studio, service, now } = input;
  const phone = studio.phone
    ? ` Studio phone: ${formatPhone(studio.phone)}.`
    : "";
  return buildIcs({
    uid: `${appointment.token}@studio-dental`,
    sequence: appointment.sequence ?? 0,
    method: input.cancelled ? "CANCEL" : "PUBLISH",
    startsAt: appointment.startsAt,
    endsAt: appointment.endsAt,
    timezone: studio.tz,
    summary: `${service.name} at ${BRAND} ${studio.name}`,
    location: studioLocation(studio),
    geo:
      !studio.isVirtual && studio.latitude != null && studio.longitude != null
        ? { lat: studio.latitude, lon: studio.longitude }
        : undefined,
    description: input.cancelled
      ? "This visit was cancelled."
      : `Please arrive 10 minutes early. To cancel or reschedule, use your appointment page or contact your studio at least 24 hours ahead.${phone}`,
    organizer: { name: `${BRAND} ${studio.name}`, email: addressOf(input.mailFrom) },
    attendeeEmail: input.cancelled ? input.to : undefined,
    now,
  });
}

const REMINDER_LEADS: Record<ReminderKind, string> = {
  "7d": "in a week",
  "2d": "in two days",
  "2h": "in two hours",
};

export function confirmationEmail(input: Input) {
  return visitEmail(input, { kind: "booked" });
}

export function visitEmail(input: Input, about: VisitEmailKind) {
  const { appointment, studio, service, siteOrigin } = input;
  const when = formatLongDateTime(appointment.startsAt, studio.tz);
  const cancelled = about.kind === "cancelled";
  const intakeWanted =
    about.kind === "reminder"
      ? about.intakeOpen
      : about.kind !== "cancelled" && needsIntakeLink(appointment);
  const intake = intakeWanted
    ? siteOrigin + intakeHref(appointment.token, { booked: true })
    : null;
  const visitUrl = `${siteOrigin}/booking/confirmed/${appointment.token}`;
  const phone = studio.phone ? formatPhone(studio.phone) : null;
  const bring = cancelled ? [] : whatToBring(studio.isVirtual);
  const name = input.firstName || "there";
  const fee =
    about.kind === "cancelled" && about.lateFeeCents
      ? formatUsd(about.lateFeeCents)
      : null;
  const copy = {
    booked: {
      heading: `You’re booked, ${input.firstName || "see you soon"}`,
      lead: `Your ${service.name} is booked for ${when} at ${BRAND} ${studio.name}.`,
    },
    rescheduled: {
      heading: "Your visit has moved",
      lead: `Your ${service.name} at ${BRAND} ${studio.name} is now on ${when}.`,
    },
    cancelled: {
      heading: "Your visit is cancelled",
      lead:
        `Your ${service.name} on ${when} at ${BRAND} ${studio.name} is cancelled.` +
        (fee
          ? ` As it was cancelled within 24 hours of the visit, a late-cancellation fee of ${fee} will be charged to ${
              about.kind === "cancelled" && about.cardLabel
                ? about.cardLabel
                : "the card on file"
            }.`
          : ""),
    },
    reminder: {
      heading: `See you ${
        about.kind === "reminder" ? REMINDER_LEADS[about.reminder] : "soon"
      }`,
      lead: `A reminder: your ${service.name} is on ${when} at ${BRAND} ${studio.name}.`,
    },
  }[about.kind];
  const previous =
    about.kind === "rescheduled"
      ? formatLongDateTime(about.previousStartsAt, studio.tz)
      : null;

  const lines = [`Hi ${name},`, "", copy.lead];
  if (previous)
    lines.push(`It was on ${previous}; that time is no longer booked for you.`);
  lines.push("");
  if (!cancelled) {
    lines.push("WHERE", studioLocation(studio));
    if (studio.mapUrl && !studio.isVirtual) lines.push(`Map: ${studio.mapUrl}`);
    if (phone) lines.push(`Phone: ${phone}`);
    if (studio.openingHours) lines.push(`Hours: ${studio.openingHours}`);
    if (intake)
      lines.push(
        "",
        "BEFORE YOUR VISIT",
        "Please complete your intake (insurance and health history):",
        intake
      );
    lines.push("", "WHAT TO BRING", ...bring.map((b) => `- ${b}`));
    lines.push("", "CANCELLING OR RESCHEDULING", CANCELLATION_POLICY);
    lines.push(
      "",
      `Manage your visit (reschedule or cancel): ${visitUrl}`,
      "The attached calendar file adds the visit to your calendar."
    );
  } else {
    if (phone) lines.push(`Questions? Call the studio: ${phone}`);
    lines.push(
      `Book another visit: ${siteOrigin}/booking`,
      "The attached calendar file removes the visit from your calendar."
    );
  }
  lines.push("", "See you soon,", BRAND);
  const html =
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      createElement(VisitEmailHtml, {
        brand: BRAND,
        heading: copy.heading,
        lead: previous ? `${copy.lead} It was on ${previous}.` : copy.lead,
        serviceName: service.name,
        when,
        cancelled,
        studio: {
          name: studio.name,
          location: studioLocation(studio),
          isVirtual: studio.isVirtual,
          mapUrl: studio.mapUrl ?? null,
          phone,
          openingHours: studio.openingHours ?? "",
        },
        telHref: studio.phone
          ? `tel:+1${studio.phone.replace(/\D/g, "").slice(-10)}`
          : null,
        intakeUrl: intake,
        visitUrl,
        bookUrl: `${siteOrigin}/booking`,
        bring,
        cancellationPolicy: CANCELLATION_POLICY,
      })
    );
  const day = formatLocalDate(appointment.startsAt, studio.tz);
  const time = `${formatLocalTime(
    appointment.startsAt,
    studio.tz
  )} ${zoneAbbreviation(appointment.startsAt, studio.tz)}`;
  const subject = {
    booked: `${BRAND}: your ${service.name} on ${day} at ${time}`,
    rescheduled: `${BRAND}: your ${service.name} is moved to ${day} at ${time}`,
    cancelled: `${BRAND}: your ${service.name} on ${day} is cancelled`,
    reminder: `Reminder: your ${service.name} on ${day} at ${time}`,
  }[about.kind];
  return {
    to: input.to,
    subject,
    text: lines.join("\n"),
    html,
    ics: appointmentIcs({ ...input, cancelled }),
  };
}

/**
 * Two visits booked together (issue 20 A: "book another family member at the same time"): one email to the
 * account holder naming both people, each visit with its own manage, intake and calendar-file links. No calendar
 * part: an iTIP message carries one event (RFC 5546; the standards check holds every file to one VEVENT), and
 * each visit is moved or cancelled on its own later, with its own UID and SEQUENCE (decision 024).
 */
export function pairConfirmationEmail(visits: [Input & { who: string }, Input & { who: string }], greet: string) {
  const [first] = visits;
  const { studio, siteOrigin } = first;
  const rows = visits.map((v) => ({
    who: v.who,
    serviceName: v.service.name,
    when: formatLongDateTime(v.appointment.startsAt, v.studio.tz),
    visitUrl: `${v.siteOrigin}/booking/confirmed/${v.appointment.token}`,
    calendarUrl: `${v.siteOrigin}/booking/confirmed/${v.appointment.token}/calendar.ics`,
    intakeUrl: needsIntakeLink(v.appointment) ? v.siteOrigin + intakeHref(v.appointment.token, { booked: true }) : null,
  }));
  const phone = studio.phone ? formatPhone(studio.phone) : null;
  const bring = whatToBring(studio.isVirtual);
  const heading = `You’re booked: ${visits[0].who} and ${visits[1].who}`;
  const lead = `Two visits at ${BRAND} ${studio.name}, one after the other or side by side.`;
  const lines = [`Hi ${greet || "there"},`, "", `${lead}`, ""];
  for (const row of rows) {
    lines.push(row.who.toUpperCase(), `${row.serviceName}, ${row.when}`, `Manage (reschedule or cancel): ${row.visitUrl}`, `Add to your calendar: ${row.calendarUrl}`);
    if (row.intakeUrl) lines.push(`Intake (insurance and health history): ${row.intakeUrl}`);
    lines.push("");
  }
  lines.push("WHERE", studioLocation(studio));
  if (studio.mapUrl && !studio.isVirtual) lines.push(`Map: ${studio.mapUrl}`);
  if (phone) lines.push(`Phone: ${phone}`);
  if (studio.openingHours) lines.push(`Hours: ${studio.openingHours}`);
  lines.push("", "WHAT TO BRING", ...bring.map((b) => `- ${b}`));
  lines.push("", "CANCELLING OR RESCHEDULING", CANCELLATION_POLICY, "Each visit is managed on its own.");
  lines.push("", "See you soon,", BRAND);
  const html =
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      createElement(VisitEmailHtml, {
        brand: BRAND,
        heading,
        lead,
        serviceName: first.service.name,
        when: rows[0].when,
        cancelled: false,
        studio: { name: studio.name, location: studioLocation(studio), isVirtual: studio.isVirtual, mapUrl: studio.mapUrl ?? null, phone, openingHours: studio.openingHours ?? "" },
        telHref: studio.phone ? `tel:+1${studio.phone.replace(/\D/g, "").slice(-10)}` : null,
        intakeUrl: null,
        visitUrl: rows[0].visitUrl,
        bookUrl: `${siteOrigin}/booking`,
        bring,
        cancellationPolicy: CANCELLATION_POLICY,
        visits: rows,
      }),
    );
  const day = formatLocalDate(first.appointment.startsAt, studio.tz);
  const time = `${formatLocalTime(first.appointment.startsAt, studio.tz)} ${zoneAbbreviation(first.appointment.startsAt, studio.tz)}`;
  return {
    to: first.to,
    subject: `${BRAND}: visits for ${visits[0].who} and ${visits[1].who} on ${day} from ${time}`,
    text: lines.join("\n"),
    html,
  };
}
