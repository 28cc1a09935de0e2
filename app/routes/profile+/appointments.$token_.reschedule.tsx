import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  reschedulePage,
  submitReschedule,
} from "~/account/manage-visit.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { RescheduleVisitPage } from "~/ui/visit-change";
import { metaT } from "~/i18n/use-t";

export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches)("visit.title.moveArea", { brand: "Studio Dental" }) },
  { name: "robots", content: "noindex" },
];
export const headers = () => PRIVATE_PAGE;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await reschedulePage(request, params.token ?? "", "account"));
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  submitReschedule(request, params.token ?? "", "account");

export default function RescheduleVisit() {
  return (
    <RescheduleVisitPage
      data={useLoaderData<typeof loader>()}
      result={useActionData<typeof action>()}
    />
  );
}
