import { useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useT } from "~/i18n/use-t";
import { type FormResult } from "./form";
import { StepPage } from "./step-header";

/** The data every consult information step loads (see consultInfo in booking/step.server.ts). */
export type ConsultInfoData = { back: string | null; title: string; minutes: number };

/**
 * A consult explained before the patient picks a studio: what happens, how long it takes, then Continue. The lead,
 * steps and note are catalogue keys, worded in the reader's language here.
 */
export function ConsultInfoPage({ lead, steps, note }: { lead: string; steps: string[]; note: string }) {
  const { back, title, minutes } = useLoaderData<ConsultInfoData>();
  const result = useActionData<FormResult>();
  const t = useT();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      intro={
        <>
          <p className="lead">{t(lead)}</p>
          <h2>{t("booking.consultInfo.heading")}</h2>
          <ul className="info-list">
            {steps.map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </ul>
          <p>
            <Trans k="booking.consultInfo.takes" vars={{ minutes }} tags={{ strong: <strong /> }} /> {t(note)}
          </p>
        </>
      }
    />
  );
}
