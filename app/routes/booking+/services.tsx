import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { submitStep } from "~/booking/step.server";
import { ChoiceGroup } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { useT } from "~/i18n/use-t";
import { categorySchema } from "~/booking/step-schemas.server";
import { servicesStep } from "~/booking/choice-steps.server";

export const meta = stepMeta;

export const loader = ({ request }: LoaderFunctionArgs) => servicesStep(request);

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "services", categorySchema(), ({ category }) => ({ category }));
}

export default function Services() {
  const { back, title, category, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage title={title} back={back} result={result} values={{ category }}>
      <ChoiceGroup
        name="category"
        legend={t("booking.services.legend")}
        choices={choices}
      />
    </StepPage>
  );
}
