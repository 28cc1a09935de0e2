import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { createAccount, EmailTaken, newPasswordProblem } from "~/auth/accounts.server";
import { readFlowEmail, writeFlow } from "~/auth/flow-cookie.server";
import { newAccountSchema } from "~/auth/schemas.server";
import { fieldErrors, readAuthForm, rejected, textValues } from "~/auth/forms.server";
import { PASSWORD_MIN } from "~/auth/passwords.server";
import { PasswordField, StepPage, TextField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Your name and a password — Studio Dental" }, { name: "robots", content: "noindex" }];


async function verifiedEmail(request: Request) {
  const email = await readFlowEmail(request, "verifiedSignupEmail");
  if (!email) throw redirect("/signup");
  return email;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ email: await verifiedEmail(request), min: PASSWORD_MIN });
}

export async function action({ request }: ActionFunctionArgs) {
  const email = await verifiedEmail(request);
  const { form } = await readAuthForm(request, { publicForm: false });
  const values = textValues(form, ["name"]);
  const parsed = newAccountSchema.safeParse({ ...values, password: form.get("password") });
  if (!parsed.success) return rejected(values, fieldErrors(parsed.error));
  const problem = await newPasswordProblem(parsed.data.password, email);
  if (problem) return rejected(values, { password: [problem] });
  let session: string;
  try {
    session = await createAccount(request, { email, name: parsed.data.name, password: parsed.data.password });
  } catch (error) {
    if (error instanceof EmailTaken) return rejected(values, { "": ["This email address already has an account. Log in instead."] });
    throw error;
  }
  const headers = new Headers();
  headers.append("Set-Cookie", session);
  headers.append("Set-Cookie", await writeFlow(request, { verifiedSignupEmail: null }));
  throw redirect("/signup/complete", { headers });
}

export default function SignupCreate() {
  const { email, min } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title="Your name and a password"
      back={null}
      result={result}
      submitLabel="Create my account"
      intro={
        <p className="lead">
          Your email address <strong>{email}</strong> is confirmed.
        </p>
      }
    >
      <TextField name="name" label="Your name" autoComplete="name" />
      <PasswordField
        name="password"
        label="Password"
        autoComplete="new-password"
        hint={`At least ${min} characters. A few words you will remember make a good one; pasting from a password manager works.`}
      />
    </StepPage>
  );
}
