import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import type { OutgoingEmail } from "~/platform/email.server";
import { BRAND } from "~/platform/brand";

/**
 * The account emails (plain text and HTML), each with the support address. Links are built from
 * SITE_ORIGIN by the caller, never from the request's Host header.
 */
type Common = { to: string; siteOrigin: string; supportEmail: string; /** The reader's language (the request's at send time); English when absent (the console). */ locale?: string };


const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

type Block = { text: string } | { link: string; label: string } | { code: string };

function compose(common: Common, subject: string, blocks: Block[]): OutgoingEmail {
  const locale = common.locale ?? DEFAULT_LOCALE;
  const t = tFor(locale);
  const footer = t("account.email.questions", { email: common.supportEmail });
  const text = [
    t("account.email.hello"),
    "",
    ...blocks.flatMap((b) => ("text" in b ? [b.text, ""] : "link" in b ? [`${b.label}:`, b.link, ""] : [b.code, ""])),
    footer,
    "",
    BRAND,
  ].join("\n");
  const html = [
    // A whole document, as the HTML standard wants and the Nu Html Checker checks: a head with the subject as title.
    `<!doctype html><html lang="${escapeHtml(locale.split("-")[0])}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif;color:#1f2a24;line-height:1.5">`,
    `<p>${escapeHtml(t("account.email.hello"))}</p>`,
    ...blocks.map((b) =>
      "text" in b
        ? `<p>${escapeHtml(b.text)}</p>`
        : "link" in b
          ? `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.label)}</a></p>`
          : `<p style="font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(b.code)}</p>`,
    ),
    `<p>${escapeHtml(footer).replace(escapeHtml(common.supportEmail), `<a href="mailto:${escapeHtml(common.supportEmail)}">${escapeHtml(common.supportEmail)}</a>`)}</p>`,
    `<p>${BRAND}</p></body></html>`,
  ].join("\n");
  return { to: common.to, subject, text, html };
}

const tOf = (common: Common) => tFor(common.locale ?? DEFAULT_LOCALE);

export function verificationEmail(common: Common & { code: string; linkToken: string }) {
  const t = tOf(common);
  return compose(common, t("account.email.verify.subject", { brand: BRAND, code: common.code }), [
    { text: t("account.email.verify.intro") },
    { code: common.code },
    { link: `${common.siteOrigin}/email-verification?token=${common.linkToken}`, label: t("account.email.verify.link") },
    { text: t("account.email.verify.outro") },
  ]);
}

/** The code that confirms "a copy of my data" in place of the password (decision 080). */
export function dataExportCodeEmail(common: Common & { code: string }) {
  const t = tOf(common);
  return compose(common, t("account.email.dataCode.subject", { brand: BRAND, code: common.code }), [
    { text: t("account.email.dataCode.intro") },
    { code: common.code },
    { text: t("account.email.dataCode.outro") },
  ]);
}

export function alreadyRegisteredEmail(common: Common) {
  const t = tOf(common);
  return compose(common, t("account.email.registered.subject", { brand: BRAND }), [
    { text: t("account.email.registered.intro") },
    { link: `${common.siteOrigin}/login`, label: t("account.email.registered.login") },
    { link: `${common.siteOrigin}/forgot-password`, label: t("account.email.registered.forgot") },
    { text: t("account.email.registered.outro") },
  ]);
}

export function resetEmail(common: Common & { linkToken: string }) {
  const t = tOf(common);
  return compose(common, t("account.email.reset.subject", { brand: BRAND }), [
    { text: t("account.email.reset.intro") },
    { link: `${common.siteOrigin}/set-password?token=${common.linkToken}`, label: t("account.email.reset.link") },
    { text: t("account.email.reset.outro") },
  ]);
}

export function passwordChangedEmail(common: Common) {
  const t = tOf(common);
  return compose(common, t("account.email.passwordChanged.subject", { brand: BRAND }), [
    { text: t("account.email.passwordChanged.intro") },
    { text: t("account.email.passwordChanged.outro") },
    { link: `${common.siteOrigin}/forgot-password`, label: t("account.email.reset.link") },
  ]);
}

export function emailChangeEmail(common: Common & { linkToken: string }) {
  const t = tOf(common);
  return compose(common, t("account.email.change.subject", { brand: BRAND }), [
    { text: t("account.email.change.intro") },
    { link: `${common.siteOrigin}/confirm-email-change?token=${common.linkToken}`, label: t("account.email.change.link") },
    { text: t("account.email.change.outro") },
  ]);
}

export function emailChangedNotice(common: Common & { newEmail: string }) {
  const t = tOf(common);
  return compose(common, t("account.email.changed.subject", { brand: BRAND }), [
    { text: t("account.email.changed.intro", { email: common.newEmail }) },
    { text: t("account.email.changed.outro") },
  ]);
}

/** A studio console invitation (issue 18, sent by an admin from /staff/team): the one-time setup link. */
export function staffInviteEmail(common: Common & { link: string; roleLabel: string }) {
  return compose(common, `Your ${BRAND} studio console account`, [
    { text: `You are invited to the ${BRAND} studio console as ${common.roleLabel}.` },
    { link: common.link, label: "Set up your account" },
    { text: "The link works once, for 24 hours. You will choose a password and add the console to an authenticator app on your phone." },
    { text: "If you did not expect this, ignore this email: nothing happens without the link." },
  ]);
}
