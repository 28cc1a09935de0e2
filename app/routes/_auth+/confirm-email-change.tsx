import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { confirmEmailChange } from "~/auth/accounts.server";
import { findLink } from "~/auth/codes.server";
import { clientIp, RateLimited, readAuthForm, rejected, tooMany } from "~/auth/forms.server";
import { authHeaders, PRIVATE_PAGE } from "~/auth/headers";
import { getDb } from "~/db/client.server";
import { goneLink } from "~/platform/gone-link";
import { ErrorSummary, FormStateProvider, SubmitButton } from "~/ui/form";

export const meta: MetaFunction = () => [{ title: "Confirm your new email address — Studio Dental" }, { name: "robots", content: "noindex" }];
export const headers = authHeaders();

const LINK_FAILED = "This link has expired or was already used. Ask for the change again from your profile.";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("changed") === "1") return json({ state: "changed" as const, token: null, email: null }, { headers: PRIVATE_PAGE });
  const token = url.searchParams.get("token");
  const link = token ? await findLink(await getDb(), { purpose: "change_email", token }) : null;
  // The link only shows the question: opening it (a mail scanner does) changes nothing; the POST does.
  if (!link || !token) throw goneLink({ heading: "common.gone.linkHeading", message: "common.gone.emailChange", next: { href: "/profile", label: "common.gone.emailChangeNext" } });
  return json({ state: "confirm" as const, token, email: link.email }, { headers: PRIVATE_PAGE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { form } = await readAuthForm(request, { publicForm: false });
  const token = form.get("token");
  if (typeof token !== "string" || token.length > 100) return rejected({}, { "": [LINK_FAILED] });
  let result;
  try {
    result = await confirmEmailChange(request, token, clientIp(context));
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error);
    throw error;
  }
  if (result === null) return rejected({}, { "": [LINK_FAILED] });
  if (result === "taken") return rejected({}, { "": ["That email address already has an account of its own."] });
  throw redirect("/confirm-email-change?changed=1", { headers: result.setCookie ? { "Set-Cookie": result.setCookie } : undefined });
}

export default function ConfirmEmailChange() {
  const { state, token, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (state === "changed") {
    return (
      <div className="page narrow">
        <h1>Your email address is changed</h1>
        <p className="lead">From now on, log in with your new address. We sent a note to the old one.</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </div>
    );
  }
  return (
    <FormStateProvider result={result} values={{}}>
      <div className="page narrow">
        <h1>Confirm your new email address</h1>
        <ErrorSummary />
        {email ? (
          <p className="lead">
            Use <strong>{email}</strong> for your account from now on?
          </p>
        ) : null}
        {token ? (
          <Form method="post" className="form">
            <input type="hidden" name="token" value={token} />
            <div className="form-actions">
              <SubmitButton label="Yes, use this address" />
            </div>
          </Form>
        ) : null}
      </div>
    </FormStateProvider>
  );
}
