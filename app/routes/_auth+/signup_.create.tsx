import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { createAccount, EmailTaken, newPasswordProblem } from "~/auth/accounts.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { newAccountSchema } from "~/auth/schemas.server";
import { fieldErrors, readFormPost, rejected, textValues } from "~/flow/forms.server";
import { PASSWORD_MIN } from "~/auth/passwords.server";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { TextField } from "~/ui/form";
import { PasswordField } from "~/ui/form-fields";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.create.metaTitle") }, { name: "robots", content: "noindex" }];


async function verifiedEmail(request: Request) {
  const email = await readFlowEmail(request, "verifiedSignupEmail");
  if (!email) throw redirect("/signup");
  return email;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ email: await verifiedEmail(request), min: PASSWORD_MIN });
}

export async function action({ request }: ActionFunctionArgs) {
  const email = await verifiedEmail(request);
  const { locale, t } = i18nOf(request);
  const { form } = await readFormPost(request);
  const values = textValues(form, ["name"]);
  const parsed = newAccountSchema.safeParse({ ...values, password: form.get("password") });
  if (!parsed.success) return rejected(values, fieldErrors(parsed.error, t));
  const problem = await newPasswordProblem(parsed.data.password, email, locale);
  if (problem) return rejected(values, { password: [problem] });
  let session: string;
  try {
    session = await createAccount(request, { email, name: parsed.data.name, password: parsed.data.password });
  } catch (error) {
    if (error instanceof EmailTaken) return rejected(values, { "": [t("account.create.taken")] });
    throw error;
  }
  const headers = new Headers();
  headers.append("Set-Cookie", session);
  headers.append("Set-Cookie", await writeFlow(request, { verifiedSignupEmail: null }));
  throw redirect("/signup/complete", { headers });
}

export default function SignupCreate() {
  const { email, min } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={t("account.create.title")}
      back={null}
      result={result}
      submitLabel={t("account.create.submit")}
      intro={
        <p className="lead">
          <Trans k="account.create.lead" vars={{ email }} tags={{ strong: <strong /> }} />
        </p>
      }
    >
      <TextField name="name" label={t("account.create.nameLabel")} autoComplete="name" />
      <PasswordField
        name="password"
        label={t("account.passwordLabel")}
        autoComplete="new-password"
        hint={t("account.newPasswordHint", { min })}
      />
    </StepPage>
  );
}
