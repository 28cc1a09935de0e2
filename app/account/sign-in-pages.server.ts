/**
 * Logging in (decision 069): /login asks the address, /login/password the password. Forms read with the kit; known
 * or not, an address leads to the password page (nothing tells whether it has an account); no password comes back.
 */
import { json, redirect } from "@remix-run/node";
import { countAuthPost, logIn } from "~/auth/accounts.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { emailSchema, passwordSchema } from "~/auth/schemas.server";
import { getPatient } from "~/auth/sessions.server";
import { honeypotProps, readFormPost, rejected, spamAnswer, textValues, tooMany, validateForm } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { safeRedirect } from "~/platform/safe-redirect";

/** Where to go after logging in: a same-site path (platform/safe-redirect), kept in the query. */
const target = (url: URL, form?: FormData) => safeRedirect(form?.get("redirectTo") ?? url.searchParams.get("redirectTo"), "/");
const withTarget = (path: string, to: string) => (to === "/" ? path : `${path}?${new URLSearchParams({ redirectTo: to })}`);

export async function loginPage(request: Request) {
  const to = target(new URL(request.url));
  if (await getPatient(request)) throw redirect(to);
  return json({ email: await readFlowEmail(request, "loginEmail"), redirectTo: to, honeypot: honeypotProps() });
}

export async function askLoginEmail(request: Request, ip: string) {
  const { t } = i18nOf(request);
  const { form, spam } = await readFormPost(request, { publicForm: true });
  if (spam) return spamAnswer(t);
  const result = await validateForm(form, emailSchema, t, undefined, { keep: ["email"] });
  if (!result.ok) return result.response;
  try {
    await countAuthPost(ip);
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, textValues(form, ["email"]), { t });
    throw error;
  }
  // Known or not, the next page is the password page: nothing tells whether the address has an account.
  const cookie = await writeFlow(request, { loginEmail: result.value.email });
  throw redirect(withTarget("/login/password", target(new URL(request.url), form)), { headers: { "Set-Cookie": cookie } });
}

async function loginEmail(request: Request, to: string) {
  const email = await readFlowEmail(request, "loginEmail");
  if (!email) throw redirect(withTarget("/login", to));
  return email;
}

export async function passwordPage(request: Request) {
  const to = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  return json({ email: await loginEmail(request, to), redirectTo: to });
}

export async function logInWithPassword(request: Request, ip: string) {
  const { t } = i18nOf(request);
  const { form } = await readFormPost(request);
  const to = safeRedirect(form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"), "/");
  const email = await loginEmail(request, to);
  const result = await validateForm(form, passwordSchema, t, undefined, { keep: [] });
  if (!result.ok) return result.response;
  let session: string | null;
  try {
    session = await logIn(request, { email, password: result.value.password }, ip);
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, {}, { t });
    throw error;
  }
  if (!session) return rejected({}, { password: [t("account.password.wrong")] });
  const headers = new Headers();
  headers.append("Set-Cookie", session);
  headers.append("Set-Cookie", await writeFlow(request, { loginEmail: null }));
  throw redirect(to, { headers });
}
