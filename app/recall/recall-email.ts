import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { OutgoingEmail } from "~/platform/email.server";
import { recallMonth, recallNoun, type RecallKind } from "~/rules/recall";
import { BRAND } from "~/scheduling/visit-notes";
import { studioLocation, type EmailStudio } from "~/scheduling/visit-email";
import { RecallEmailHtml } from "./recall-email-html";

type Input = {
  to: string;
  /** The greeting's name: the patient's own, or "" for a family member's recall (it reaches the account holder). */
  firstName: string;
  /** A family member's first name (issue 20 A): the email is about them, sent to the account holder. */
  forName?: string;
  kind: RecallKind;
  /** The due date, YYYY-MM-DD. */
  dueOn: string;
  service: { code: string; name: string };
  studio: EmailStudio;
  siteOrigin: string;
  /** The booking at the same studio and service (absolute). */
  bookUrl: string;
  /** This email's own unsubscribe page (absolute; its token is the only copy). */
  unsubscribeUrl: string;
};

/**
 * A recall email (issue 20 B): four weeks ahead, "Your next checkup is due in June 2027"; on the due date, "Your
 * checkup is due". Text and HTML, a Book link to the same studio and service, and a one-click unsubscribe, also
 * as List-Unsubscribe headers (RFC 8058: mail clients POST `List-Unsubscribe=One-Click` to that address).
 */
export function recallEmail(input: Input): OutgoingEmail {
  const what = recallNoun(input.service);
  const month = recallMonth(input.dueOn);
  const where = studioLocation(input.studio);
  const name = input.firstName || "there";
  const whose = input.forName ? `${input.forName}’s` : "your";
  const Whose = input.forName ? whose : "Your";
  const heading = input.kind === "due_soon" ? `${Whose} next ${what} is due in ${month}` : `${Whose} ${what} is due`;
  const lead =
    input.kind === "due_soon"
      ? `It’s almost time for ${whose} next ${input.service.name.toLowerCase()} at ${BRAND} ${input.studio.name}. Book a time that suits you now, while there’s plenty of choice.`
      : `${Whose} next ${input.service.name.toLowerCase()} at ${BRAND} ${input.studio.name} is due this month, and we don’t see a visit booked yet.`;
  const text = [
    `Hi ${name},`,
    "",
    lead,
    "",
    "WHERE",
    where,
    "",
    `Book ${whose} ${what}: ${input.bookUrl}`,
    "",
    "See you soon,",
    BRAND,
    "",
    "--",
    "You get this email because you had a visit with us and asked to hear when the next one is due.",
    `Stop these reminders: ${input.unsubscribeUrl}`,
  ].join("\n");
  const html =
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      createElement(RecallEmailHtml, { brand: BRAND, heading, greeting: `Hi ${name},`, lead, where, bookLabel: `Book ${whose} ${what}`, bookUrl: input.bookUrl, unsubscribeUrl: input.unsubscribeUrl }),
    );
  return {
    to: input.to,
    subject: input.kind === "due_soon" ? `${BRAND}: ${whose} next ${what} is due in ${month}` : `${BRAND}: ${whose} ${what} is due`,
    text,
    html,
    headers: { "List-Unsubscribe": `<${input.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
