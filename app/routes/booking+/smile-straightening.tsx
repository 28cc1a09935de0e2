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
      lead="Braces are the most dependable way to correct bite problems and crowded teeth, for children, teens and adults. The consult is with an orthodontist."
      steps={[
        "An orthodontist examines your teeth, jaw and bite.",
        "Photos and X-rays so we can plan accurately.",
        "Your options, such as metal or tooth-coloured ceramic braces, and how long treatment would take.",
        "A clear price, and what insurance may cover.",
      ]}
      note="Patients under 18 need a parent or guardian with them."
    />
  );
}
