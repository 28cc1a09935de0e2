import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { startSignup } from "~/auth/accounts.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { emailSchema } from "~/auth/schemas.server";
import { clientIp, fieldErrors, honeypotProps, readFormPost, rejected, spamAnswer, textValues, tooMany } from "~/flow/forms.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { authHeaders } from "~/auth/headers";
import { getPatient } from "~/auth/sessions.server";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { Honeypot } from "~/ui/account";
import { TextField } from "~/ui/form";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("account.signup.metaTitle") }, { name: "description", content: t("account.signup.metaDescription") }];
};
export const headers = authHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getPatient(request)) throw redirect("/");
  return json({ email: await readFlowEmail(request, "signupEmail"), honeypot: honeypotProps() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { locale, t } = i18nOf(request);
  const { form, spam } = await readFormPost(request, { publicForm: true });
  if (spam) return spamAnswer(t);
  const values = textValues(form, ["email"]);
  const parsed = emailSchema.safeParse(values);
  if (!parsed.success) return rejected(values, fieldErrors(parsed.error, t));
  try {
    // The same answer for a known address (it gets a "you already have an account" email instead).
    await startSignup(parsed.data.email, clientIp(context), locale);
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, values, { t });
    throw error;
  }
  const email = parsed.data.email;
  throw redirect("/email-verification", { headers: { "Set-Cookie": await writeFlow(request, { signupEmail: email, verificationEmail: email }) } });
}

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
