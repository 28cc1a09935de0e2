import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readFlowEmail } from "~/auth/flow-cookie.server";

export const meta: MetaFunction = () => [{ title: "Check your email for the link — Studio Dental" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const email = await readFlowEmail(request, "forgotPasswordEmail");
  if (!email) throw redirect("/forgot-password");
  return json({ email });
}

export default function ForgotPasswordSent() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <h1>Check your email</h1>
      <p className="lead">
        If <strong>{email}</strong> has an account with us, we have sent it a link to set a new password. The link works
        once, for 10 minutes.
      </p>
      <p>Nothing arrived after a few minutes? Check your spam folder, or <Link to="/forgot-password">try again</Link>.</p>
      <p>
        <Link to="/login">Back to log in</Link>
      </p>
    </div>
  );
}
