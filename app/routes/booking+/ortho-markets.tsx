import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { openStep, submitStep } from "~/booking/step.server";
import { MARKETS } from "~/rules/markets";
import { ChoiceGroup } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { useT } from "~/i18n/use-t";
import { orthoMarketSchema } from "~/booking/step-schemas.server";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "ortho-markets");
  // Preselect the saved answer, else the city chosen at the start of the booking.
  return json({ back, title, orthoMarket: state.orthoMarket ?? state.market ?? null, markets: MARKETS });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "ortho-markets", orthoMarketSchema(), ({ orthoMarket }) => ({ orthoMarket }));
}

export default function OrthoMarkets() {
  const { back, title, orthoMarket, markets } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ orthoMarket }}
      intro={<p className="lead">{t("booking.orthoMarkets.lead")}</p>}
    >
      <ChoiceGroup
        name="orthoMarket"
        legend={t("booking.markets.legend")}
        choices={markets.map((m) => ({ value: m.slug, label: m.name }))}
      />
    </StepPage>
  );
}
