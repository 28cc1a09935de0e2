import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { submitInfoStep } from "~/booking/step.server";
import { StepPage } from "~/ui/step-header";
import { PhoneLink } from "~/ui/phone-link";
import { stepMeta } from "~/ui/step-meta";
import { Trans, useT } from "~/i18n/use-t";
import { emergencyStep } from "~/booking/choice-steps.server";

const TREATED = [
  "booking.emergency.treatToothache",
  "booking.emergency.treatBroken",
  "booking.emergency.treatKnockedOut",
  "booking.emergency.treatLost",
  "booking.emergency.treatSwelling",
  "booking.emergency.treatBleeding",
] as const;

export const meta = stepMeta;

export const loader = ({ request }: LoaderFunctionArgs) => emergencyStep(request);

export async function action({ request }: ActionFunctionArgs) {
  return submitInfoStep(request, "emergency");
}

export default function Emergency() {
  const { back, title, studios } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      intro={
        <>
          <div className="notice notice-urgent" role="note">
            <h2>{t("booking.emergency.call911Title")}</h2>
            <p>
              <Trans k="booking.emergency.call911" tags={{ strong: <strong /> }} />
            </p>
          </div>
          {studios.length > 0 ? (
            <div className="notice">
              <h2>{t("booking.emergency.callTitle")}</h2>
              <p>{t("booking.emergency.callText")}</p>
              <ul className="call-list">
                {studios.map((s) => (
                  <li key={s.slug}>
                    <span>{s.name}</span> <PhoneLink phone={s.phone} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <h2>{t("booking.emergency.treatTitle")}</h2>
          <ul className="info-list">
            {TREATED.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
          <h2>{t("booking.emergency.nextTitle")}</h2>
          <p>{t("booking.emergency.nextText")}</p>
        </>
      }
    />
  );
}
