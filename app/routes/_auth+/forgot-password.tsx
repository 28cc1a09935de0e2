import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { startReset } from "~/auth/accounts.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { authHeaders } from "~/auth/headers";
import { emailSchema } from "~/auth/schemas.server";
import { clientIp, fieldErrors, honeypotProps, readFormPost, rejected, spamAnswer, textValues, tooMany } from "~/flow/forms.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { Honeypot } from "~/ui/account";
import { TextField } from "~/ui/form";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("account.forgot.metaTitle") }, { name: "description", content: t("account.forgot.metaDescription") }];
};
export const headers = authHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const email = (await readFlowEmail(request, "forgotPasswordEmail")) ?? (await readFlowEmail(request, "loginEmail"));
  return json({ email, honeypot: honeypotProps() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { locale, t } = i18nOf(request);
  const { form, spam } = await readFormPost(request, { publicForm: true });
  if (spam) return spamAnswer(t);
  const values = textValues(form, ["email"]);
  const parsed = emailSchema.safeParse(values);
  if (!parsed.success) return rejected(values, fieldErrors(parsed.error, t));
  try {
    await startReset(parsed.data.email, clientIp(context), locale);
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, values, { t });
    throw error;
  }
  throw redirect("/forgot-password/sent", { headers: { "Set-Cookie": await writeFlow(request, { forgotPasswordEmail: parsed.data.email }) } });
}

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
