import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { createAccountPage, createAccountFromSignup } from "~/account/sign-up-pages.server";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { TextField } from "~/ui/form";
import { PasswordField } from "~/ui/form-fields";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.create.metaTitle") }, { name: "robots", content: "noindex" }];

export const loader = ({ request }: LoaderFunctionArgs) => createAccountPage(request);
export const action = ({ request }: ActionFunctionArgs) => createAccountFromSignup(request);

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
