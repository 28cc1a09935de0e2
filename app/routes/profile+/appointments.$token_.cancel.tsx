import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { cancelPage, submitCancel } from "~/account/manage-visit.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { CancelVisitPage } from "~/ui/visit-change";
import { metaT } from "~/i18n/use-t";

export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches)("visit.title.cancelArea", { brand: "Studio Dental" }) },
  { name: "robots", content: "noindex" },
];
export const headers = () => PRIVATE_PAGE;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await cancelPage(request, params.token ?? "", "account"));
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  submitCancel(request, params.token ?? "", "account");

export default function CancelVisit() {
  return (
    <CancelVisitPage
      data={useLoaderData<typeof loader>()}
      result={useActionData<typeof action>()}
    />
  );
}
