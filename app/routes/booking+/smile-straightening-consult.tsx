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
      lead="Not sure whether clear aligners or braces are right for you? That is exactly what this consult is for."
      steps={[
        "An orthodontist examines your teeth and bite and asks what you’d like to change.",
        "A quick 3D scan of your teeth, and X-rays if we need them.",
        "We explain the options that would work for you (Invisalign, braces or both) and recommend one.",
        "You leave with a plan, a timeline and a price, with no obligation to start.",
      ]}
      note="Patients under 18 need a parent or guardian with them."
    />
  );
}
