import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CATEGORIES, COSMETIC_CONSULT_CODES, PROCEDURE_SERVICE, type Category, type ServiceCode } from "~/booking/options";
import { getDb } from "~/db/client.server";
import { getService } from "~/scheduling/catalogue.server";
import { priceLineOfGroup } from "~/scheduling/prices";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, type Choice } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";
import { categorySchema } from "~/booking/step-schemas.server";

/** The services each choice can lead to, for its price line. */
const CATEGORY_SERVICES: Record<Category, readonly ServiceCode[]> = {
  cleaning: ["CLNCHK"],
  whitening: ["WHTNG"],
  emergency: ["EMERG"],
  cosmetic: [...COSMETIC_CONSULT_CODES, "WHTNG"],
  procedures: Object.values(PROCEDURE_SERVICE),
  ortho: ["INVISALN", "BRACESCON"],
};

const CATEGORY_CHOICES: Record<Category, Omit<Choice, "value">> = {
  cleaning: { label: "booking.services.cleaning", detail: "booking.services.cleaningDetail" },
  whitening: { label: "booking.services.whitening", detail: "booking.services.whiteningDetail" },
  emergency: { label: "booking.services.emergency", detail: "booking.services.emergencyDetail" },
  cosmetic: { label: "booking.services.cosmetic", detail: "booking.services.cosmeticDetail" },
  procedures: { label: "booking.services.procedures", detail: "booking.services.proceduresDetail" },
  ortho: { label: "booking.services.ortho", detail: "booking.services.orthoDetail" },
};

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "services");
  const { t, locale } = i18nOf(request);
  const db = await getDb();
  const choices = await Promise.all(
    CATEGORIES.map(async (value) => {
      const services = (await Promise.all(CATEGORY_SERVICES[value].map((code) => getService(db, code)))).filter((s) => s !== null);
      const { label, detail } = CATEGORY_CHOICES[value];
      return { value, label: t(label), detail: detail && t(detail), price: services.length ? priceLineOfGroup(services, t, locale) : undefined };
    }),
  );
  return json({ back, title, category: state.category ?? null, choices });
}

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
