import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CARRIERS, NOT_ACCEPTED_NOTICE, SELF_PAY } from "~/rules/insurance";
import { insuranceFormSchema } from "./insurance.server";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, StepPage, TextField } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "insurance");
  const ins = state.insurance;
  return json({
    back,
    title,
    notice: NOT_ACCEPTED_NOTICE,
    selected: ins ? (ins.kind === "self-pay" ? SELF_PAY : ins.carrier) : null,
    memberId: ins?.kind === "carrier" ? (ins.memberId ?? "") : "",
    choices: [
      ...CARRIERS.map((c) => ({ value: c.value, label: c.label, detail: "detail" in c ? c.detail : undefined })),
      { value: SELF_PAY, label: "I’ll pay myself", detail: "No insurance, or you’d rather not use it." },
    ],
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "insurance", insuranceFormSchema, ({ carrier, memberId }) => ({
    insurance: carrier === SELF_PAY ? { kind: "self-pay" as const } : { kind: "carrier" as const, carrier, ...(memberId ? { memberId } : {}) },
  }));
}

export default function Insurance() {
  const { back, title, notice, selected, memberId, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ carrier: selected, memberId }}
      intro={
        <p className="notice" role="note">
          {notice}
        </p>
      }
    >
      <ChoiceGroup name="carrier" legend="Dental insurance" choices={choices} />
      <TextField
        name="memberId"
        label="Member ID (optional)"
        hint="On your insurance card. Leave it empty if you don’t have it to hand, or if you’re paying yourself."
        autoComplete="off"
      />
    </StepPage>
  );
}
