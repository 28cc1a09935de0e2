import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { consultInfo, submitInfoStep } from "~/booking/step.server";
import { ConsultInfoPage } from "~/ui/consult-info";
import { stepMeta } from "~/ui/step-meta";

export const meta = stepMeta;

// Booked as BRACESCON: the length shown is the catalogue's.
export const loader = ({ request }: LoaderFunctionArgs) => consultInfo(request, "smile-straightening", "BRACESCON");

export async function action({ request }: ActionFunctionArgs) {
  return submitInfoStep(request, "smile-straightening");
}

export default function SmileStraighteningBraces() {
  return (
    <ConsultInfoPage
      lead="booking.consultInfo.bracesLead"
      steps={[
        "booking.consultInfo.bracesExam",
        "booking.consultInfo.bracesPhotos",
        "booking.consultInfo.bracesOptions",
        "booking.consultInfo.bracesPrice",
      ]}
      note="booking.consultInfo.under18"
    />
  );
}
