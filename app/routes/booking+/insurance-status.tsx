import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { labelOf } from "~/booking/options";
import { CARRIERS, NOT_ACCEPTED_NOTICE } from "~/rules/insurance";
import { openStep, submitInfoStep } from "~/booking/step.server";
import { StepPage } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "insurance-status");
  const ins = state.insurance;
  const situation =
    ins?.kind === "self-pay"
      ? ("self-pay" as const)
      : ins?.kind === "carrier" && ins.carrier !== "OTHER" && ins.memberId
        ? ("verify" as const)
        : ("card-at-intake" as const);
  return json({
    back,
    title,
    situation,
    carrier: ins?.kind === "carrier" ? labelOf(CARRIERS, ins.carrier) : null,
    notice: NOT_ACCEPTED_NOTICE,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitInfoStep(request, "insurance-status");
}

export default function InsuranceStatus() {
  const { back, title, situation, carrier, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage title={title} back={back} result={result} submitLabel="Continue">
      <h2>What happens next</h2>
      {situation === "verify" ? (
        <p>We’ll check your {carrier} coverage before your visit. If anything is not covered, we’ll tell you before any treatment.</p>
      ) : situation === "card-at-intake" ? (
        <p>
          {carrier && carrier !== "Another plan" ? `We’ll need your ${carrier} member details` : "We’ll need your insurance details"} to check your
          coverage. After booking, you’ll get a link to add a photo of your insurance card; you can also bring the card to your visit.
        </p>
      ) : (
        <p>You’re paying yourself: the price shown for your visit is what you pay, and you’ll get a written estimate before any further treatment.</p>
      )}
      <p className="notice" role="note">
        {notice}
      </p>
    </StepPage>
  );
}
