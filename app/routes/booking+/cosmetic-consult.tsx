import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { COSMETIC_CONSULT_CODES } from "~/booking/options";
import { getDb } from "~/db/client.server";
import { getService } from "~/scheduling/catalogue.server";
import { priceLine } from "~/scheduling/prices";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, type Choice } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";
import { cosmeticConsultSchema } from "~/booking/step-schemas.server";

type ConsultCode = (typeof COSMETIC_CONSULT_CODES)[number];

const CONSULT_CHOICES: Record<ConsultCode, Omit<Choice, "value">> = {
  COSCON: { label: "booking.cosmeticConsult.coscon", detail: "booking.cosmeticConsult.cosconDetail" },
  BOTOXCON: { label: "booking.cosmeticConsult.botox", detail: "booking.cosmeticConsult.botoxDetail" },
};

const isConsultCode = (code: unknown): code is ConsultCode => (COSMETIC_CONSULT_CODES as readonly unknown[]).includes(code);

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "cosmetic-consult");
  const { t, locale } = i18nOf(request);
  const db = await getDb();
  const choices = await Promise.all(
    COSMETIC_CONSULT_CODES.map(async (value) => {
      const service = await getService(db, value);
      const { label, detail } = CONSULT_CHOICES[value];
      return { value, label: t(label), detail: detail && t(detail), price: service ? priceLine(service, t, locale) : undefined };
    }),
  );
  return json({ back, title, serviceType: isConsultCode(state.serviceType) ? state.serviceType : null, choices });
}

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
