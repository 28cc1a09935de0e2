import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { submitStep } from "~/booking/step.server";
import { ChoiceGroup } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { useT } from "~/i18n/use-t";
import { procedureSchema } from "~/booking/step-schemas.server";
import { proceduresStep } from "~/booking/choice-steps.server";

export const meta = stepMeta;

export const loader = ({ request }: LoaderFunctionArgs) => proceduresStep(request);

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "procedures", procedureSchema(), ({ procedure }) => ({ procedure }));
}

export default function Procedures() {
  const { back, title, procedure, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ procedure }}
      intro={<p className="lead">{t("booking.procedures.lead")}</p>}
    >
      <ChoiceGroup
        name="procedure"
        legend={t("booking.consultLegend")}
        choices={choices}
      />
    </StepPage>
  );
}
