import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { submitInfoStep } from "~/booking/step.server";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { useT } from "~/i18n/use-t";
import { whiteningStep } from "~/booking/choice-steps.server";

const VISIT = ["booking.whitening.visitCheck", "booking.whitening.visitGel", "booking.whitening.visitTips"] as const;
const GOOD_TO_KNOW = [
  "booking.whitening.knowInsurance",
  "booking.whitening.knowSensitivity",
  "booking.whitening.knowNatural",
  "booking.whitening.knowPregnancy",
] as const;

export const meta = stepMeta;

export const loader = ({ request }: LoaderFunctionArgs) => whiteningStep(request);

export async function action({ request }: ActionFunctionArgs) {
  return submitInfoStep(request, "whitening");
}

export default function Whitening() {
  const { back, title, price, minutes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      intro={
        <>
          <p className="lead">{t("booking.whitening.lead")}</p>
          <p className="price-tag">
            <strong>{price}</strong> <span>{t("booking.whitening.price", { minutes })}</span>
          </p>
          <h2>{t("booking.whitening.visitTitle")}</h2>
          <ul className="info-list">
            {VISIT.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
          <h2>{t("booking.whitening.knowTitle")}</h2>
          <ul className="info-list">
            {GOOD_TO_KNOW.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </>
      }
    />
  );
}
