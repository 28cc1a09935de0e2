import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { submitStep } from "~/booking/step.server";
import { ChoiceGroup } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { useT } from "~/i18n/use-t";
import { cosmeticSchema } from "~/booking/step-schemas.server";
import { cosmeticStep } from "~/booking/choice-steps.server";

export const meta = stepMeta;

export const loader = ({ request }: LoaderFunctionArgs) => cosmeticStep(request);

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "cosmetic", cosmeticSchema(), ({ cosmeticChoice }) => ({ cosmeticChoice }));
}

export default function Cosmetic() {
  const { back, title, cosmeticChoice, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage title={title} back={back} result={result} values={{ cosmeticChoice }}>
      <ChoiceGroup
        name="cosmeticChoice"
        legend={t("booking.cosmetic.legend")}
        choices={choices}
      />
    </StepPage>
  );
}
