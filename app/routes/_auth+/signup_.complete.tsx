import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePatient } from "~/auth/sessions.server";

export const meta: MetaFunction = () => [{ title: "Your account is ready — Studio Dental" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const patient = await requirePatient(request);
  return json({ name: patient.name, email: patient.email });
}

export default function SignupComplete() {
  const { name, email } = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <h1>Your account is ready</h1>
      <p className="lead">
        Welcome, {name}. You are logged in as <strong>{email}</strong>.
      </p>
      <p>Visits booked with this email address are now part of your account.</p>
      <p>
        <Link to="/booking" className="button">
          Book a visit
        </Link>
      </p>
    </div>
  );
}
