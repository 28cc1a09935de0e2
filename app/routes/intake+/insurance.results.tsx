import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { intakeHeaders, intakeMeta } from "~/intake/headers";
import { infoSchema } from "~/intake/schemas.server";
import { CARRIER_CHOICES, labelOf, PLAN_TYPES } from "~/intake/options";
import { intakeSteps, openIntakeStep } from "~/intake/step.server";
import { findIntake } from "~/intake/store.server";
import { NOT_ACCEPTED_NOTICE } from "~/rules/insurance";
import { IntakeStepPage } from "~/ui/intake-page";

export const headers = intakeHeaders;
export const meta = intakeMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { visit, ctx, page } = await openIntakeStep(request, "insurance-results");
  const row = await findIntake(visit);
  const ins = ctx.state.insurance;
  const plan =
    ins?.kind === "carrier"
      ? `${ins.carrier === "OTHER" ? (ins.planName ?? "Your plan") : labelOf(CARRIER_CHOICES, ins.carrier)} (${labelOf(PLAN_TYPES, ins.planType)})`
      : "";
  return json({ ...page, plan, outcome: row?.planCheck?.outcome ?? "unavailable", notice: NOT_ACCEPTED_NOTICE });
}

export async function action({ request }: ActionFunctionArgs) {
  const { submitStep } = await intakeSteps(request);
  return submitStep(request, "insurance-results", infoSchema(), () => ({}));
}

export default function InsuranceResults() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <IntakeStepPage page={data} result={result} submitLabel="Continue">
      <p className="lead">{data.plan}</p>
      {data.outcome === "accepted" ? (
        <div className="notice" role="status">
          <h2>We accept this plan</h2>
          <p>
            The carrier and plan type you gave are on our practice’s list of accepted plans. This is our own list, not a check with your insurer: the
            studio confirms your coverage before your visit and contacts you if anything is wrong.
          </p>
        </div>
      ) : data.outcome === "not_accepted" ? (
        <div className="notice notice-warning" role="status">
          <h2>We may not accept this plan</h2>
          <p>{data.notice}</p>
          <p>Your appointment stays booked. You can also choose to pay yourself.</p>
        </div>
      ) : (
        <div className="notice" role="status">
          <h2>We couldn’t check your plan now</h2>
          <p>The studio will check it by hand and contact you ahead of your visit if it is not accepted. Your appointment stays booked.</p>
        </div>
      )}
    </IntakeStepPage>
  );
}
