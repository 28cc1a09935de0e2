import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { StepHeader } from "~/ui/step-header";
import { WaitlistJoinForm } from "~/ui/waitlist";
import { joinAction, joinPage } from "~/waitlist/join.server";

export const meta: MetaFunction = () => [{ title: "Join the waitlist — Book a visit" }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

export const loader = ({ request }: LoaderFunctionArgs) => joinPage(request);
export const action = ({ request }: ActionFunctionArgs) => joinAction(request);

export default function JoinWaitlist() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <StepHeader />
      <h1>Join the waitlist</h1>
      <p className="lead">
        For a {data.serviceName} at {data.studioName}. When a time that suits you frees up, we email you a link to claim it. The first patient to claim it gets it.
      </p>
      <WaitlistJoinForm data={data} result={result} />
    </div>
  );
}
