import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { passwordPage, logInWithPassword } from "~/account/sign-in-pages.server";
import { clientIp } from "~/flow/forms.server";
import { authHeaders } from "~/auth/headers";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { PasswordField } from "~/ui/form-fields";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.password.metaTitle") }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => passwordPage(request);
export const action = ({ request, context }: ActionFunctionArgs) => logInWithPassword(request, clientIp(context));

export default function LoginPassword() {
  const { email, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={t("account.password.title")}
      back={redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`}
      result={result}
      submitLabel={t("account.password.submit")}
      intro={
        <p className="lead">
          <Trans k="account.password.lead" vars={{ email }} tags={{ strong: <strong /> }} />
        </p>
      }
      after={
        <p>
          <Link to="/forgot-password">{t("account.forgotLink")}</Link>
        </p>
      }
    >
      {/* The address again, for password managers (read-only: the server uses the one it kept). */}
      <input type="hidden" name="username" value={email} autoComplete="username" />
      {redirectTo !== "/" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <PasswordField name="password" label={t("account.passwordLabel")} autoComplete="current-password" />
    </StepPage>
  );
}
