import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { carrierLabel } from "~/booking/insurance-labels";
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";
import { openStep, submitInfoStep } from "~/booking/step.server";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "insurance-status");
  const ins = state.insurance;
  const { t } = i18nOf(request);
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
    // A named plan ("We’ll need your Aetna member details"); "Another plan" is asked about in general words.
    carrier: ins?.kind === "carrier" ? carrierLabel(t, ins.carrier) : null,
    namedPlan: ins?.kind === "carrier" && ins.carrier !== "OTHER",
    notice: t("booking.insurance.notAccepted"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitInfoStep(request, "insurance-status");
}

export default function InsuranceStatus() {
  const { back, title, situation, carrier, namedPlan, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage title={title} back={back} result={result} submitLabel={t("booking.continue")}>
      <h2>{t("booking.insuranceStatus.next")}</h2>
      {situation === "verify" ? (
        <p>{t("booking.insuranceStatus.verify", { carrier: carrier ?? "" })}</p>
      ) : situation === "card-at-intake" ? (
        <p>{carrier && namedPlan ? t("booking.insuranceStatus.needMember", { carrier }) : t("booking.insuranceStatus.needDetails")}</p>
      ) : (
        <p>{t("booking.insuranceStatus.selfPay")}</p>
      )}
      <p className="notice" role="note">
        {notice}
      </p>
    </StepPage>
  );
}
