import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { intakeHeaders, intakeMeta } from "~/intake/headers";
import { infoSchema } from "~/intake/schemas.server";
import { CARRIER_CHOICES, labelOf, PLAN_TYPES } from "~/intake/options";
import { intakeSteps, openIntakeStep } from "~/intake/step.server";
import { findIntake } from "~/intake/store.server";
import { IntakeStepPage } from "~/ui/intake-page";
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";

export const headers = intakeHeaders;
export const meta = intakeMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { visit, ctx, page } = await openIntakeStep(request, "insurance-results");
  const row = await findIntake(visit);
  const ins = ctx.state.insurance;
  const { t } = i18nOf(request);
  const plan =
    ins?.kind === "carrier"
      ? `${ins.carrier === "OTHER" ? (ins.planName ?? t("intake.results.yourPlan")) : labelOf(t, CARRIER_CHOICES, ins.carrier)} (${labelOf(t, PLAN_TYPES, ins.planType)})`
      : "";
  return json({ ...page, plan, outcome: row?.planCheck?.outcome ?? "unavailable", notice: t("intake.results.notAccepted") });
}

export async function action({ request }: ActionFunctionArgs) {
  const { submitStep } = await intakeSteps(request);
  return submitStep(request, "insurance-results", infoSchema(), () => ({}));
}

export default function InsuranceResults() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <IntakeStepPage page={data} result={result} submitLabel={t("intake.continue")}>
      <p className="lead">{data.plan}</p>
      {data.outcome === "accepted" ? (
        <div className="notice" role="status">
          <h2>{t("intake.results.acceptedHeading")}</h2>
          <p>{t("intake.results.accepted")}</p>
        </div>
      ) : data.outcome === "not_accepted" ? (
        <div className="notice notice-warning" role="status">
          <h2>{t("intake.results.notAcceptedHeading")}</h2>
          <p>{data.notice}</p>
          <p>{t("intake.results.staysBooked")}</p>
        </div>
      ) : (
        <div className="notice" role="status">
          <h2>{t("intake.results.unavailableHeading")}</h2>
          <p>{t("intake.results.unavailable")}</p>
        </div>
      )}
    </IntakeStepPage>
  );
}
