import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { clientIp, readFormPost, rejected, textValues, tooMany, validateForm } from "~/flow/forms.server";
import { RateLimited } from "~/auth/rate-limit.server";
import { consoleWords, staffLoginSchema } from "~/console/schemas.server";
import { getStaff, staffPasswordStep } from "~/console/staff.server";
import { safeRedirect } from "~/platform/safe-redirect";
import { ConsoleForm, ConsolePage } from "~/ui/console";
import { TextField } from "~/ui/form";
import { PasswordField } from "~/ui/form-fields";

export const meta: MetaFunction = () => [{ title: "Sign in — Studio console" }];

const WRONG = "The email address or password is not right.";

const target = (value: unknown) => {
  const to = safeRedirect(typeof value === "string" ? value : null, "/staff");
  return to.startsWith("/staff") ? to : "/staff";
};

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = target(new URL(request.url).searchParams.get("redirectTo"));
  if (await getStaff(request)) throw redirect(redirectTo);
  return json({ redirectTo });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { form } = await readFormPost(request);
  const values = textValues(form, ["email"]);
  const redirectTo = target(form.get("redirectTo"));
  const parsed = await validateForm(form, staffLoginSchema, consoleWords(), undefined, { hide: ["password"] });
  if (!parsed.ok) return parsed.response;
  let cookie: string | null;
  try {
    cookie = await staffPasswordStep(parsed.value, clientIp(context));
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, values);
    throw error;
  }
  if (!cookie) return rejected(values, { password: [WRONG] });
  throw redirect(`/staff/login/code?${new URLSearchParams({ redirectTo })}`, { headers: { "Set-Cookie": cookie } });
}

export default function StaffLogin() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <ConsolePage title="Sign in to the studio console" narrow>
      <p className="lead">For studio staff. Patients sign in on the <a href="/login">patient site</a>.</p>
      <ConsoleForm result={result} submitLabel="Continue">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField name="email" label="Work email" type="email" autoComplete="username" />
        <PasswordField name="password" label="Password" autoComplete="current-password" />
      </ConsoleForm>
    </ConsolePage>
  );
}
