import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "~/auth/headers";
import { metaT, useT } from "~/i18n/use-t";
import { StepHeader } from "~/ui/step-header";
import { WaitlistJoinForm } from "~/ui/waitlist";
import { joinAction, joinPage } from "~/waitlist/join.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("waitlist.join.meta") }, { name: "robots", content: "noindex" }];
export const headers = () => PRIVATE_PAGE;

export const loader = ({ request }: LoaderFunctionArgs) => joinPage(request);
export const action = ({ request }: ActionFunctionArgs) => joinAction(request);

export default function JoinWaitlist() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="page narrow">
      <StepHeader />
      <h1>{t("waitlist.join.title")}</h1>
      <p className="lead">{t("waitlist.join.lead", { service: data.serviceName, studio: data.studioName })}</p>
      <WaitlistJoinForm data={data} result={result} />
    </div>
  );
}
