import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { dataAction, dataPage } from "~/account/data-export-page.server";
import { authHeaders } from "~/auth/headers";
import { metaT, useT } from "~/i18n/use-t";
import { ErrorSummary, FormStateProvider, SubmitButton, TextField } from "~/ui/form";
import { PasswordField } from "~/ui/form-fields";

/**
 * `/profile/data` (issue 41 A, decision 080): what the copy holds, then the password again (or a code by email), then
 * a one-time download link for 15 minutes. A download is a plain link: it works the same without JavaScript.
 */
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.data.metaTitle") }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => dataPage(request);
export const action = ({ request, context }: ActionFunctionArgs) => dataAction(request, context);

export default function DownloadMyData() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  const failed = result && "error" in result ? result : undefined;
  const mine = (intent: string) => (failed?.intent === intent ? failed : undefined);
  const data = { link: result && "link" in result ? result.link : null, hasPassword: loaded.hasPassword, codeSent: loaded.codeSent || failed?.intent === "code" };
  return (
    <div className="narrow">
      <h1>{t("account.data.title")}</h1>
      <p className="lead">{t("account.data.lead")}</p>
      <ul>
        <li>{t("account.data.holds.profile")}</li>
        <li>{t("account.data.holds.visits")}</li>
        <li>{t("account.data.holds.health")}</li>
        <li>{t("account.data.holds.consents")}</li>
        <li>{t("account.data.holds.messages")}</li>
        <li>{t("account.data.holds.reads")}</li>
      </ul>
      <p>{t("account.data.formats")}</p>
      {data.link ? (
        <section className="profile-section" aria-labelledby="ready-title">
          <h2 id="ready-title">{t("account.data.readyTitle")}</h2>
          <p className="notice" role="status">
            {data.link.until}
          </p>
          <p>
            <a className="button" href={data.link.href} download>
              {t("account.data.download")}
            </a>
          </p>
        </section>
      ) : (
        <>
          {data.hasPassword ? (
            <section className="profile-section" aria-labelledby="password-title">
              <h2 id="password-title">{t("account.data.passwordTitle")}</h2>
              <FormStateProvider result={mine("password")} values={undefined}>
                <ErrorSummary />
                <Form method="post" className="form" noValidate>
                  <input type="hidden" name="intent" value="password" />
                  <PasswordField name="password" label={t("account.data.password")} autoComplete="current-password" />
                  <div className="form-actions">
                    <SubmitButton label={t("account.data.submit")} />
                  </div>
                </Form>
              </FormStateProvider>
            </section>
          ) : null}
          <section className="profile-section" aria-labelledby="code-title">
            <h2 id="code-title">{data.hasPassword ? t("account.data.codeInstead") : t("account.data.codeTitle")}</h2>
            <FormStateProvider result={mine("sendCode")} values={undefined}>
              <ErrorSummary />
            </FormStateProvider>
            {data.codeSent ? (
              <FormStateProvider result={mine("code")} values={undefined}>
                <ErrorSummary />
                <p>{t("account.data.codeSent")}</p>
                <Form method="post" className="form" noValidate>
                  <input type="hidden" name="intent" value="code" />
                  <TextField name="code" label={t("account.verify.codeLabel")} hint={t("account.verify.codeHint")} inputMode="numeric" autoComplete="one-time-code" />
                  <div className="form-actions">
                    <SubmitButton label={t("account.data.submit")} />
                  </div>
                </Form>
              </FormStateProvider>
            ) : null}
            <Form method="post" className="form">
              <input type="hidden" name="intent" value="sendCode" />
              <p className="hint">{t("account.data.codeHint")}</p>
              <button type="submit" className="button button-secondary">
                {data.codeSent ? t("account.data.sendAgain") : t("account.data.sendCode")}
              </button>
            </Form>
          </section>
        </>
      )}
      <p>
        <Link to="/profile">{t("account.consents.back")}</Link>
      </p>
    </div>
  );
}
