import type { OutgoingEmail } from "~/platform/email.server";

/**
 * The account emails (plain text and HTML), each with the support address. Links are built from
 * SITE_ORIGIN by the caller, never from the request's Host header.
 */
type Common = { to: string; siteOrigin: string; supportEmail: string };

const BRAND = "Studio Dental";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

type Block = { text: string } | { link: string; label: string } | { code: string };

function compose(common: Common, subject: string, blocks: Block[]): OutgoingEmail {
  const footer = `Questions? Write to ${common.supportEmail}.`;
  const text = [
    "Hello,",
    "",
    ...blocks.flatMap((b) => ("text" in b ? [b.text, ""] : "link" in b ? [`${b.label}:`, b.link, ""] : [b.code, ""])),
    footer,
    "",
    BRAND,
  ].join("\n");
  const html = [
    // A whole document, as the HTML standard wants and the Nu Html Checker checks: a head with the subject as title.
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif;color:#1f2a24;line-height:1.5">`,
    `<p>Hello,</p>`,
    ...blocks.map((b) =>
      "text" in b
        ? `<p>${escapeHtml(b.text)}</p>`
        : "link" in b
          ? `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.label)}</a></p>`
          : `<p style="font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(b.code)}</p>`,
    ),
    `<p>Questions? Write to <a href="mailto:${escapeHtml(common.supportEmail)}">${escapeHtml(common.supportEmail)}</a>.</p>`,
    `<p>${BRAND}</p></body></html>`,
  ].join("\n");
  return { to: common.to, subject, text, html };
}

export function verificationEmail(common: Common & { code: string; linkToken: string }) {
  return compose(common, `Your ${BRAND} code: ${common.code}`, [
    { text: "Enter this code to confirm your email address and create your account:" },
    { code: common.code },
    { link: `${common.siteOrigin}/email-verification?token=${common.linkToken}`, label: "Or open this link to confirm" },
    { text: "The code works for 10 minutes. If you did not ask for an account, ignore this email." },
  ]);
}

export function alreadyRegisteredEmail(common: Common) {
  return compose(common, `You already have a ${BRAND} account`, [
    { text: "Someone (probably you) tried to sign up with this email address, but it already has an account." },
    { link: `${common.siteOrigin}/login`, label: "Log in" },
    { link: `${common.siteOrigin}/forgot-password`, label: "Forgot your password? Set a new one" },
    { text: "If this was not you, you can ignore this email: nothing has changed." },
  ]);
}

export function resetEmail(common: Common & { linkToken: string }) {
  return compose(common, `Set a new ${BRAND} password`, [
    { text: "Open this link to set a new password. It works once, for 10 minutes." },
    { link: `${common.siteOrigin}/set-password?token=${common.linkToken}`, label: "Set a new password" },
    { text: "If you did not ask for this, ignore this email: your password stays as it is." },
  ]);
}

export function passwordChangedEmail(common: Common) {
  return compose(common, `Your ${BRAND} password was changed`, [
    { text: "Your password was just changed, and every other device was logged out." },
    { text: "If this was not you, set a new password straight away and tell us." },
    { link: `${common.siteOrigin}/forgot-password`, label: "Set a new password" },
  ]);
}

export function emailChangeEmail(common: Common & { linkToken: string }) {
  return compose(common, `Confirm your new ${BRAND} email address`, [
    { text: "Open this link to use this address for your account. It works once, for 10 minutes." },
    { link: `${common.siteOrigin}/confirm-email-change?token=${common.linkToken}`, label: "Confirm this email address" },
    { text: "If you did not ask for this, ignore this email." },
  ]);
}

export function emailChangedNotice(common: Common & { newEmail: string }) {
  return compose(common, `Your ${BRAND} email address was changed`, [
    { text: `Your account now uses ${common.newEmail}. Emails about your account and visits go there.` },
    { text: "If this was not you, write to us straight away." },
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
