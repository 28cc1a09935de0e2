import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { newPasswordProblem, setPasswordFromLink } from "~/auth/accounts.server";
import { findLink } from "~/auth/codes.server";
import { setPasswordSchema } from "~/auth/schemas.server";
import { clientIp, fieldErrors, readFormPost, rejected, tooMany } from "~/flow/forms.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { authHeaders, PRIVATE_PAGE } from "~/auth/headers";
import { PASSWORD_MIN } from "~/auth/passwords.server";
import { getDb } from "~/db/client.server";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, useT } from "~/i18n/use-t";
import { goneLink } from "~/platform/gone-link.server";
import { PasswordField } from "~/ui/form-fields";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.set.metaTitle") }, { name: "robots", content: "noindex" }];
/** The reset link's token is in the URL: never sent on in a Referer, never cached. */
export const headers = authHeaders;

async function liveLink(token: string | null) {
  return token ? findLink(await getDb(), { purpose: "reset", token }) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
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

export async function action({ request, context }: ActionFunctionArgs) {
  const { locale, t } = i18nOf(request);
  const LINK_FAILED = t("account.set.linkFailed");
  const { form } = await readFormPost(request);
  const parsed = setPasswordSchema.safeParse({ token: form.get("token") ?? "", password: form.get("password") });
  if (!parsed.success) return rejected({}, fieldErrors(parsed.error, t));
  const link = await liveLink(parsed.data.token);
  if (!link) return rejected({}, { "": [LINK_FAILED] });
  const problem = await newPasswordProblem(parsed.data.password, link.email, locale);
  if (problem) return rejected({}, { password: [problem] });
  let session: string | null;
  try {
    session = await setPasswordFromLink(request, parsed.data, clientIp(context));
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, {}, { t });
    throw error;
  }
  if (!session) return rejected({}, { "": [LINK_FAILED] });
  throw redirect("/set-password/success", { headers: { "Set-Cookie": session } });
}

export default function SetPassword() {
  const { token, min } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage title={t("account.set.title")} back={null} result={result} submitLabel={t("account.set.submit")} intro={<p className="lead">{t("account.set.lead")}</p>}>
      <input type="hidden" name="token" value={token} />
      <PasswordField
        name="password"
        label={t("account.newPasswordLabel")}
        autoComplete="new-password"
        hint={t("account.newPasswordHint", { min })}
      />
    </StepPage>
  );
}
