import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { rescheduleAction, rescheduleLoader } from "~/account/manage-visit.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { RescheduleVisitRoute, visitChangeMeta } from "~/ui/visit-change";

export const meta = visitChangeMeta("visit.title.moveArea");
export const headers = () => PRIVATE_PAGE;
export const loader = (args: LoaderFunctionArgs) => rescheduleLoader(args, "account");
export const action = (args: ActionFunctionArgs) => rescheduleAction(args, "account");

export default function RescheduleVisit() {
  return <RescheduleVisitRoute />;
}
