import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { forgotPasswordPage, askResetLink } from "~/account/password-reset-pages.server";
import { clientIp } from "~/flow/forms.server";
import { authHeaders } from "~/auth/headers";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { Honeypot } from "~/ui/account";
import { TextField } from "~/ui/form";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("account.forgot.metaTitle") }, { name: "description", content: t("account.forgot.metaDescription") }];
};
export const headers = authHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => forgotPasswordPage(request);
export const action = ({ request, context }: ActionFunctionArgs) => askResetLink(request, clientIp(context));

export default function ForgotPassword() {
  const { email, honeypot } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={t("account.forgot.title")}
      back="/login"
      result={result}
      values={{ email }}
      submitLabel={t("account.forgot.submit")}
      intro={<p className="lead">{t("account.forgot.lead")}</p>}
      after={
        <p>
          <Trans k="account.forgot.noAccount" tags={{ signup: <Link to="/signup" /> }} />
        </p>
      }
    >
      <Honeypot props={honeypot} />
      <TextField name="email" label={t("account.emailLabel")} type="email" autoComplete="email" inputMode="email" />
    </StepPage>
  );
}
