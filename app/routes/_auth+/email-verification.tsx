import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { startSignup, verifySignup } from "~/auth/accounts.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { codeSchema, tokenSchema } from "~/auth/schemas.server";
import { clientIp, RateLimited, readAuthForm, rejected, textValues, tooMany } from "~/auth/forms.server";
import { authHeaders, PRIVATE_PAGE } from "~/auth/headers";
import { findLink } from "~/auth/codes.server";
import { getDb } from "~/db/client.server";
import { goneLink } from "~/platform/gone-link";
import { ErrorSummary, FormStateProvider, StepPage, SubmitButton, TextField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Enter the code from your email — Studio Dental" }, { name: "robots", content: "noindex" }];
/** The emailed link carries a token in its URL: never sent on in a Referer. */
export const headers = authHeaders();


const MESSAGES = {
  wrong: "That code is not right. Check the email and try again.",
  expired: "That code has expired. Send a new one below.",
  "too-many-tries": "Too many wrong tries for this code. Send a new one below.",
} as const;
const LINK_FAILED = "This link has expired or was already used. Enter the code from the email, or start again.";

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
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
  const { form } = await readAuthForm(request, { publicForm: false });
  const ip = clientIp(context);
  const values = textValues(form, ["code"]);
  try {
    if (form.get("intent") === "resend") {
      const email = await readFlowEmail(request, "verificationEmail");
      if (!email) throw redirect("/signup");
      await startSignup(email, ip);
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
      if (!parsed.success) return rejected(values, { code: [parsed.error.issues[0].message] });
      check = await verifySignup({ email, code: parsed.data.code }, ip);
      if (!check.ok) return rejected(values, { code: [MESSAGES[check.reason]] });
    }
    const cookie = await writeFlow(request, { verifiedSignupEmail: check.email, verificationEmail: null, signupEmail: null });
    throw redirect("/signup/create", { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, values);
    throw error;
  }
}

export default function EmailVerification() {
  const { token, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const resent = result && "resent" in result && result.resent;
  if (token) {
    return (
      <FormStateProvider result={result} values={{}}>
        <div className="page narrow">
          <h1>Confirm your email address</h1>
          <ErrorSummary />
          <p className="lead">Press the button to confirm your email address and continue creating your account.</p>
          <Form method="post" action="/email-verification" className="form">
            <input type="hidden" name="token" value={token} />
            <div className="form-actions">
              <SubmitButton label="Confirm my email address" />
            </div>
          </Form>
          <p>
            <Link to="/signup">Start again</Link>
          </p>
        </div>
      </FormStateProvider>
    );
  }
  return (
    <StepPage
      title="Check your email"
      back="/signup"
      result={resent ? undefined : result}
      submitLabel="Continue"
      intro={
        <>
          <p className="lead">
            We sent a 6-digit code to <strong>{email}</strong>. It works for 10 minutes.
          </p>
          {resent ? (
            <p className="notice" role="status">
              If a new code could be sent, it is on its way. Use the newest one.
            </p>
          ) : null}
        </>
      }
      after={
        <Form method="post" className="form-secondary">
          <p>Nothing arrived? Check your spam folder, or:</p>
          <button type="submit" name="intent" value="resend" className="button button-secondary">
            Send a new code
          </button>
        </Form>
      }
    >
      <TextField name="code" label="Code from the email" hint="6 digits" inputMode="numeric" autoComplete="one-time-code" />
    </StepPage>
  );
}
