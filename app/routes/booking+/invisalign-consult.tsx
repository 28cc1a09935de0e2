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
      lead="Invisalign straightens teeth with a series of clear, removable aligners. The consult tells you whether it suits you, how long it would take and what it would cost."
      steps={[
        "We talk about what you’d like to change and any past orthodontic treatment.",
        "A quick 3D scan of your teeth: no trays of impression putty.",
        "X-rays and photos if we need them.",
        "A preview of how your teeth could move, then your plan: the number of aligners, the timeline and the price.",
      ]}
      note="There is no obligation to start treatment, and you can bring any questions about payment plans or insurance coverage."
    />
  );
}
