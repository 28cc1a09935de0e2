/**
 * Invite a friend (issue 11 C): each patient's personal referral link, with a stable code made the first time
 * they look for it, and sharing it by email through the outbox (rate-limited per patient).
 */
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { consume, RateLimited } from "~/auth/rate-limit.server";
import { getDb } from "~/db/client.server";
import { persons } from "~/db/schema";
import { enqueueEmail } from "~/platform/email.server";
import { getEnv } from "~/platform/env.server";
import type { PopupCampaign } from "~/rules/referral";
import { json } from "@remix-run/node";
import { z } from "zod/v4";
import { requirePatient, type Patient } from "~/auth/sessions.server";
import { readFormPost, tooMany, validateForm } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I: read aloud or typed from a screenshot

function newCode() {
  return "SD" + [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** The patient's referral code: the one kept, or a new one (unique in the database; another try on a clash). */
export async function referralCodeOf(personId: number): Promise<string> {
  const db = await getDb();
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await db.select({ code: persons.referralCode }).from(persons).where(eq(persons.id, personId));
    if (row?.code) return row.code;
    try {
      await db.update(persons).set({ referralCode: newCode() }).where(and(eq(persons.id, personId), isNull(persons.referralCode)));
    } catch {
      // the unique index refused a clash: try another code
    }
  }
  throw new Error("no referral code could be made");
}

/**
 * The link a friend opens: our referral redirect, with the code and the campaign (evergreen: the home page;
 * breezybraces: the Breezy Braces page, through its own redirect).
 */
export function referralLink(code: string, campaign: PopupCampaign = "evergreen") {
  const query = new URLSearchParams({ referralCode: code, utm_source: "friendbuy", utm_medium: "email", utm_campaign: campaign });
  const path = campaign === "breezybraces" ? "/breezy-braces-referral-redirect" : "/referral-redirect";
  return `${getEnv().SITE_ORIGIN}${path}?${query}`;
}

/**
 * Emails the patient's link to a friend, in the sender's language (the request's: the friend's is unknown);
 * false when the patient has shared too many today (10).
 */
export async function shareReferralLink(patient: Patient, friendEmail: string, locale = DEFAULT_LOCALE): Promise<{ sent: true } | { sent: false; retryAfterSeconds: number }> {
  try {
    await consume("invite", String(patient.personId));
  } catch (error) {
    if (error instanceof RateLimited) return { sent: false, retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
  const t = tFor(locale);
  const link = referralLink(await referralCodeOf(patient.personId));
  const firstName = patient.name.trim().split(/\s+/)[0] || t("account.referral.aFriend");
  await enqueueEmail(await getDb(), {
    to: friendEmail,
    subject: t("account.referral.subject", { name: firstName }),
    text: [t("account.referral.intro", { name: firstName }), "", t("account.referral.offer"), link, "", t("account.referral.why")].join("\n"),
  });
  return { sent: true };
}

// Messages are keys: the kit words them in the reader's language.
const inviteSchema = z.object({
  friendEmail: z
    .string("marketing.invite.errors.emailMissing")
    .trim()
    .max(254, "marketing.invite.errors.emailTooLong")
    .toLowerCase()
    .pipe(z.email("marketing.invite.errors.emailInvalid")),
});

/** /invite-a-friend's form: the link emailed to the friend; 400 for a bad address, 429 with `Retry-After` when limited. */
export async function inviteAction(request: Request) {
  const patient = await requirePatient(request);
  const { locale, t } = i18nOf(request);
  const { form } = await readFormPost(request);
  const result = await validateForm(form, inviteSchema, t);
  if (!result.ok) return result.response;
  const { friendEmail } = result.value;
  const shared = await shareReferralLink(patient, friendEmail, locale);
  if (!shared.sent) return tooMany(shared, { friendEmail }, { t, message: "marketing.invite.errors.tooMany" });
  // `sentId`: a fresh form after each send (with JavaScript the page stays, so the field would keep the address).
  return json({ initialValue: null, sentTo: friendEmail, sentId: crypto.randomUUID() });
}
