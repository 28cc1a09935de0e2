import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { closeAction, closePage } from "~/account/close.server";
import { authHeaders } from "~/auth/headers";
import { metaT, useT } from "~/i18n/use-t";
import { ErrorSummary, FormStateProvider, SubmitButton } from "~/ui/form";
import { PasswordField } from "~/ui/form-fields";

/**
 * `/profile/close` (issue 41 B, decision 078): in plain words what closing removes at once and what the practice
 * must keep, then the password again. Its post closes the account and signs out (`/account-closed`).
 */
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.close.metaTitle") }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => closePage(request);
export const action = ({ request, context }: ActionFunctionArgs) => closeAction(request, context);

export default function CloseAccount() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="narrow">
      <h1>{t("account.close.title")}</h1>
      <p className="lead">{t("account.close.lead")}</p>
      <section className="profile-section" aria-labelledby="removed-title">
        <h2 id="removed-title">{t("account.close.removedTitle")}</h2>
        <ul>
          <li>{t("account.close.removed.login")}</li>
          <li>{t("account.close.removed.visits")}</li>
          <li>{t("account.close.removed.cards")}</li>
          <li>{t("account.close.removed.consents")}</li>
          <li>{t("account.close.removed.marketing")}</li>
          <li>{t("account.close.removed.waitlist")}</li>
        </ul>
        {data.ahead ? <p>{data.ahead}</p> : null}
        {data.members ? <p>{data.members}</p> : null}
      </section>
      <section className="profile-section" aria-labelledby="kept-title">
        <h2 id="kept-title">{t("account.close.keptTitle")}</h2>
        <ul>
          <li>{t("account.close.kept.records", { years: data.years })}</li>
          <li>{t("account.close.kept.audit")}</li>
        </ul>
        <p>{t("account.close.again")}</p>
      </section>
      <section className="profile-section" aria-labelledby="confirm-title">
        <h2 id="confirm-title">{t("account.close.confirmTitle")}</h2>
        <FormStateProvider result={result} values={undefined}>
          <ErrorSummary />
          <Form method="post" className="form" noValidate>
            <PasswordField name="password" label={t("account.close.password")} autoComplete="current-password" />
            <div className="form-actions">
              <SubmitButton label={t("account.close.submit")} />
              <Link to="/profile">{t("account.close.keep")}</Link>
            </div>
          </Form>
        </FormStateProvider>
      </section>
    </div>
  );
}
