import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { openStep, submitStep } from "~/booking/step.server";
import { readUtmParams } from "~/platform/cookies.server";
import { detectMarket, isMarketSlug, MARKETS } from "~/rules/markets";
import { ChoiceGroup } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { useT } from "~/i18n/use-t";
import { stepMeta } from "~/ui/step-meta";
import { marketSchema } from "~/booking/step-schemas.server";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "markets");
  const asked = new URL(request.url).searchParams.get("market");
  // Preselect: the saved answer, else ?market=, else the market named in the campaign that brought them.
  const market = state.market ?? (isMarketSlug(asked) ? asked : null) ?? detectMarket(readUtmParams(request));
  return json({ back, title, market, markets: MARKETS });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "markets", marketSchema(), ({ market }) => ({ market }));
}

export default function Markets() {
  const { back, title, market, markets } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage title={title} back={back} result={result} values={{ market }}>
      <ChoiceGroup
        name="market"
        legend={t("booking.markets.legend")}
        choices={markets.map((m) => ({ value: m.slug, label: m.name }))}
      />
    </StepPage>
  );
}
