import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { cancelAction, cancelLoader } from "~/account/manage-visit.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { CancelVisitRoute, visitChangeMeta } from "~/ui/visit-change";

export const meta = visitChangeMeta("visit.title.cancel");
export const headers = () => PRIVATE_PAGE;
export const loader = (args: LoaderFunctionArgs) => cancelLoader(args, "guest");
export const action = (args: ActionFunctionArgs) => cancelAction(args, "guest");

export default function CancelVisit() {
  return <CancelVisitRoute narrow />;
}
