import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { fieldErrors, readFormPost, rejected } from "~/flow/forms.server";
import { passwordProblem } from "~/auth/passwords.server";
import { setupSchema } from "~/console/schemas.server";
import { completeSetup, findSetup, setupWasUsed } from "~/console/staff.server";
import { setupQrSvg } from "~/console/qr.server";
import { getDb } from "~/db/client.server";
import { ConsoleForm, ConsolePage } from "~/ui/console";
import { TextField } from "~/ui/form";
import { PasswordField } from "~/ui/form-fields";

export const meta: MetaFunction = () => [{ title: "Set up your account — Studio console" }];

const notFound = () => new Response("Not found", { status: 404 });

async function setupOf(token: string | undefined) {
  const setup = await findSetup(await getDb(), token ?? "");
  if (!setup) throw notFound();
  return setup;
}

/** The one-time link's page: a password, then the authenticator (QR code and the same secret as text). */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const setup = await findSetup(db, params.token ?? "");
  // Remix draws the page again after the setup post: a used link then says so (the codes come from the action).
  if (!setup && (await setupWasUsed(db, params.token ?? ""))) return json({ used: true as const, email: "", secret: "", qr: "" });
  if (!setup) throw notFound();
  return json({ used: false as const, email: setup.email, secret: setup.totpSecret, qr: await setupQrSvg(setup.totpSecret, setup.email) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const setup = await setupOf(params.token);
  const { form } = await readFormPost(request);
  const parsed = setupSchema.safeParse({ password: form.get("password"), confirm: form.get("confirm"), code: form.get("code") });
  if (!parsed.success) return rejected({}, fieldErrors(parsed.error));
  const problem = await passwordProblem(parsed.data.password, setup.email);
  if (problem) return rejected({}, { password: [problem] });
  if (parsed.data.confirm !== parsed.data.password) return rejected({}, { confirm: ["The two passwords are not the same."] });
  const done = await completeSetup(await getDb(), params.token!, { password: parsed.data.password, code: parsed.data.code });
  if (!done.ok && done.code === "gone") throw notFound();
  if (!done.ok) return rejected({}, { code: ["That code is not right. Check the app shows the studio console, wait for the next code and enter it."] });
  return json({ status: "success" as const, recoveryCodes: done.recoveryCodes });
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
