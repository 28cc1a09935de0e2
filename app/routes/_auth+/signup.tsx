import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { startSignup } from "~/auth/accounts.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { emailSchema } from "~/auth/schemas.server";
import { clientIp, fieldErrors, honeypotProps, RateLimited, readAuthForm, rejected, spamAnswer, textValues, tooMany } from "~/auth/forms.server";
import { authHeaders } from "~/auth/headers";
import { getPatient } from "~/auth/sessions.server";
import { Honeypot } from "~/ui/account";
import { StepPage, TextField } from "~/ui/form";

export const meta: MetaFunction = () => [
  { title: "Create an account — Studio Dental" },
  { name: "description", content: "Create a free Studio Dental account: your visits in one place, booking with your saved details, and your health history kept for every visit." },
];
export const headers = authHeaders();

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getPatient(request)) throw redirect("/");
  return json({ email: await readFlowEmail(request, "signupEmail"), honeypot: honeypotProps() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { form, spam } = await readAuthForm(request);
  if (spam) return spamAnswer();
  const values = textValues(form, ["email"]);
  const parsed = emailSchema.safeParse(values);
  if (!parsed.success) return rejected(values, fieldErrors(parsed.error));
  try {
    // The same answer for a known address (it gets a "you already have an account" email instead).
    await startSignup(parsed.data.email, clientIp(context));
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, values);
    throw error;
  }
  const email = parsed.data.email;
  throw redirect("/email-verification", { headers: { "Set-Cookie": await writeFlow(request, { signupEmail: email, verificationEmail: email }) } });
}

export default function Signup() {
  const { email, honeypot } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title="Create an account"
      back={null}
      result={result}
      values={{ email }}
      submitLabel="Send me a code"
      intro={<p className="lead">See and manage your visits in one place. First, we’ll send a 6-digit code to your email.</p>}
      after={
        <p>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      }
    >
      <Honeypot props={honeypot} />
      <TextField name="email" label="Email address" type="email" autoComplete="email" inputMode="email" />
    </StepPage>
  );
}
