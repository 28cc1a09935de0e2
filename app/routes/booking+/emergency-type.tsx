import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EMERGENCY_TYPES, type EmergencyType } from "~/booking/options";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, type Choice } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";
import { emergencyTypeSchema } from "~/booking/step-schemas.server";

const EMERGENCY_CHOICES: Record<EmergencyType, Omit<Choice, "value">> = {
  toothache: { label: "booking.emergencyType.toothache", detail: "booking.emergencyType.toothacheDetail" },
  "broken-tooth": { label: "booking.emergencyType.broken", detail: "booking.emergencyType.brokenDetail" },
  swelling: { label: "booking.emergencyType.swelling", detail: "booking.emergencyType.swellingDetail" },
  "lost-filling-or-crown": { label: "booking.emergencyType.lost", detail: "booking.emergencyType.lostDetail" },
  bleeding: { label: "booking.emergencyType.bleeding", detail: "booking.emergencyType.bleedingDetail" },
  other: { label: "booking.emergencyType.other", detail: "booking.emergencyType.otherDetail" },
};

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "emergency-type");
  const { t } = i18nOf(request);
  const choices = EMERGENCY_TYPES.map((value) => ({ value, label: t(EMERGENCY_CHOICES[value].label), detail: t(EMERGENCY_CHOICES[value].detail ?? "") }));
  return json({ back, title, emergencyType: state.emergencyType ?? null, choices });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "emergency-type", emergencyTypeSchema(), ({ emergencyType }) => ({ emergencyType }));
}

export default function EmergencyTypeStep() {
  const { back, title, emergencyType, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage title={title} back={back} result={result} values={{ emergencyType }}>
      <ChoiceGroup
        name="emergencyType"
        legend={t("booking.emergencyType.legend")}
        choices={choices}
      />
    </StepPage>
  );
}
