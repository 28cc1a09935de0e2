import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EMERGENCY_TYPES, type EmergencyType } from "~/booking/options";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, StepPage, type Choice } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";
import { schema } from "./emergency-type.server";

const EMERGENCY_CHOICES: Record<EmergencyType, Omit<Choice, "value">> = {
  toothache: { label: "Toothache or sharp pain", detail: "Constant or throbbing pain, or pain when you bite or drink something hot or cold." },
  "broken-tooth": { label: "Broken, chipped or knocked-out tooth", detail: "After a fall, a knock or biting something hard." },
  swelling: { label: "Swelling of the gum, face or jaw", detail: "Could be an infection. If it affects breathing or swallowing, call 911." },
  "lost-filling-or-crown": { label: "Lost filling or crown", detail: "Keep a crown that came off and bring it with you." },
  bleeding: { label: "Bleeding that won’t stop", detail: "From the gums, or after an extraction or other procedure." },
  other: { label: "Something else", detail: "You can tell us more on the next page." },
};

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "emergency-type");
  const choices = EMERGENCY_TYPES.map((value) => ({ value, ...EMERGENCY_CHOICES[value] }));
  return json({ back, title, emergencyType: state.emergencyType ?? null, choices });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "emergency-type", schema(), ({ emergencyType }) => ({ emergencyType }));
}

export default function EmergencyTypeStep() {
  const { back, title, emergencyType, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage title={title} back={back} result={result} values={{ emergencyType }}>
      <ChoiceGroup
        name="emergencyType"
        legend="Kind of emergency"
        choices={choices}
      />
    </StepPage>
  );
}
