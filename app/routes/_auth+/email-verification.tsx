import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { startSignup, verifySignup } from "~/auth/accounts.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { codeSchema, tokenSchema } from "~/auth/schemas.server";
import { localize } from "~/i18n/translate";
import { clientIp, readFormPost, rejected, textValues, tooMany } from "~/flow/forms.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { authHeaders, PRIVATE_PAGE } from "~/auth/headers";
import { findLink } from "~/auth/codes.server";
import { getDb } from "~/db/client.server";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { goneLink } from "~/platform/gone-link.server";
import { ErrorSummary, FormStateProvider, SubmitButton, TextField } from "~/ui/form";
import { StepPage } from "~/ui/step-header";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.verify.metaTitle") }, { name: "robots", content: "noindex" }];
/** The emailed link carries a token in its URL: never sent on in a Referer. */
export const headers = authHeaders;


const MESSAGES = {
  wrong: "account.verify.wrong",
  expired: "account.verify.expired",
  "too-many-tries": "account.verify.tooManyTries",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const { t } = i18nOf(request);
  // The link only fills in the form: mail scanners that open links cannot use it up (the POST does).
  if (token) {
    if (!(await findLink(await getDb(), { purpose: "signup", token }))) {
      throw goneLink({ heading: "common.gone.linkHeading", message: "common.gone.verification", next: { href: "/signup", label: "common.gone.verificationNext" } });
    }
    return json({ token, email: null }, { headers: PRIVATE_PAGE });
  }
  const email = await readFlowEmail(request, "verificationEmail");
  if (!email) throw redirect("/signup");
  return json({ token: null, email }, { headers: PRIVATE_PAGE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { locale, t } = i18nOf(request);
  const LINK_FAILED = t("account.verify.linkFailed");
  const { form } = await readFormPost(request);
  const ip = clientIp(context);
  const values = textValues(form, ["code"]);
  try {
    if (form.get("intent") === "resend") {
      const email = await readFlowEmail(request, "verificationEmail");
      if (!email) throw redirect("/signup");
      await startSignup(email, ip, locale);
      return json({ status: "success" as const, initialValue: {}, error: null, resent: true });
    }
    let check;
    if (form.has("token")) {
      const parsed = tokenSchema.safeParse({ token: form.get("token") });
      if (!parsed.success) return rejected({}, { "": [LINK_FAILED] });
      check = await verifySignup({ token: parsed.data.token }, ip);
      if (!check.ok) return rejected({}, { "": [LINK_FAILED] });
    } else {
      const email = await readFlowEmail(request, "verificationEmail");
      if (!email) throw redirect("/signup");
      const parsed = codeSchema.safeParse(values);
      if (!parsed.success) return rejected(values, { code: [localize(t, parsed.error.issues[0].message)] });
      check = await verifySignup({ email, code: parsed.data.code }, ip);
      if (!check.ok) return rejected(values, { code: [t(MESSAGES[check.reason])] });
    }
    const cookie = await writeFlow(request, { verifiedSignupEmail: check.email, verificationEmail: null, signupEmail: null });
    throw redirect("/signup/create", { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, values, { t });
    throw error;
  }
}

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
