import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { submitSetup, setupPage } from "~/console/setup.server";
import { ConsoleForm, ConsolePage } from "~/ui/console";
import { TextField } from "~/ui/form";
import { PasswordField } from "~/ui/form-fields";

export const meta: MetaFunction = () => [{ title: "Set up your account — Studio console" }];

/** The one-time link's page: a password, then the authenticator (QR code and the same secret as text). */
export async function loader({ params }: LoaderFunctionArgs) {
  return json(await setupPage(params.token));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return submitSetup(request, params.token);
}

export default function StaffSetup() {
  const { used, email, secret, qr } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (result && "recoveryCodes" in result) {
    return (
      <ConsolePage title="Your account is ready" narrow>
        <p className="lead">Keep these recovery codes somewhere safe (printed, or in a password manager). Each one signs you in once if you lose your phone. They are shown only now.</p>
        <ul className="recovery-codes" aria-label="Recovery codes">
          {result.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <p>
          <Link className="button" to="/staff/login">
            Sign in
          </Link>
        </p>
      </ConsolePage>
    );
  }
  if (used) {
    return (
      <ConsolePage title="This setup link was used" narrow>
        <p>
          The account is set up. <Link to="/staff/login">Sign in</Link>
        </p>
      </ConsolePage>
    );
  }
  return (
    <ConsolePage title="Set up your account" narrow>
      <p className="lead">
        For <strong>{email}</strong>. This link works once, for 24 hours.
      </p>
      <ConsoleForm result={result} submitLabel="Finish setup">
        <input type="hidden" name="username" value={email} autoComplete="username" />
        <h2>1. Choose a password</h2>
        <PasswordField name="password" label="Password" hint="At least 8 characters; not one of the most common passwords." autoComplete="new-password" />
        <PasswordField name="confirm" label="The password again" autoComplete="new-password" />
        <h2>2. Add the console to your authenticator app</h2>
        <p>Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), or type the key below into it.</p>
        <div className="qr" dangerouslySetInnerHTML={{ __html: qr }} />
        <p>
          Setup key (time-based, 6 digits, 30 seconds):
          <br />
          <code className="secret" id="totp-secret">
            {secret}
          </code>
        </p>
        <TextField name="code" label="The 6-digit code the app shows now" autoComplete="one-time-code" inputMode="numeric" />
      </ConsoleForm>
    </ConsolePage>
  );
}
