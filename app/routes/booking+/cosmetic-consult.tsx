import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { submitStep } from "~/booking/step.server";
import { ChoiceGroup } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { useT } from "~/i18n/use-t";
import { cosmeticConsultSchema } from "~/booking/step-schemas.server";
import { cosmeticConsultStep } from "~/booking/choice-steps.server";

export const meta = stepMeta;

export const loader = ({ request }: LoaderFunctionArgs) => cosmeticConsultStep(request);

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "cosmetic-consult", cosmeticConsultSchema(), ({ serviceType }) => ({ serviceType }));
}

export default function CosmeticConsult() {
  const { back, title, serviceType, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage title={title} back={back} result={result} values={{ serviceType }}>
      <ChoiceGroup
        name="serviceType"
        legend={t("booking.consultLegend")}
        choices={choices}
      />
    </StepPage>
  );
}
