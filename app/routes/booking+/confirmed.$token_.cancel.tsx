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
  { title: metaT(matches)("visit.title.cancel", { brand: "Studio Dental" }) },
  { name: "robots", content: "noindex" },
];
export const headers = () => PRIVATE_PAGE;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await cancelPage(request, params.token ?? "", "guest"));
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  submitCancel(request, params.token ?? "", "guest");

export default function CancelVisit() {
  return (
    <div className="page narrow">
      <CancelVisitPage
        data={useLoaderData<typeof loader>()}
        result={useActionData<typeof action>()}
      />
    </div>
  );
}
