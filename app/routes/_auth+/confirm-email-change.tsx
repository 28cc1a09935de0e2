import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { confirmEmailChange } from "~/auth/accounts.server";
import { findLink } from "~/auth/codes.server";
import { clientIp, readFormPost, rejected, tooMany } from "~/flow/forms.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { authHeaders, PRIVATE_PAGE } from "~/auth/headers";
import { getDb } from "~/db/client.server";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { goneLink } from "~/platform/gone-link.server";
import { ErrorSummary, FormStateProvider, SubmitButton } from "~/ui/form";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.change.metaTitle") }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("changed") === "1") return json({ state: "changed" as const, token: null, email: null }, { headers: PRIVATE_PAGE });
  const token = url.searchParams.get("token");
  const link = token ? await findLink(await getDb(), { purpose: "change_email", token }) : null;
  // The link only shows the question: opening it (a mail scanner does) changes nothing; the POST does.
  if (!link || !token) throw goneLink({ heading: "common.gone.linkHeading", message: "common.gone.emailChange", next: { href: "/profile", label: "common.gone.emailChangeNext" } });
  return json({ state: "confirm" as const, token, email: link.email }, { headers: PRIVATE_PAGE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { t } = i18nOf(request);
  const LINK_FAILED = t("account.change.linkFailed");
  const { form } = await readFormPost(request);
  const token = form.get("token");
  if (typeof token !== "string" || token.length > 100) return rejected({}, { "": [LINK_FAILED] });
  let result;
  try {
    result = await confirmEmailChange(request, token, clientIp(context));
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, {}, { t });
    throw error;
  }
  if (result === null) return rejected({}, { "": [LINK_FAILED] });
  if (result === "taken") return rejected({}, { "": [t("account.change.taken")] });
  throw redirect("/confirm-email-change?changed=1", { headers: result.setCookie ? { "Set-Cookie": result.setCookie } : undefined });
}

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
