import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PROCEDURE_SERVICE, PROCEDURES, type Procedure } from "~/booking/options";
import { getDb } from "~/db/client.server";
import { getService } from "~/scheduling/catalogue.server";
import { priceLine } from "~/scheduling/prices";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, type Choice } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";
import { procedureSchema } from "~/booking/step-schemas.server";

const PROCEDURE_CHOICES: Record<Procedure, Omit<Choice, "value">> = {
  general: { label: "booking.service.GENOCON", detail: "booking.procedures.generalDetail" },
  implant: { label: "booking.service.IMPCON", detail: "booking.procedures.implantDetail" },
  crown: { label: "booking.service.CRNCON", detail: "booking.procedures.crownDetail" },
  bridge: { label: "booking.service.BRGCON", detail: "booking.procedures.bridgeDetail" },
};

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "procedures");
  const { t, locale } = i18nOf(request);
  const db = await getDb();
  const choices = await Promise.all(
    PROCEDURES.map(async (value) => {
      const service = await getService(db, PROCEDURE_SERVICE[value]);
      const { label, detail } = PROCEDURE_CHOICES[value];
      return { value, label: t(label), detail: detail && t(detail), price: service ? priceLine(service, t, locale) : undefined };
    }),
  );
  return json({ back, title, procedure: state.procedure ?? null, choices });
}

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
