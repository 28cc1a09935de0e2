import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { rescheduleAction, rescheduleLoader } from "~/account/manage-visit.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { RescheduleVisitRoute, visitChangeMeta } from "~/ui/visit-change";

export const meta = visitChangeMeta("visit.title.move");
export const headers = () => PRIVATE_PAGE;
export const loader = (args: LoaderFunctionArgs) => rescheduleLoader(args, "guest");
export const action = (args: ActionFunctionArgs) => rescheduleAction(args, "guest");

export default function RescheduleVisit() {
  return <RescheduleVisitRoute narrow />;
}
