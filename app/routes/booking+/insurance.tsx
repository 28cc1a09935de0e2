import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CARRIERS, SELF_PAY } from "~/rules/insurance";
import { carrierLabel } from "~/booking/insurance-labels";
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";
import { insuranceFormSchema } from "~/booking/step-schemas.server";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, TextField } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "insurance");
  const ins = state.insurance;
  const { t } = i18nOf(request);
  return json({
    back,
    title,
    notice: t("booking.insurance.notAccepted"),
    selected: ins ? (ins.kind === "self-pay" ? SELF_PAY : ins.carrier) : null,
    memberId: ins?.kind === "carrier" ? (ins.memberId ?? "") : "",
    choices: [
      ...CARRIERS.map((c) => ({ value: c.value, label: carrierLabel(t, c.value), detail: "detail" in c ? t("booking.insurance.otherDetail") : undefined })),
      { value: SELF_PAY, label: t("booking.insurance.selfPay"), detail: t("booking.insurance.selfPayDetail") },
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
  const t = useT();
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
      <ChoiceGroup name="carrier" legend={t("booking.insurance.legend")} choices={choices} />
      <TextField
        name="memberId"
        label={t("booking.insurance.memberId")}
        hint={t("booking.insurance.memberIdHint")}
        autoComplete="off"
      />
    </StepPage>
  );
}
