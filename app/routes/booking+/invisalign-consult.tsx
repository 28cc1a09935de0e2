import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { consultInfo, submitInfoStep } from "~/booking/step.server";
import { ConsultInfoPage } from "~/ui/consult-info";
import { stepMeta } from "~/ui/step-meta";

export const meta = stepMeta;

// Booked as INVISALN: the length shown is the catalogue's.
export const loader = ({ request }: LoaderFunctionArgs) => consultInfo(request, "invisalign-consult", "INVISALN");

export async function action({ request }: ActionFunctionArgs) {
  return submitInfoStep(request, "invisalign-consult");
}

export default function InvisalignConsult() {
  return (
    <ConsultInfoPage
      lead="booking.consultInfo.invisalignLead"
      steps={[
        "booking.consultInfo.invisalignTalk",
        "booking.consultInfo.invisalignScan",
        "booking.consultInfo.invisalignXrays",
        "booking.consultInfo.invisalignPreview",
      ]}
      note="booking.consultInfo.invisalignNote"
    />
  );
}
