import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { signupPage, askSignupEmail } from "~/account/sign-up-pages.server";
import { clientIp } from "~/flow/forms.server";
import { authHeaders } from "~/auth/headers";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { Honeypot } from "~/ui/account";
import { TextField } from "~/ui/form";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("account.signup.metaTitle") }, { name: "description", content: t("account.signup.metaDescription") }];
};
export const headers = authHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => signupPage(request);
export const action = ({ request, context }: ActionFunctionArgs) => askSignupEmail(request, clientIp(context));

export default function Signup() {
  const { email, honeypot } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={t("account.signup.title")}
      back={null}
      result={result}
      values={{ email }}
      submitLabel={t("account.signup.submit")}
      intro={<p className="lead">{t("account.signup.lead")}</p>}
      after={
        <p>
          <Trans k="account.signup.haveAccount" tags={{ login: <Link to="/login" /> }} />
        </p>
      }
    >
      <Honeypot props={honeypot} />
      <TextField name="email" label={t("account.emailLabel")} type="email" autoComplete="email" inputMode="email" />
    </StepPage>
  );
}
