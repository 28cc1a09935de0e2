/**
 * The waitlist's emails (decision 022): "you're on the waitlist" and "a time for you" (the claim link). Each carries
 * the leave link, in the text and in the footer of the HTML.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { OutgoingEmail } from "~/platform/email.server";
import { formatCalendarDate, formatLocalDate, formatLocalTime, formatLongDateTime, zoneAbbreviation } from "~/rules/zoned-time";
import { BRAND } from "~/scheduling/visit-notes";
import { WaitlistEmailHtml, type WaitlistEmailProps } from "./email-html";

type Place = { studio: { name: string }; service: { name: string } };

function render(props: Omit<WaitlistEmailProps, "brand">) {
  return "<!DOCTYPE html>" + renderToStaticMarkup(createElement(WaitlistEmailHtml, { brand: BRAND, ...props }));
}

export const daysLabel = (firstDay: string, lastDay: string) =>
  firstDay === lastDay ? formatCalendarDate(firstDay) : `${formatCalendarDate(firstDay)} to ${formatCalendarDate(lastDay)}`;

export function joinedEmail(input: Place & { to: string; firstDay: string; lastDay: string; parts: string; leaveUrl: string }): OutgoingEmail {
  const days = daysLabel(input.firstDay, input.lastDay);
  const lead = `We’ll email you when a time for your ${input.service.name} at ${BRAND} ${input.studio.name} frees up: ${days}, ${input.parts}.`;
  const after = "The first patient to claim a freed time gets it. Booking that visit another way takes you off the list.";
  return {
    to: input.to,
    subject: `${BRAND}: you are on the waitlist for ${input.service.name}`,
    text: ["Hi there,", "", lead, after, "", `Leave the waitlist: ${input.leaveUrl}`, "", "See you soon,", BRAND].join("\n"),
    html: render({
      heading: "You’re on the waitlist",
      lead,
      rows: [
        { label: "Visit", value: input.service.name },
        { label: "Studio", value: input.studio.name },
        { label: "Days", value: days },
        { label: "Times", value: input.parts },
      ],
      button: null,
      after,
      leaveUrl: input.leaveUrl,
    }),
  };
}

export function offerEmail(input: Place & { to: string; startsAt: Date; tz: string; claimUrl: string; leaveUrl: string }): OutgoingEmail {
  const when = formatLongDateTime(input.startsAt, input.tz);
  const lead = `A time you were waiting for is free: ${input.service.name} on ${when} at ${BRAND} ${input.studio.name}.`;
  const after = "We sent this to a few patients on the waitlist: the first to claim it gets it. If it’s gone, you stay on the list.";
  const time = `${formatLocalTime(input.startsAt, input.tz)} ${zoneAbbreviation(input.startsAt, input.tz)}`;
  return {
    to: input.to,
    subject: `${BRAND}: a time for your ${input.service.name} on ${formatLocalDate(input.startsAt, input.tz)} at ${time}`,
    text: ["Hi there,", "", lead, after, "", `Claim this time: ${input.claimUrl}`, "", `Leave the waitlist: ${input.leaveUrl}`, "", "See you soon,", BRAND].join("\n"),
    html: render({
      heading: "A time for you",
      lead,
      rows: [
        { label: "When", value: when },
        { label: "Visit", value: input.service.name },
        { label: "Studio", value: input.studio.name },
      ],
      button: { href: input.claimUrl, label: "Claim this time" },
      after,
      leaveUrl: input.leaveUrl,
    }),
  };
}
