import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { COSMETIC_CHOICES } from "~/booking/options";
import { openStep, submitStep } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { getService } from "~/scheduling/catalogue.server";
import { formatUsd } from "~/rules/currency";
import { ChoiceGroup, type Choice } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";
import { cosmeticSchema } from "~/booking/step-schemas.server";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "cosmetic");
  const whiteningPrice = (await getService(await getDb(), "WHTNG"))?.priceCents;
  const { t, locale } = i18nOf(request);
  const details: Record<(typeof COSMETIC_CHOICES)[number], Omit<Choice, "value">> = {
    consult: { label: t("booking.cosmetic.consult"), detail: t("booking.cosmetic.consultDetail") },
    whitening: {
      label: t("booking.service.WHTNG"),
      detail: whiteningPrice ? t("booking.cosmetic.whiteningPriced", { price: formatUsd(whiteningPrice, { locale }) }) : t("booking.cosmetic.whiteningDetail"),
    },
  };
  const choices = COSMETIC_CHOICES.map((value) => ({ value, ...details[value] }));
  return json({ back, title, cosmeticChoice: state.cosmeticChoice ?? null, choices });
}

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
