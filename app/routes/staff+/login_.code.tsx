import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { clientIp, readFormPost, rejected, tooMany, validateForm } from "~/flow/forms.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { consoleWords, secondFactorSchema } from "~/console/schemas.server";
import { pendingSecondFactor, staffCodeStep } from "~/console/staff.server";
import { safeRedirect } from "~/platform/safe-redirect";
import { ConsoleForm, ConsolePage } from "~/ui/console";
import { TextField } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Your code — Studio console" }];

const target = (request: Request) => {
  const to = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/staff");
  return to.startsWith("/staff") ? to : "/staff";
};

/** The second step: only after the password step (a few minutes), else back to the start. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await pendingSecondFactor(request))) throw redirect("/staff/login");
  return json(null);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { form } = await readFormPost(request);
  const parsed = await validateForm(form, secondFactorSchema, consoleWords(), undefined, { hide: ["code"] });
  if (!parsed.ok) return parsed.response;
  let cookie: string | null;
  try {
    if (!(await pendingSecondFactor(request))) throw redirect("/staff/login");
    cookie = await staffCodeStep(request, parsed.value.code, clientIp(context));
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error);
    throw error;
  }
  if (!cookie) return rejected({}, { code: ["That code is not right, or it was already used. Wait for the next code and try again."] });
  throw redirect(target(request), { headers: { "Set-Cookie": cookie } });
}

export default function StaffCode() {
  const result = useActionData<typeof action>();
  return (
    <ConsolePage title="Enter your code" narrow>
      <p className="lead">Open your authenticator app and enter the 6-digit code it shows for the studio console.</p>
      <ConsoleForm result={result} submitLabel="Sign in">
        <TextField name="code" label="Code" hint="6 digits, or one of your recovery codes (like 3f9a2-7c01b)." autoComplete="one-time-code" inputMode="text" />
      </ConsoleForm>
      <p>
        <Link to="/staff/login">Start again</Link>
      </p>
    </ConsolePage>
  );
}
