/**
 * Signing up (decision 069): /signup asks the address, /email-verification the emailed code (or the link's token),
 * /signup/create the name and password. Forms read with the kit; a known address gets the same answer (its owner is
 * emailed instead); no password comes back.
 */
import { json, redirect } from "@remix-run/node";
import { createAccount, EmailTaken, newPasswordProblem, startSignup, verifySignup } from "~/auth/accounts.server";
import { findLink } from "~/auth/codes.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { PASSWORD_MIN } from "~/auth/passwords.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { codeSchema, newAccountSchema, tokenSchema } from "~/auth/schemas.server";
import { getPatient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { askEmail } from "./email-ask.server";
import { honeypotProps, readFormPost, rejected, textValues, tooMany, validateForm } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { goneLink } from "~/platform/gone-link.server";

export async function signupPage(request: Request) {
  if (await getPatient(request)) throw redirect("/");
  return json({ email: await readFlowEmail(request, "signupEmail"), honeypot: honeypotProps() });
}

export function askSignupEmail(request: Request, ip: string) {
  // A known address gets a "you already have an account" email instead, and the same page.
  return askEmail(request, (email, locale) => startSignup(email, ip, locale), async (email) =>
    redirect("/email-verification", { headers: { "Set-Cookie": await writeFlow(request, { signupEmail: email, verificationEmail: email }) } }),
  );
}

export async function verificationPage(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  // The link only fills in the form: mail scanners that open links cannot use it up (the POST does).
  if (token) {
    if (!(await findLink(await getDb(), { purpose: "signup", token }))) {
      throw goneLink({ heading: "common.gone.linkHeading", message: "common.gone.verification", next: { href: "/signup", label: "common.gone.verificationNext" } });
    }
    return json({ token, email: null }, { headers: PRIVATE_PAGE });
  }
  const email = await readFlowEmail(request, "verificationEmail");
  if (!email) throw redirect("/signup");
  return json({ token: null, email }, { headers: PRIVATE_PAGE });
}

const MESSAGES = {
  wrong: "account.verify.wrong",
  expired: "account.verify.expired",
  "too-many-tries": "account.verify.tooManyTries",
} as const;

async function flowEmail(request: Request) {
  const email = await readFlowEmail(request, "verificationEmail");
  if (!email) throw redirect("/signup");
  return email;
}

/** The code typed in (or the link's token posted): the verified address goes on to /signup/create; or "resend". */
export async function verifyEmail(request: Request, ip: string) {
  const { locale, t } = i18nOf(request);
  const LINK_FAILED = t("account.verify.linkFailed");
  const { form } = await readFormPost(request);
  const values = textValues(form, ["code"]);
  try {
    if (form.get("intent") === "resend") {
      await startSignup(await flowEmail(request), ip, locale);
      return json({ status: "success" as const, initialValue: {}, error: null, resent: true });
    }
    let check;
    if (form.has("token")) {
      const result = await validateForm(form, tokenSchema, t, undefined, { keep: [], errors: () => ({ "": [LINK_FAILED] }) });
      if (!result.ok) return result.response;
      check = await verifySignup({ token: result.value.token }, ip);
      if (!check.ok) return rejected({}, { "": [LINK_FAILED] });
    } else {
      const email = await flowEmail(request);
      const result = await validateForm(form, codeSchema, t, undefined, { keep: ["code"] });
      if (!result.ok) return result.response;
      check = await verifySignup({ email, code: result.value.code }, ip);
      if (!check.ok) return rejected(values, { code: [t(MESSAGES[check.reason])] });
    }
    const cookie = await writeFlow(request, { verifiedSignupEmail: check.email, verificationEmail: null, signupEmail: null });
    throw redirect("/signup/create", { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, values, { t });
    throw error;
  }
}

async function verifiedEmail(request: Request) {
  const email = await readFlowEmail(request, "verifiedSignupEmail");
  if (!email) throw redirect("/signup");
  return email;
}

export async function createAccountPage(request: Request) {
  return json({ email: await verifiedEmail(request), min: PASSWORD_MIN });
}

/** The account made (name and password) for the verified address: logged in, on to /signup/complete. */
export async function createAccountFromSignup(request: Request) {
  const email = await verifiedEmail(request);
  const { locale, t } = i18nOf(request);
  const { form } = await readFormPost(request);
  const values = textValues(form, ["name"]);
  const result = await validateForm(form, newAccountSchema, t, async ({ name, password }) => {
    const problem = await newPasswordProblem(password, email, locale);
    return problem ? { fieldErrors: { password: [problem] } } : { name, password };
  }, { keep: ["name"] });
  if (!result.ok) return result.response;
  let session: string;
  try {
    session = await createAccount(request, { email, ...result.value });
  } catch (error) {
    if (error instanceof EmailTaken) return rejected(values, { "": [t("account.create.taken")] });
    throw error;
  }
  const headers = new Headers();
  headers.append("Set-Cookie", session);
  headers.append("Set-Cookie", await writeFlow(request, { verifiedSignupEmail: null }));
  throw redirect("/signup/complete", { headers });
}
