import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import type { OutgoingEmail } from "~/platform/email.server";
import { recallMonth, recallNoun, type RecallKind } from "~/rules/recall";
import { BRAND } from "~/scheduling/visit-notes";
import { serviceName, studioName } from "~/scheduling/service-names";
import { studioLocation, type EmailStudio } from "~/scheduling/visit-calendar";
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
  /** The visit the recall counts from, YYYY-MM-DD in its studio's zone: why the patient gets this email. */
  visitOn: string;
  service: { code: string; name: string };
  studio: EmailStudio;
  siteOrigin: string;
  /** The booking at the same studio and service (absolute). */
  bookUrl: string;
  /** This email's own unsubscribe page (absolute; its token is the only copy). */
  unsubscribeUrl: string;
  /** The patient row's language (patients.locale); English when absent. */
  locale?: string;
};

/**
 * A recall email (issue 20 B): four weeks ahead, "Your next checkup is due in June 2027"; on the due date, "Your
 * checkup is due". Text and HTML, a Book link to the same studio and service, and a one-click unsubscribe, also
 * as List-Unsubscribe headers (RFC 8058: mail clients POST `List-Unsubscribe=One-Click` to that address).
 */
export function recallEmail(input: Input): OutgoingEmail {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = tFor(locale);
  const service = { code: input.service.code, name: serviceName(t, locale, input.service) };
  const vars = {
    brand: BRAND,
    what: recallNoun(service, t),
    month: recallMonth(input.dueOn, locale),
    service: service.name.toLowerCase(),
    studio: studioName(t, locale, input.studio),
    name: input.forName ?? "",
    visitMonth: recallMonth(input.visitOn, locale),
  };
  const where = studioLocation(input.studio, t);
  // A family member's email names them ("Sam’s next checkup"); the patient's own speaks to them ("your").
  const own = !input.forName;
  const greeting = input.firstName ? t("recall.email.hi", { name: input.firstName }) : t("recall.email.hiThere");
  const soon = input.kind === "due_soon";
  const heading = soon ? t(own ? "recall.email.dueSoon.heading" : "recall.email.dueSoon.headingFor", vars) : t(own ? "recall.email.due.heading" : "recall.email.due.headingFor", vars);
  const lead = soon ? t(own ? "recall.email.dueSoon.lead" : "recall.email.dueSoon.leadFor", vars) : t(own ? "recall.email.due.lead" : "recall.email.due.leadFor", vars);
  const bookLabel = t(own ? "recall.email.book" : "recall.email.bookFor", vars);
  // Why they get it: their (or their family member's) visit, not a wish they never expressed (issue 33 C).
  const why = t(own ? "recall.email.why" : "recall.email.whyFor", vars);
  const text = [
    greeting,
    "",
    lead,
    "",
    t("recall.email.where"),
    where,
    "",
    t("recall.email.bookLine", { label: bookLabel, url: input.bookUrl }),
    "",
    t("recall.email.seeYou"),
    BRAND,
    "",
    "--",
    why,
    t("recall.email.stopLine", { url: input.unsubscribeUrl }),
  ].join("\n");
  const html =
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      createElement(RecallEmailHtml, {
        locale,
        brand: BRAND,
        heading,
        greeting,
        lead,
        whereLabel: t("recall.email.whereLabel"),
        where,
        bookLabel,
        bookUrl: input.bookUrl,
        footer: why,
        stopLabel: t("recall.email.stop"),
        unsubscribeUrl: input.unsubscribeUrl,
      }),
    );
  return {
    to: input.to,
    subject: soon ? t(own ? "recall.email.dueSoon.subject" : "recall.email.dueSoon.subjectFor", vars) : t(own ? "recall.email.due.subject" : "recall.email.due.subjectFor", vars),
    text,
    html,
    // Headers mail clients read, not words: the same in every language.
    headers: { "List-Unsubscribe": `<${input.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
