import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { startReset } from "~/auth/accounts.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { authHeaders } from "~/auth/headers";
import { emailSchema } from "~/auth/schemas.server";
import { clientIp, fieldErrors, honeypotProps, RateLimited, readAuthForm, rejected, spamAnswer, textValues, tooMany } from "~/auth/forms.server";
import { Honeypot } from "~/ui/account";
import { StepPage, TextField } from "~/ui/form";

export const meta: MetaFunction = () => [
  { title: "Forgot your password? — Studio Dental" },
  { name: "description", content: "Set a new password for your Studio Dental account: we email you a link that works once, for 10 minutes." },
];
export const headers = authHeaders();

export async function loader({ request }: LoaderFunctionArgs) {
  const email = (await readFlowEmail(request, "forgotPasswordEmail")) ?? (await readFlowEmail(request, "loginEmail"));
  return json({ email, honeypot: honeypotProps() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { form, spam } = await readAuthForm(request);
  if (spam) return spamAnswer();
  const values = textValues(form, ["email"]);
  const parsed = emailSchema.safeParse(values);
  if (!parsed.success) return rejected(values, fieldErrors(parsed.error));
  try {
    await startReset(parsed.data.email, clientIp(context));
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, values);
    throw error;
  }
  throw redirect("/forgot-password/sent", { headers: { "Set-Cookie": await writeFlow(request, { forgotPasswordEmail: parsed.data.email }) } });
}

export default function ForgotPassword() {
  const { email, honeypot } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title="Forgot your password?"
      back="/login"
      result={result}
      values={{ email }}
      submitLabel="Email me a link"
      intro={<p className="lead">Enter your account’s email address and we’ll send you a link to set a new password.</p>}
      after={
        <p>
          No account yet? <Link to="/signup">Create one</Link>
        </p>
      }
    >
      <Honeypot props={honeypot} />
      <TextField name="email" label="Email address" type="email" autoComplete="email" inputMode="email" />
    </StepPage>
  );
}
