/**
 * Confirming a new email address (decision 069): the emailed link shows the question (a mail scanner opening it
 * changes nothing); the form's POST makes the change.
 */
import { json, redirect } from "@remix-run/node";
import { confirmEmailChange } from "~/auth/accounts.server";
import { findLink } from "~/auth/codes.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { RateLimited } from "~/auth/rate-limit.server";
import { changeTokenSchema } from "~/auth/schemas.server";
import { getDb } from "~/db/client.server";
import { readFormPost, rejected, tooMany, validateForm } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { goneLink } from "~/platform/gone-link.server";

export async function emailChangePage(request: Request) {
  const url = new URL(request.url);
  if (url.searchParams.get("changed") === "1") return json({ state: "changed" as const, token: null, email: null }, { headers: PRIVATE_PAGE });
  const token = url.searchParams.get("token");
  const link = token ? await findLink(await getDb(), { purpose: "change_email", token }) : null;
  // The link only shows the question: opening it (a mail scanner does) changes nothing; the POST does.
  if (!link || !token) throw goneLink({ heading: "common.gone.linkHeading", message: "common.gone.emailChange", next: { href: "/profile", label: "common.gone.emailChangeNext" } });
  return json({ state: "confirm" as const, token, email: link.email }, { headers: PRIVATE_PAGE });
}

export async function changeEmail(request: Request, ip: string) {
  const { t } = i18nOf(request);
  const LINK_FAILED = t("account.change.linkFailed");
  const { form } = await readFormPost(request);
  const parsed = await validateForm(form, changeTokenSchema, t, undefined, { keep: [], errors: () => ({ "": [LINK_FAILED] }) });
  if (!parsed.ok) return parsed.response;
  let result;
  try {
    result = await confirmEmailChange(request, parsed.value.token, ip);
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, {}, { t });
    throw error;
  }
  if (result === null) return rejected({}, { "": [LINK_FAILED] });
  if (result === "taken") return rejected({}, { "": [t("account.change.taken")] });
  throw redirect("/confirm-email-change?changed=1", { headers: result.setCookie ? { "Set-Cookie": result.setCookie } : undefined });
}
