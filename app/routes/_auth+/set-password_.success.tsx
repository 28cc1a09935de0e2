import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePatient } from "~/auth/sessions.server";

export const meta: MetaFunction = () => [{ title: "Your password is set — Studio Dental" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const patient = await requirePatient(request);
  return json({ email: patient.email });
}

export default function SetPasswordSuccess() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <h1>Your password is set</h1>
      <p className="lead">
        You are logged in as <strong>{email}</strong>. Every other device was logged out, and we emailed you a note about
        the change.
      </p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
