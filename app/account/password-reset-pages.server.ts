/**
 * A forgotten password (decision 069): /forgot-password emails a reset link, /set-password?token=… sets the new
 * password. Forms read with the kit; the same answer whether the address has an account; no password comes back.
 */
import { json, redirect } from "@remix-run/node";
import { newPasswordProblem, setPasswordFromLink, startReset } from "~/auth/accounts.server";
import { findLink } from "~/auth/codes.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { PASSWORD_MIN } from "~/auth/passwords.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { setPasswordSchema } from "~/auth/schemas.server";
import { getDb } from "~/db/client.server";
import { askEmail } from "./email-ask.server";
import { honeypotProps, readFormPost, rejected, tooMany, validateForm } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { goneLink } from "~/platform/gone-link.server";

export async function forgotPasswordPage(request: Request) {
  const email = (await readFlowEmail(request, "forgotPasswordEmail")) ?? (await readFlowEmail(request, "loginEmail"));
  return json({ email, honeypot: honeypotProps() });
}

export function askResetLink(request: Request, ip: string) {
  return askEmail(request, (email, locale) => startReset(email, ip, locale), async (email) =>
    redirect("/forgot-password/sent", { headers: { "Set-Cookie": await writeFlow(request, { forgotPasswordEmail: email }) } }),
  );
}

async function liveLink(token: string | null | undefined) {
  return token ? findLink(await getDb(), { purpose: "reset", token }) : null;
}

export async function setPasswordPage(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  const link = await liveLink(token);
  if (!link || !token) {
    throw goneLink({
      heading: "common.gone.linkHeading",
      message: "common.gone.passwordLink",
      next: { href: "/forgot-password", label: "common.gone.passwordNext" },
    });
  }
  return json({ token, min: PASSWORD_MIN }, { headers: PRIVATE_PAGE });
}

/** The new password from a live reset link: logged in, on to /set-password/success. */
export async function setPassword(request: Request, ip: string) {
  const { locale, t } = i18nOf(request);
  const LINK_FAILED = t("account.set.linkFailed");
  const { form } = await readFormPost(request);
  // A link that is missing, too long or no longer live says so at the top of the form.
  const result = await validateForm(form, setPasswordSchema, t, undefined, {
    keep: [],
    errors: ({ token, ...found }) => (token ? { ...found, "": [LINK_FAILED] } : found),
  });
  if (!result.ok) return result.response;
  const { token, password } = result.value;
  const link = await liveLink(token);
  if (!link || !token) return rejected({}, { "": [LINK_FAILED] });
  const problem = await newPasswordProblem(password, link.email, locale);
  if (problem) return rejected({}, { password: [problem] });
  let session: string | null;
  try {
    session = await setPasswordFromLink(request, { token, password }, ip);
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, {}, { t });
    throw error;
  }
  if (!session) return rejected({}, { "": [LINK_FAILED] });
  throw redirect("/set-password/success", { headers: { "Set-Cookie": session } });
}
