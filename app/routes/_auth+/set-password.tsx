import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { newPasswordProblem, setPasswordFromLink } from "~/auth/accounts.server";
import { findLink } from "~/auth/codes.server";
import { setPasswordSchema } from "~/auth/schemas.server";
import { clientIp, fieldErrors, RateLimited, readAuthForm, rejected, tooMany } from "~/auth/forms.server";
import { authHeaders, PRIVATE_PAGE } from "~/auth/headers";
import { PASSWORD_MIN } from "~/auth/passwords.server";
import { getDb } from "~/db/client.server";
import { goneLink } from "~/platform/gone-link";
import { PasswordField, StepPage } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Set a new password — Studio Dental" }, { name: "robots", content: "noindex" }];
/** The reset link's token is in the URL: never sent on in a Referer, never cached. */
export const headers = authHeaders();

const LINK_FAILED = "This link has expired or was already used. Ask for a new one.";

async function liveLink(token: string | null) {
  return token ? findLink(await getDb(), { purpose: "reset", token }) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const link = await liveLink(token);
  if (!link || !token) {
    throw goneLink({
      heading: "common.gone.linkHeading",
      message: "common.gone.passwordLink",
      next: { href: "/forgot-password", label: "common.gone.passwordNext" },
    });
  }
  return json({ token, min: PASSWORD_MIN }, { headers: PRIVATE_PAGE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { form } = await readAuthForm(request, { publicForm: false });
  const parsed = setPasswordSchema.safeParse({ token: form.get("token") ?? "", password: form.get("password") });
  if (!parsed.success) return rejected({}, fieldErrors(parsed.error));
  const link = await liveLink(parsed.data.token);
  if (!link) return rejected({}, { "": [LINK_FAILED] });
  const problem = await newPasswordProblem(parsed.data.password, link.email);
  if (problem) return rejected({}, { password: [problem] });
  let session: string | null;
  try {
    session = await setPasswordFromLink(request, parsed.data, clientIp(context));
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error);
    throw error;
  }
  if (!session) return rejected({}, { "": [LINK_FAILED] });
  throw redirect("/set-password/success", { headers: { "Set-Cookie": session } });
}

export default function SetPassword() {
  const { token, min } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage title="Set a new password" back={null} result={result} submitLabel="Save my new password" intro={<p className="lead">Choose a new password for your account. Every other device will be logged out.</p>}>
      <input type="hidden" name="token" value={token} />
      <PasswordField
        name="password"
        label="New password"
        autoComplete="new-password"
        hint={`At least ${min} characters. A few words you will remember make a good one; pasting from a password manager works.`}
      />
    </StepPage>
  );
}
