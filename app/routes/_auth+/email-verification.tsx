import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { verificationPage, verifyEmail } from "~/account/sign-up-pages.server";
import { clientIp } from "~/flow/forms.server";
import { authHeaders } from "~/auth/headers";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { ErrorSummary, FormStateProvider, SubmitButton, TextField } from "~/ui/form";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.verify.metaTitle") }, { name: "robots", content: "noindex" }];
/** The emailed link carries a token in its URL: never sent on in a Referer. */
export const headers = authHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => verificationPage(request);
export const action = ({ request, context }: ActionFunctionArgs) => verifyEmail(request, clientIp(context));

export default function EmailVerification() {
  const { token, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const resent = result && "resent" in result && result.resent;
  const t = useT();
  if (token) {
    return (
      <FormStateProvider result={result} values={{}}>
        <div className="page narrow">
          <h1>{t("account.verify.confirmTitle")}</h1>
          <ErrorSummary />
          <p className="lead">{t("account.verify.confirmLead")}</p>
          <Form method="post" action="/email-verification" className="form">
            <input type="hidden" name="token" value={token} />
            <div className="form-actions">
              <SubmitButton label={t("account.verify.confirmSubmit")} />
            </div>
          </Form>
          <p>
            <Link to="/signup">{t("account.verify.startAgain")}</Link>
          </p>
        </div>
      </FormStateProvider>
    );
  }
  return (
    <StepPage
      title={t("account.verify.title")}
      back="/signup"
      result={resent ? undefined : result}
      submitLabel={t("account.verify.submit")}
      intro={
        <>
          <p className="lead">
            <Trans k="account.verify.lead" vars={{ email: email ?? "" }} tags={{ strong: <strong /> }} />
          </p>
          {resent ? (
            <p className="notice" role="status">
              {t("account.verify.resent")}
            </p>
          ) : null}
        </>
      }
      after={
        <Form method="post" className="form-secondary">
          <p>{t("account.verify.nothing")}</p>
          <button type="submit" name="intent" value="resend" className="button button-secondary">
            {t("account.verify.resend")}
          </button>
        </Form>
      }
    >
      <TextField name="code" label={t("account.verify.codeLabel")} hint={t("account.verify.codeHint")} inputMode="numeric" autoComplete="one-time-code" />
    </StepPage>
  );
}
