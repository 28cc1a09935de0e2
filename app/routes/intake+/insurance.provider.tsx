import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { providerSchema, toInsurance } from "~/intake/schemas.server";
import { intakeHeaders, intakeMeta } from "~/intake/headers";
import { CARRIER_CHOICES, PLAN_TYPES, RELATIONSHIPS, SELF_PAY, wordedChoices } from "~/intake/options";
import { localPlanRules, runPlanCheck, type PlanCheckRecord } from "~/intake/plan-check";
import { intakeSteps, openIntakeStep, withToken } from "~/intake/step.server";
import { savePlanCheck } from "~/intake/store.server";
import { ChoiceGroup, TextField } from "~/ui/form";
import { IntakeStepPage } from "~/ui/intake-page";
import { useT } from "~/i18n/use-t";

export const headers = intakeHeaders;
export const meta = intakeMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { visit, ctx, page } = await openIntakeStep(request, "insurance-provider");
  const ins = ctx.state.insurance;
  const booked = visit.bookedInsurance;
  // The saved answer, else what the patient said while booking.
  const values =
    ins?.kind === "carrier"
      ? {
          carrier: ins.carrier,
          planName: ins.planName ?? "",
          planType: ins.planType,
          memberId: ins.memberId,
          groupNumber: ins.groupNumber ?? "",
          relationship: ins.subscriber.relationship,
          subscriberName: ins.subscriber.relationship === "self" ? "" : ins.subscriber.name,
          subscriberDob: ins.subscriber.relationship === "self" ? "" : ins.subscriber.dateOfBirth,
        }
      : ins?.kind === "none"
        ? { carrier: SELF_PAY }
        : booked?.kind === "carrier"
          ? { carrier: booked.carrier, memberId: booked.memberId ?? "" }
          : booked?.kind === "self-pay"
            ? { carrier: SELF_PAY }
            : {};
  return json({ ...page, back: page.back ?? withToken(visit, "/intake"), values });
}

export async function action({ request }: ActionFunctionArgs) {
  const { visit, submitStep } = await intakeSteps(request);
  let planCheck: PlanCheckRecord | null | undefined;
  const response = await submitStep(request, "insurance-provider", providerSchema(), async (value) => {
    const insurance = toInsurance(value);
    // The practice's own plan rules (not an eligibility verification), kept with the intake for the results page.
    planCheck = insurance.kind === "carrier" ? await runPlanCheck(localPlanRules, insurance) : null;
    return { insurance };
  });
  if (planCheck !== undefined) await savePlanCheck(visit, planCheck);
  return response;
}

export default function InsuranceProvider() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <IntakeStepPage page={data} result={result}>
      <ChoiceGroup name="carrier" legend={t("intake.provider.carrier")} choices={wordedChoices(t, CARRIER_CHOICES)} />
      <TextField name="planName" label={t("intake.provider.planName")} hint={t("intake.provider.planNameHint")} autoComplete="off" />
      <ChoiceGroup name="planType" legend={t("intake.provider.planType")} hint={t("intake.provider.planTypeHint")} choices={wordedChoices(t, PLAN_TYPES)} />
      <TextField name="memberId" label={t("intake.provider.memberId")} hint={t("intake.provider.memberIdHint")} autoComplete="off" />
      <TextField name="groupNumber" label={t("intake.provider.groupNumber")} hint={t("intake.provider.groupNumberHint")} autoComplete="off" />
      <ChoiceGroup name="relationship" legend={t("intake.provider.relationship")} choices={wordedChoices(t, RELATIONSHIPS)} />
      <TextField name="subscriberName" label={t("intake.provider.subscriberName")} autoComplete="off" />
      <TextField name="subscriberDob" label={t("intake.provider.subscriberDob")} type="date" min="1900-01-01" />
    </IntakeStepPage>
  );
}
