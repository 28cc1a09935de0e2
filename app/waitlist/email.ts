/**
 * The waitlist's emails (decision 022): "you're on the waitlist" and "a time for you" (the claim link). Each carries
 * the leave link, in the text and in the footer of the HTML. Worded in the entry's stored language (decision 027).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import type { OutgoingEmail } from "~/platform/email.server";
import { formatCalendarDate, formatLocalDate, formatLocalTime, formatLongDateTime, zoneAbbreviation } from "~/rules/zoned-time";
import { BRAND } from "~/scheduling/visit-notes";
import { serviceName, studioName } from "~/scheduling/service-names";
import { WaitlistEmailHtml, type WaitlistEmailProps } from "./email-html";

type Place = { studio: { slug: string; name: string }; service: { code: string; name: string }; locale?: string };

function render(props: Omit<WaitlistEmailProps, "brand">) {
  return "<!DOCTYPE html>" + renderToStaticMarkup(createElement(WaitlistEmailHtml, { brand: BRAND, ...props }));
}

export const daysLabel = (firstDay: string, lastDay: string, locale = DEFAULT_LOCALE) =>
  firstDay === lastDay
    ? formatCalendarDate(firstDay, locale)
    : tFor(locale)("waitlist.days.range", { first: formatCalendarDate(firstDay, locale), last: formatCalendarDate(lastDay, locale) });

export function joinedEmail(input: Place & { to: string; firstDay: string; lastDay: string; parts: string; leaveUrl: string }): OutgoingEmail {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = tFor(locale);
  const service = serviceName(t, locale, input.service);
  const days = daysLabel(input.firstDay, input.lastDay, locale);
  const lead = t("waitlist.email.joined.lead", { service: service, brand: BRAND, studio: studioName(t, locale, input.studio), days, parts: input.parts });
  const after = t("waitlist.email.joined.after");
  return {
    to: input.to,
    subject: t("waitlist.email.joined.subject", { brand: BRAND, service: service }),
    text: [t("waitlist.email.hi"), "", lead, after, "", t("waitlist.email.leaveLine", { url: input.leaveUrl }), "", t("waitlist.email.seeYou"), BRAND].join("\n"),
    html: render({
      locale,
      heading: t("waitlist.email.joined.heading"),
      lead,
      rows: [
        { label: t("waitlist.email.rows.visit"), value: service },
        { label: t("waitlist.email.rows.studio"), value: studioName(t, locale, input.studio) },
        { label: t("waitlist.email.rows.days"), value: days },
        { label: t("waitlist.email.rows.times"), value: input.parts },
      ],
      button: null,
      after,
      footer: t("waitlist.email.footer"),
      leaveLabel: t("waitlist.email.leave"),
      leaveUrl: input.leaveUrl,
    }),
  };
}

export function offerEmail(input: Place & { to: string; startsAt: Date; tz: string; claimUrl: string; leaveUrl: string }): OutgoingEmail {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = tFor(locale);
  const service = serviceName(t, locale, input.service);
  const when = formatLongDateTime(input.startsAt, input.tz, locale);
  const lead = t("waitlist.email.offer.lead", { service: service, when, brand: BRAND, studio: studioName(t, locale, input.studio) });
  const after = t("waitlist.email.offer.after");
  const time = `${formatLocalTime(input.startsAt, input.tz, locale)} ${zoneAbbreviation(input.startsAt, input.tz)}`;
  return {
    to: input.to,
    subject: t("waitlist.email.offer.subject", { brand: BRAND, service: service, date: formatLocalDate(input.startsAt, input.tz, locale), time }),
    text: [t("waitlist.email.hi"), "", lead, after, "", t("waitlist.email.claimLine", { url: input.claimUrl }), "", t("waitlist.email.leaveLine", { url: input.leaveUrl }), "", t("waitlist.email.seeYou"), BRAND].join("\n"),
    html: render({
      locale,
      heading: t("waitlist.email.offer.heading"),
      lead,
      rows: [
        { label: t("waitlist.email.rows.when"), value: when },
        { label: t("waitlist.email.rows.visit"), value: service },
        { label: t("waitlist.email.rows.studio"), value: studioName(t, locale, input.studio) },
      ],
      button: { href: input.claimUrl, label: t("waitlist.email.offer.claim") },
      after,
      footer: t("waitlist.email.footer"),
      leaveLabel: t("waitlist.email.leave"),
      leaveUrl: input.leaveUrl,
    }),
  };
}
