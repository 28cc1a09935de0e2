import { useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { StepPage, type FormResult } from "./form";

/** The data every consult information step loads (see consultInfo in booking/step.server.ts). */
export type ConsultInfoData = { back: string | null; title: string; minutes: number };

/** A consult explained before the patient picks a studio: what happens, how long it takes, then Continue. */
export function ConsultInfoPage({ lead, steps, note }: { lead: ReactNode; steps: ReactNode[]; note: ReactNode }) {
  const { back, title, minutes } = useLoaderData<ConsultInfoData>();
  const result = useActionData<FormResult>();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      intro={
        <>
          <p className="lead">{lead}</p>
          <h2>What happens at your consult</h2>
          <ul className="info-list">
            {steps.map((step, i) => (
              <li key={i}>{step}</li>
            ))}
          </ul>
          <p>
            It takes about <strong>{minutes} minutes</strong>. {note}
          </p>
        </>
      }
    />
  );
}
