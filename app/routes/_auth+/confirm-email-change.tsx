import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { emailChangePage, changeEmail } from "~/account/email-change-page.server";
import { clientIp } from "~/flow/forms.server";
import { authHeaders } from "~/auth/headers";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { ErrorSummary, FormStateProvider, SubmitButton } from "~/ui/form";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.change.metaTitle") }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => emailChangePage(request);
export const action = ({ request, context }: ActionFunctionArgs) => changeEmail(request, clientIp(context));

export default function ConfirmEmailChange() {
  const { state, token, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  if (state === "changed") {
    return (
      <div className="page narrow">
        <h1>{t("account.change.doneTitle")}</h1>
        <p className="lead">{t("account.change.doneLead")}</p>
        <p>
          <Link to="/">{t("account.homeLink")}</Link>
        </p>
      </div>
    );
  }
  return (
    <FormStateProvider result={result} values={{}}>
      <div className="page narrow">
        <h1>{t("account.change.title")}</h1>
        <ErrorSummary />
        {email ? (
          <p className="lead">
            <Trans k="account.change.question" vars={{ email }} tags={{ strong: <strong /> }} />
          </p>
        ) : null}
        {token ? (
          <Form method="post" className="form">
            <input type="hidden" name="token" value={token} />
            <div className="form-actions">
              <SubmitButton label={t("account.change.submit")} />
            </div>
          </Form>
        ) : null}
      </div>
    </FormStateProvider>
  );
}
