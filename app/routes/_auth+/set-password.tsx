import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { setPasswordPage, setPassword } from "~/account/password-reset-pages.server";
import { clientIp } from "~/flow/forms.server";
import { authHeaders } from "~/auth/headers";
import { metaT, useT } from "~/i18n/use-t";
import { PasswordField } from "~/ui/form-fields";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.set.metaTitle") }, { name: "robots", content: "noindex" }];
/** The reset link's token is in the URL: never sent on in a Referer, never cached. */
export const headers = authHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => setPasswordPage(request);
export const action = ({ request, context }: ActionFunctionArgs) => setPassword(request, clientIp(context));

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
