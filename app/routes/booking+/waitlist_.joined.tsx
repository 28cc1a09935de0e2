import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { joinedPage } from "~/waitlist/join.server";

export const meta: MetaFunction = () => [{ title: "You’re on the waitlist — Book a visit" }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

export const loader = ({ request }: LoaderFunctionArgs) => joinedPage(request);

export default function WaitlistJoined() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <h1>You’re on the waitlist</h1>
      <p className="lead">
        We’ll email you when a time for your {data.serviceName} at {data.studioName} frees up
        {data.days ? (
          <>
            : {data.days}, {data.parts}
          </>
        ) : null}
        .
      </p>
      <div className="notice notice-success">
        <p>We’ve sent you an email saying so. Every email from the waitlist has a link to leave it.</p>
      </div>
      <p>Offers go to a few patients at a time, those waiting longest first. The first to claim a time gets it; if it’s gone, you stay on the list.</p>
      <p>
        <Link to="/booking/times">Back to the times</Link>
      </p>
    </div>
  );
}
