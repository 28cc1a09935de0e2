import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { logIn } from "~/auth/accounts.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { authHeaders } from "~/auth/headers";
import { passwordSchema } from "~/auth/schemas.server";
import { clientIp, fieldErrors, readFormPost, rejected, tooMany } from "~/flow/forms.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { safeRedirect } from "~/platform/safe-redirect";
import { PasswordField } from "~/ui/form-fields";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.password.metaTitle") }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

async function loginEmail(request: Request, to: string) {
  const email = await readFlowEmail(request, "loginEmail");
  if (!email) throw redirect(to === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: to })}`);
  return email;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const to = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  return json({ email: await loginEmail(request, to), redirectTo: to });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { t } = i18nOf(request);
  const { form } = await readFormPost(request);
  const to = safeRedirect(form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"), "/");
  const email = await loginEmail(request, to);
  const parsed = passwordSchema.safeParse({ password: form.get("password") });
  if (!parsed.success) return rejected({}, fieldErrors(parsed.error, t));
  let session: string | null;
  try {
    session = await logIn(request, { email, password: parsed.data.password }, clientIp(context));
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
