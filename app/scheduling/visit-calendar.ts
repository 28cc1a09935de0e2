/**
 * A visit as a calendar event (RFC 5545/5546): the one file the visit's page offers (calendar-file.server.ts) and the
 * visit emails attach (app/visit-notices). The studio as those show it, and the visit's language and words.
 */
import { buildIcs, buildIcsCalendar, type IcsEvent } from "./ics";
import { formatPhone } from "~/rules/phone";
import { serviceName, studioName } from "./service-names";
import { BRAND } from "~/platform/brand";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE, type T } from "~/i18n/translate";

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


/** What a visit's calendar event is made of. */
export type CalendarInput = {
  appointment: {
    token: string;
    startsAt: Date;
    endsAt: Date;
    serviceType: string;
    sequence?: number;
    /** The visit's language (appointments.locale): every email and calendar file about it speaks it. */
    locale?: string;
    /** Its place in a series (issue 39): "Visit 3 of 8", and the series' id its event is RELATED-TO. */
    series?: SeriesPlace;
  };
  studio: EmailStudio;
  service: { name: string };
  now: Date;
  /** MAIL_FROM, read by the caller: the calendar event's ORGANIZER is the studio at the address emails come from. */
  mailFrom: string;
};

/** A visit's place in its series: its position, how many the series has, and the series' token (its calendar id). */
export type SeriesPlace = { position: number; of: number; token: string };

/** The series' id in calendars: every occurrence's VEVENT is RELATED-TO it. */
export const seriesUid = (token: string) => `series-${token}@studio-dental`;

/** "Name <appointments@example.com>" → "appointments@example.com". */
export const addressOf = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();


/** The visit's language and its words (a visit stored before languages, or in one we no longer speak: English). */
export function wordsOf(appointment: { locale?: string }) {
  const locale = appointment.locale ?? DEFAULT_LOCALE;
  return { locale, t: tFor(locale) };
}

/** The studio's full postal line ("Fenway, 1330 Boylston St, Boston, MA 02215"), or the video visit. */
export function studioLocation(
  studio: Pick<EmailStudio, "name" | "address" | "isVirtual">,
  t: T = tFor(DEFAULT_LOCALE)
): string {
  return studio.isVirtual
    ? t("visit.videoVisitLocation")
    : [studio.name, studio.address].filter(Boolean).join(", ");
}

/** The visit's calendar event: one UID for its whole life, SEQUENCE raised by each change (RFC 5546). */
export function appointmentIcs(
  input: CalendarInput & {
    cancelled?: boolean;
    /** The patient, named as ATTENDEE on a cancel (RFC 5546 §3.2.5 requires one there). */
    to?: string;
  }
) {
  return buildIcs({ ...appointmentEvent(input), method: input.cancelled ? "CANCEL" : "PUBLISH", timezone: input.studio.tz });
}

/**
 * A series' calendar file (issue 39, decision 076): one VEVENT per visit still booked, each with the UID and SEQUENCE
 * its own file has (so a later move or cancel of one replaces that one), all RELATED-TO the series. METHOD:PUBLISH:
 * offered as a download, never as an email's iTIP part (one event per message there).
 */
export function seriesIcs(visits: CalendarInput[]) {
  return buildIcsCalendar({ method: "PUBLISH", timezone: visits[0].studio.tz, events: visits.map((v) => appointmentEvent(v)) });
}

function appointmentEvent(input: CalendarInput & { cancelled?: boolean; to?: string }): IcsEvent {
  const { appointment, studio, service, now } = input;
  const { locale, t } = wordsOf(appointment);
  const what = serviceName(t, locale, { code: appointment.serviceType, name: service.name });
  const phone = studio.phone
    ? ` ${t("visit.ics.phone", { phone: formatPhone(studio.phone) })}`
    : "";
  const series = appointment.series;
  const place = series ? ` (${t("visit.seriesPlace", { position: series.position, of: series.of })})` : "";
  return {
    uid: `${appointment.token}@studio-dental`,
    sequence: appointment.sequence ?? 0,
    startsAt: appointment.startsAt,
    endsAt: appointment.endsAt,
    summary: t("visit.ics.summary", { service: what, brand: BRAND, studio: studioName(t, locale, studio) }) + place,
    location: studioLocation(studio, t),
    geo:
      !studio.isVirtual && studio.latitude != null && studio.longitude != null
        ? { lat: studio.latitude, lon: studio.longitude }
        : undefined,
    description: input.cancelled
      ? t("visit.ics.cancelled")
      : `${t("visit.ics.description")}${phone}`,
    organizer: { name: `${BRAND} ${studioName(t, locale, studio)}`, email: addressOf(input.mailFrom) },
    attendeeEmail: input.cancelled ? input.to : undefined,
    relatedTo: series ? seriesUid(series.token) : undefined,
    now,
  };
}
