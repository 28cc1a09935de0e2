import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { consultInfo, submitInfoStep } from "~/booking/step.server";
import { ConsultInfoPage } from "~/ui/consult-info";
import { stepMeta } from "~/ui/step-meta";

export const meta = stepMeta;

// Booked as INVISALN: the length shown is the catalogue's.
export const loader = ({ request }: LoaderFunctionArgs) => consultInfo(request, "smile-straightening-consult", "INVISALN");

export async function action({ request }: ActionFunctionArgs) {
  return submitInfoStep(request, "smile-straightening-consult");
}

export default function SmileStraighteningConsult() {
  return (
    <ConsultInfoPage
      lead="booking.consultInfo.smileLead"
      steps={[
        "booking.consultInfo.smileExam",
        "booking.consultInfo.smileScan",
        "booking.consultInfo.smileOptions",
        "booking.consultInfo.smilePlan",
      ]}
      note="booking.consultInfo.under18"
    />
  );
}
