import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { countAuthPost } from "~/auth/accounts.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { emailSchema } from "~/auth/schemas.server";
import { clientIp, fieldErrors, honeypotProps, readFormPost, rejected, spamAnswer, textValues, tooMany } from "~/flow/forms.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { authHeaders } from "~/auth/headers";
import { getPatient } from "~/auth/sessions.server";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { safeRedirect } from "~/platform/safe-redirect";
import { Honeypot } from "~/ui/account";
import { TextField } from "~/ui/form";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("account.login.metaTitle") }, { name: "description", content: t("account.login.metaDescription") }];
};
export const headers = authHeaders;

/** Where to go after logging in: a same-site path (platform/safe-redirect), kept in the query. */
const target = (url: URL, form?: FormData) => safeRedirect(form?.get("redirectTo") ?? url.searchParams.get("redirectTo"), "/");
const withTarget = (path: string, to: string) => (to === "/" ? path : `${path}?${new URLSearchParams({ redirectTo: to })}`);

export async function loader({ request }: LoaderFunctionArgs) {
  const to = target(new URL(request.url));
  if (await getPatient(request)) throw redirect(to);
  return json({ email: await readFlowEmail(request, "loginEmail"), redirectTo: to, honeypot: honeypotProps() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { t } = i18nOf(request);
  const { form, spam } = await readFormPost(request, { publicForm: true });
  if (spam) return spamAnswer(t);
  const values = textValues(form, ["email"]);
  const parsed = emailSchema.safeParse(values);
  if (!parsed.success) return rejected(values, fieldErrors(parsed.error, t));
  try {
    await countAuthPost(clientIp(context));
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, values, { t });
    throw error;
  }
  // Known or not, the next page is the password page: nothing tells whether the address has an account.
  const cookie = await writeFlow(request, { loginEmail: parsed.data.email });
  throw redirect(withTarget("/login/password", target(new URL(request.url), form)), { headers: { "Set-Cookie": cookie } });
}

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
