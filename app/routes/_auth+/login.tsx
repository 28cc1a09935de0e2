import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { loginPage, askLoginEmail } from "~/account/sign-in-pages.server";
import { clientIp } from "~/flow/forms.server";
import { authHeaders } from "~/auth/headers";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { Honeypot } from "~/ui/account";
import { TextField } from "~/ui/form";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("account.login.metaTitle") }, { name: "description", content: t("account.login.metaDescription") }];
};
export const headers = authHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => loginPage(request);
export const action = ({ request, context }: ActionFunctionArgs) => askLoginEmail(request, clientIp(context));

export default function Login() {
  const { email, redirectTo, honeypot } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={t("account.login.title")}
      back={null}
      result={result}
      values={{ email }}
      submitLabel={t("account.login.submit")}
      intro={<p className="lead">{t("account.login.lead")}</p>}
      after={
        <>
          <p>
            <Link to="/forgot-password">{t("account.forgotLink")}</Link>
          </p>
          <p>
            <Trans k="account.login.newHere" tags={{ signup: <Link to="/signup" /> }} />
          </p>
        </>
      }
    >
      <Honeypot props={honeypot} />
      {redirectTo !== "/" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <TextField name="email" label={t("account.emailLabel")} type="email" autoComplete="username" inputMode="email" />
    </StepPage>
  );
}
