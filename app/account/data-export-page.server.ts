/**
 * `/profile/data` and `/profile/data/<token>` (issue 41 A, decision 080): "Download my data". The password again —
 * or a code emailed to the account's address, for an account without a password or a patient who forgot it — then a
 * one-time link (15 minutes, used once, only its token's hash stored) to the ZIP of `exportZip`. 5 links a day per
 * account; the request and the download are audit lines. The link opens only for the account that asked: anyone
 * else, an unknown, used or expired token — the same 404.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { codeAgain, passwordAgain, sendCodeAgain } from "~/auth/accounts.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { assertNotLimited, consume, RateLimited } from "~/auth/rate-limit.server";
import { codeSchema, passwordField } from "~/auth/schemas.server";
import { requirePatient, type Patient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { dataExports, persons } from "~/db/schema";
import { clientIp, readFormPost, tooMany, validateForm } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import type { T } from "~/i18n/translate";
import { appendAudit } from "~/platform/audit.server";
import { marketTimezone } from "~/rules/markets";
import { formatLocalTime } from "~/rules/zoned-time";
import { exportZip } from "./data-export.server";

/** How long a download link works. */
export const LINK_TTL_MS = 15 * 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

async function hasPassword(personId: number) {
  const [person] = await (await getDb()).select({ passwordHash: persons.passwordHash }).from(persons).where(eq(persons.id, personId));
  return Boolean(person?.passwordHash);
}

export async function dataPage(request: Request) {
  const patient = await requirePatient(request);
  const codeSent = new URL(request.url).searchParams.get("code") === "sent";
  return json({ hasPassword: await hasPassword(patient.personId), codeSent }, { headers: PRIVATE_PAGE });
}

/** A new one-time link, counted against the day's 5; the request's audit line. Throws RateLimited when over. */
export async function issueExportLink(patient: Patient, via: "password" | "code", now = new Date()) {
  await consume("dataExport", String(patient.personId));
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(dataExports).values({ personId: patient.personId, tokenHash: hashToken(token), confirmedVia: via, expiresAt, createdAt: now }).returning({ id: dataExports.id });
    await appendAudit(tx, { actor: "patient", action: "data_export.requested", after: { personId: patient.personId, exportId: row.id, confirmedVia: via }, at: now });
  });
  return { href: `/profile/data/${token}`, expiresAt };
}

const passwordSchema = z.object({ password: passwordField });
const CODE_MESSAGES = { wrong: "account.verify.wrong", expired: "account.verify.expired", "too-many-tries": "account.verify.tooManyTries" } as const;

const linkShown = (link: { href: string; expiresAt: Date }, t: T, locale: string) => ({ href: link.href, until: t("account.data.ready", { time: formatLocalTime(link.expiresAt, marketTimezone(null), locale) }) });

/**
 * Its posts: `sendCode` (a code to the account's address, then the page with the code's field), `code` (the code
 * typed), or the password. A wrong password or code is a 400 beside the field (the password limited like sign-in);
 * over the day's links or the email limit: 429 with Retry-After and the page again.
 */
export async function dataAction(request: Request, context: { clientIp?: unknown }) {
  const patient = await requirePatient(request);
  const { t, locale } = i18nOf(request);
  const { form } = await readFormPost(request);
  const ip = clientIp(context);
  const intent = form.get("intent") === "sendCode" ? "sendCode" : form.get("intent") === "code" ? "code" : "password";
  const withPassword = await hasPassword(patient.personId);
  try {
    if (intent === "sendCode") {
      await sendCodeAgain(patient, ip, locale);
      return redirect("/profile/data?code=sent", { status: 303, headers: PRIVATE_PAGE });
    }
    await assertNotLimited("dataExport", String(patient.personId));
    if (intent === "code") {
      const result = await validateForm(form, codeSchema, t, async ({ code }) => {
        const check = await codeAgain(patient, code, ip);
        return check.ok ? { ok: true } : { fieldErrors: { code: [CODE_MESSAGES[check.reason]] } };
      }, { intent, keep: [], headers: PRIVATE_PAGE });
      if (!result.ok) return result.response;
    } else {
      if (!withPassword) return redirect("/profile/data", { status: 303, headers: PRIVATE_PAGE });
      const result = await validateForm(form, passwordSchema, t, async ({ password }) => ((await passwordAgain(patient, password, ip)) ? { ok: true } : { fieldErrors: { password: ["account.errors.passwordNotRight"] } }), { intent, keep: [], headers: PRIVATE_PAGE });
      if (!result.ok) return result.response;
    }
    const link = await issueExportLink(patient, intent === "code" ? "code" : "password");
    return json({ intent, status: "success" as const, link: linkShown(link, t, locale) }, { headers: PRIVATE_PAGE });
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, {}, { t, intent, headers: PRIVATE_PAGE, message: intent === "sendCode" ? "account.errors.tooMany" : "account.data.tooMany" });
    throw error;
  }
}

/** The same answer for every link that does not open (unknown, used, expired, another account's): the site's 404. */
function gone(t: T, lang: string) {
  const body = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t("account.data.gone.title")}</title></head><body><main><h1>${t("account.data.gone.title")}</h1><p>${t("account.data.gone.body")}</p><p><a href="/profile/data">${t("account.data.gone.again")}</a></p></main></body></html>`;
  return new Response(body, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8", ...PRIVATE_PAGE } });
}

/**
 * The download: the link is claimed by the one request that sets `used_at` (a second, a stale or someone else's
 * gets the 404), audited, and the ZIP streamed. A download cut off half-way used the link: ask for a new one.
 */
export async function downloadExport(request: Request, token: string | undefined, now = new Date()) {
  const patient = await requirePatient(request);
  const { t, locale } = i18nOf(request);
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return gone(t, locale.slice(0, 2));
  const db = await getDb();
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(dataExports)
      .set({ usedAt: now })
      .where(and(eq(dataExports.tokenHash, hashToken(token)), eq(dataExports.personId, patient.personId), isNull(dataExports.usedAt), gt(dataExports.expiresAt, now)))
      .returning({ id: dataExports.id });
    if (row) await appendAudit(tx, { actor: "patient", action: "data_export.downloaded", after: { personId: patient.personId, exportId: row.id }, at: now });
    return row;
  });
  if (!claimed) return gone(t, locale.slice(0, 2));
  const day = now.toISOString().slice(0, 10);
  return new Response(exportZip(db, patient.personId, now), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="my-data-${day}.zip"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}
