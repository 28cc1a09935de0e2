import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { SubmitButton } from "~/ui/form";
import { leaveAction, leavePage } from "~/waitlist/pages.server";

export const meta: MetaFunction = () => [{ title: "Leave the waitlist — Studio Dental" }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

export const loader = ({ params }: LoaderFunctionArgs) => leavePage(params.token);
export const action = ({ request, params }: ActionFunctionArgs) => leaveAction(request, params.token);

export default function LeaveWaitlist() {
  const entry = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <h1>Leave the waitlist</h1>
      <p className="lead">
        {entry.serviceName} at {entry.studioName}.
      </p>
      {entry.left ? (
        <div className="notice notice-success" role="status">
          <p>You’re off this waitlist. We won’t email you about it again.</p>
        </div>
      ) : (
        <Form method="post" className="form">
          <p>We won’t email you about free times for it any more.</p>
          <div className="form-actions">
            <SubmitButton label="Leave the waitlist" />
          </div>
        </Form>
      )}
      <p>
        <Link to="/booking">Book a visit</Link>
      </p>
    </div>
  );
}
