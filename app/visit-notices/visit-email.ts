import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
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
import { serviceName, studioName } from "~/scheduling/service-names";
import { appointmentIcs, studioLocation, wordsOf, type EmailStudio, type SeriesPlace } from "~/scheduling/visit-calendar";
import { openingHoursIn } from "~/rules/opening-hours";
import { BRAND, cancellationPolicy, whatToBring } from "~/scheduling/visit-notes";

export type { EmailStudio };

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
    /** The visit's language (appointments.locale): every email and calendar file about it speaks it. */
    locale?: string;
    /** Its place in a series (issue 39): the email and its calendar file say "Visit 3 of 8". */
    series?: SeriesPlace;
  };
  studio: EmailStudio;
  service: { name: string };
  now: Date;
  /** Where the site is (SITE_ORIGIN, read by the caller): links in an email must be absolute. */
  siteOrigin: string;
  /** MAIL_FROM, read by the caller: the calendar event's ORGANIZER is the studio at the address emails come from. */
  mailFrom: string;
};

/**
 * What an email about a visit says (issue 10): booked, moved, cancelled, or a reminder. Every kind but a
 * cancel carries the visit's details, what to bring and the manage link; a cancel carries METHOD:CANCEL.
 */
export type VisitEmailKind =
  | { kind: "booked" }
  | { kind: "rescheduled"; previousStartsAt: Date }
  | { kind: "cancelled"; lateFeeCents: number | null; cardLabel: string | null }
  | { kind: "reminder"; reminder: ReminderKind; intakeOpen: boolean };

const REMINDER_HEADINGS: Record<ReminderKind, string> = {
  "7d": "visit.email.reminder.heading7d",
  "2d": "visit.email.reminder.heading2d",
  "2h": "visit.email.reminder.heading2h",
};

/** The studio as every visit email shows it: its lines in the text part, its card in the HTML part. */
function studioDetails(studio: Input["studio"], t: ReturnType<typeof wordsOf>["t"], locale: string) {
  const phone = studio.phone ? formatPhone(studio.phone) : null;
  const hours = studio.openingHours ? openingHoursIn(studio.openingHours, locale) : "";
  const where = studioLocation(studio, t);
  const lines = [t("visit.email.text.where"), where];
  if (studio.mapUrl && !studio.isVirtual) lines.push(t("visit.email.text.map", { url: studio.mapUrl }));
  if (phone) lines.push(t("visit.email.text.phone", { phone }));
  if (hours) lines.push(t("visit.email.text.hours", { hours }));
  return {
    phone,
    lines,
    card: {
      studio: { name: studioName(t, locale, studio), location: where, isVirtual: studio.isVirtual, mapUrl: studio.mapUrl ?? null, phone, openingHours: hours },
      telHref: studio.phone ? `tel:+1${studio.phone.replace(/\D/g, "").slice(-10)}` : null,
    },
  };
}

export function confirmationEmail(input: Input) {
  return visitEmail(input, { kind: "booked" });
}

export function visitEmail(input: Input, about: VisitEmailKind) {
  const { appointment, studio, service, siteOrigin } = input;
  const { locale, t } = wordsOf(appointment);
  const when = formatLongDateTime(appointment.startsAt, studio.tz, locale);
  const cancelled = about.kind === "cancelled";
  const intakeWanted =
    about.kind === "reminder"
      ? about.intakeOpen
      : about.kind !== "cancelled" && needsIntakeLink(appointment);
  const intake = intakeWanted
    ? siteOrigin + intakeHref(appointment.token, { booked: true })
    : null;
  const visitUrl = `${siteOrigin}/booking/confirmed/${appointment.token}`;
  const details = studioDetails(studio, t, locale);
  const { phone } = details;
  const bring = cancelled ? [] : whatToBring(studio.isVirtual, t);
  const policy = cancellationPolicy(t, locale);
  const fee =
    about.kind === "cancelled" && about.lateFeeCents
      ? formatUsd(about.lateFeeCents, { locale })
      : null;
  const words = { service: serviceName(t, locale, { code: appointment.serviceType, name: service.name }), when, brand: BRAND, studio: studioName(t, locale, studio) };
  const place = appointment.series ? ` ${t("visit.email.seriesVisit", { position: appointment.series.position, of: appointment.series.of })}` : "";
  const copy = {
    booked: {
      heading: input.firstName ? t("visit.email.booked.heading", { name: input.firstName }) : t("visit.email.booked.headingNoName"),
      lead: t("visit.email.booked.lead", words),
    },
    rescheduled: {
      heading: t("visit.email.rescheduled.heading"),
      lead: t("visit.email.rescheduled.lead", words),
    },
    cancelled: {
      heading: t("visit.email.cancelled.heading"),
      lead:
        t("visit.email.cancelled.lead", words) +
        (fee
          ? ` ${t("visit.email.cancelled.fee", {
              fee,
              card: about.kind === "cancelled" && about.cardLabel ? about.cardLabel : t("visit.cardOnFile"),
            })}`
          : ""),
    },
    reminder: {
      heading: t(REMINDER_HEADINGS[about.kind === "reminder" ? about.reminder : "2d"]),
      lead: t("visit.email.reminder.lead", words),
    },
  }[about.kind];
  copy.lead += place;
  const previous =
    about.kind === "rescheduled"
      ? formatLongDateTime(about.previousStartsAt, studio.tz, locale)
      : null;

  const lines = [input.firstName ? t("visit.email.hi", { name: input.firstName }) : t("visit.email.hiThere"), "", copy.lead];
  if (previous) lines.push(t("visit.email.previousText", { previous }));
  lines.push("");
  if (!cancelled) {
    lines.push(...details.lines);
    if (intake) lines.push("", t("visit.email.text.before"), t("visit.email.text.intake"), intake);
    lines.push("", t("visit.email.text.bring"), ...bring.map((b) => `- ${b}`));
    lines.push("", t("visit.email.text.policy"), policy);
    lines.push("", t("visit.email.text.manage", { url: visitUrl }), t("visit.email.text.icsAdds"));
  } else {
    if (phone) lines.push(t("visit.email.text.questions", { phone }));
    lines.push(t("visit.email.text.bookAnother", { url: `${siteOrigin}/booking` }), t("visit.email.text.icsRemoves"));
  }
  lines.push("", t("visit.email.signoff"), BRAND);
  const html =
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      createElement(VisitEmailHtml, {
        t,
        locale,
        brand: BRAND,
        heading: copy.heading,
        lead: previous ? `${copy.lead} ${t("visit.email.previousHtml", { previous })}` : copy.lead,
        serviceName: words.service,
        when,
        cancelled,
        ...details.card,
        intakeUrl: intake,
        visitUrl,
        bookUrl: `${siteOrigin}/booking`,
        bring,
        cancellationPolicy: policy,
      })
    );
  const day = formatLocalDate(appointment.startsAt, studio.tz, locale);
  const time = `${formatLocalTime(
    appointment.startsAt,
    studio.tz,
    locale
  )} ${zoneAbbreviation(appointment.startsAt, studio.tz)}`;
  const subject = t(SUBJECTS[about.kind], { brand: BRAND, service: words.service, day, time });
  return {
    to: input.to,
    subject,
    text: lines.join("\n"),
    html,
    ics: appointmentIcs({ ...input, cancelled }),
  };
}

const SUBJECTS: Record<VisitEmailKind["kind"], string> = {
  booked: "visit.email.subject.booked",
  rescheduled: "visit.email.subject.rescheduled",
  cancelled: "visit.email.subject.cancelled",
  reminder: "visit.email.subject.reminder",
};

/**
 * Two visits booked together (issue 20 A: "book another family member at the same time"): one email to the
 * account holder naming both people, each visit with its own manage, intake and calendar-file links. No calendar
 * part: an iTIP message carries one event (RFC 5546; the standards check holds every file to one VEVENT), and
 * each visit is moved or cancelled on its own later, with its own UID and SEQUENCE (decision 024).
 */
export function pairConfirmationEmail(visits: [Input & { who: string }, Input & { who: string }], greet: string) {
  const [first] = visits;
  const { studio, siteOrigin } = first;
  const { locale, t } = wordsOf(first.appointment);
  const rows = visits.map((v) => ({
    who: v.who,
    serviceName: serviceName(t, locale, { code: v.appointment.serviceType, name: v.service.name }),
    when: formatLongDateTime(v.appointment.startsAt, v.studio.tz, locale),
    visitUrl: `${v.siteOrigin}/booking/confirmed/${v.appointment.token}`,
    calendarUrl: `${v.siteOrigin}/booking/confirmed/${v.appointment.token}/calendar.ics`,
    intakeUrl: needsIntakeLink(v.appointment) ? v.siteOrigin + intakeHref(v.appointment.token, { booked: true }) : null,
  }));
  const details = studioDetails(studio, t, locale);
  const bring = whatToBring(studio.isVirtual, t);
  const policy = cancellationPolicy(t, locale);
  const names = { first: visits[0].who, second: visits[1].who };
  const heading = t("visit.email.pair.heading", names);
  const lead = t("visit.email.pair.lead", { brand: BRAND, studio: studioName(t, locale, studio) });
  const lines = [greet ? t("visit.email.hi", { name: greet }) : t("visit.email.hiThere"), "", `${lead}`, ""];
  for (const row of rows) {
    lines.push(row.who.toLocaleUpperCase(locale), `${row.serviceName}, ${row.when}`, t("visit.email.pair.manage", { url: row.visitUrl }), t("visit.email.pair.calendar", { url: row.calendarUrl }));
    if (row.intakeUrl) lines.push(t("visit.email.pair.intake", { url: row.intakeUrl }));
    lines.push("");
  }
  lines.push(...details.lines);
  lines.push("", t("visit.email.text.bring"), ...bring.map((b) => `- ${b}`));
  lines.push("", t("visit.email.text.policy"), policy, t("visit.email.pair.each"));
  lines.push("", t("visit.email.signoff"), BRAND);
  const html =
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      createElement(VisitEmailHtml, {
        t,
        locale,
        brand: BRAND,
        heading,
        lead,
        serviceName: rows[0].serviceName,
        when: rows[0].when,
        cancelled: false,
        ...details.card,
        intakeUrl: null,
        visitUrl: rows[0].visitUrl,
        bookUrl: `${siteOrigin}/booking`,
        bring,
        cancellationPolicy: policy,
        visits: rows,
      }),
    );
  const day = formatLocalDate(first.appointment.startsAt, studio.tz, locale);
  const time = `${formatLocalTime(first.appointment.startsAt, studio.tz, locale)} ${zoneAbbreviation(first.appointment.startsAt, studio.tz)}`;
  return {
    to: first.to,
    subject: t("visit.email.pair.subject", { brand: BRAND, ...names, day, time }),
    text: lines.join("\n"),
    html,
  };
}

/** A series email's visits, each "3 of 8" with its page and its own link's words (booked or cancelled). */
function seriesRows(
  visits: Input["appointment"][],
  { t, locale, tz, siteOrigin, serviceWords, label }: { t: ReturnType<typeof wordsOf>["t"]; locale: string; tz: string; siteOrigin: string; serviceWords: string; label: string },
) {
  return visits.map((v, i) => {
    const place = t("visit.email.series.place", { position: v.series?.position ?? i + 1, of: v.series?.of ?? visits.length });
    return {
      who: place,
      serviceName: serviceWords,
      when: formatLongDateTime(v.startsAt, tz, locale),
      visitUrl: `${siteOrigin}/booking/confirmed/${v.token}`,
      calendarUrl: `${siteOrigin}/booking/confirmed/${v.token}/calendar.ics`,
      intakeUrl: null,
      manageLabel: t(label, { place }),
    };
  });
}

/**
 * A series booked (issue 39, decision 076): ONE email listing every visit ("1 of 8 — …"), each with its own manage
 * link, and a link to the series' calendar file (one VEVENT per visit). No calendar part: an email's iTIP part is
 * one event (RFC 5546; the standards check holds it to one VEVENT), and each visit is moved or cancelled on its own
 * later with its own UID and SEQUENCE — the series' file is a download, token-protected like the visit's own.
 */
export function seriesConfirmationEmail(input: Omit<Input, "appointment"> & { visits: Input["appointment"][]; seriesToken: string }) {
  const { studio, service, siteOrigin, visits } = input;
  const first = visits[0];
  const { locale, t } = wordsOf(first);
  const count = visits.length;
  const serviceWords = serviceName(t, locale, { code: first.serviceType, name: service.name });
  const calendarUrl = `${siteOrigin}/booking/series/${input.seriesToken}/calendar.ics`;
  const rows = seriesRows(visits, { t, locale, tz: studio.tz, siteOrigin, serviceWords, label: "visit.email.series.manage" });
  const intake = needsIntakeLink(first) ? siteOrigin + intakeHref(first.token, { booked: true }) : null;
  const details = studioDetails(studio, t, locale);
  const bring = whatToBring(studio.isVirtual, t);
  const policy = cancellationPolicy(t, locale);
  const words = { count, service: serviceWords, brand: BRAND, studio: studioName(t, locale, studio) };
  const heading = input.firstName ? t("visit.email.series.heading", { ...words, name: input.firstName }) : t("visit.email.series.headingNoName", words);
  const lead = t("visit.email.series.lead", words);
  const lines = [input.firstName ? t("visit.email.hi", { name: input.firstName }) : t("visit.email.hiThere"), "", lead, ""];
  for (const row of rows) lines.push(`${row.who} — ${row.when}`, `  ${t("visit.email.pair.manage", { url: row.visitUrl })}`);
  lines.push("", t("visit.email.series.calendarText", { count, url: calendarUrl }), "");
  lines.push(...details.lines);
  if (intake) lines.push("", t("visit.email.text.before"), t("visit.email.text.intake"), intake);
  lines.push("", t("visit.email.text.bring"), ...bring.map((b) => `- ${b}`));
  lines.push("", t("visit.email.text.policy"), policy, t("visit.email.series.each"));
  lines.push("", t("visit.email.signoff"), BRAND);
  const html =
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      createElement(VisitEmailHtml, {
        t,
        locale,
        brand: BRAND,
        heading,
        lead,
        serviceName: serviceWords,
        when: rows[0].when,
        cancelled: false,
        ...details.card,
        intakeUrl: intake,
        visitUrl: rows[0].visitUrl,
        bookUrl: `${siteOrigin}/booking`,
        bring,
        cancellationPolicy: policy,
        visits: rows,
        seriesCalendar: { url: calendarUrl, label: t("visit.email.series.calendarHtml", { count }) },
        eachNote: t("visit.email.series.each"),
      }),
    );
  const day = formatLocalDate(first.startsAt, studio.tz, locale);
  const time = `${formatLocalTime(first.startsAt, studio.tz, locale)} ${zoneAbbreviation(first.startsAt, studio.tz)}`;
  return { to: input.to, subject: t("visit.email.series.subject", { ...words, day, time }), text: lines.join("\n"), html };
}

/**
 * Several visits of a series cancelled in one change (issue 39 B, decision 081): ONE email listing them ("3 of 8 —
 * …"), each with its page, and the late-cancel fees' sum when some were inside their window. No calendar part (one
 * VEVENT per iTIP message, as the series' booking email): the patient is told to delete them from their calendar.
 */
export function seriesCancelledEmail(input: Omit<Input, "appointment"> & { visits: Input["appointment"][]; feeCents: number | null; cardLabel: string | null }) {
  const { studio, service, siteOrigin, visits } = input;
  const first = visits[0];
  const { locale, t } = wordsOf(first);
  const count = visits.length;
  const serviceWords = serviceName(t, locale, { code: first.serviceType, name: service.name });
  const rows = seriesRows(visits, { t, locale, tz: studio.tz, siteOrigin, serviceWords, label: "visit.email.seriesCancelled.see" });
  const details = studioDetails(studio, t, locale);
  const words = { count, service: serviceWords, brand: BRAND, studio: studioName(t, locale, studio) };
  const fee = input.feeCents ? t("visit.email.seriesCancelled.fee", { fee: formatUsd(input.feeCents, { locale }), card: input.cardLabel ?? t("visit.cardOnFile") }) : null;
  const heading = t("visit.email.seriesCancelled.heading", words);
  const lead = t("visit.email.seriesCancelled.lead", words);
  const lines = [input.firstName ? t("visit.email.hi", { name: input.firstName }) : t("visit.email.hiThere"), "", lead, ""];
  for (const row of rows) lines.push(`${row.who} — ${row.when}`);
  if (fee) lines.push("", fee);
  lines.push("", t("visit.email.seriesCancelled.calendar"), "", ...details.lines);
  lines.push("", t("visit.email.text.bookAnother", { url: `${siteOrigin}/booking` }), "", t("visit.email.signoff"), BRAND);
  const html =
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      createElement(VisitEmailHtml, {
        t,
        locale,
        brand: BRAND,
        heading,
        lead: fee ? `${lead} ${fee}` : lead,
        serviceName: serviceWords,
        when: rows[0].when,
        cancelled: true,
        ...details.card,
        intakeUrl: null,
        visitUrl: rows[0].visitUrl,
        bookUrl: `${siteOrigin}/booking`,
        bring: [],
        cancellationPolicy: cancellationPolicy(t, locale),
        visits: rows,
        eachNote: t("visit.email.seriesCancelled.calendar"),
      }),
    );
  return { to: input.to, subject: t("visit.email.seriesCancelled.subject", words), text: lines.join("\n"), html };
}
