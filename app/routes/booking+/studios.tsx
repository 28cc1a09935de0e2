import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChoiceFieldset, Radio } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { StudioContact } from "~/ui/studio";
import { stepMeta } from "~/ui/step-meta";
import { chooseStudio, studiosStep } from "~/booking/studio-step.server";
import { useT } from "~/i18n/use-t";

export const meta = stepMeta;

export const loader = ({ request }: LoaderFunctionArgs) => studiosStep(request);

export const action = ({ request }: ActionFunctionArgs) => chooseStudio(request);

export default function Studios() {
  const { back, title, selected, serviceName, timesUnavailable, studios } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ studio: selected }}
      intro={
        <>
          <p className="lead">{t("booking.studios.lead", { service: serviceName.toLowerCase() })}</p>
          {timesUnavailable ? (
            <p className="notice" role="status">
              {t("booking.studios.timesUnavailable")}
            </p>
          ) : null}
        </>
      }
    >
      {studios.length === 0 ? (
        <p className="notice">{t("booking.studios.none")}</p>
      ) : (
        <ChoiceFieldset name="studio" legend={t("booking.studios.legend")}>
          <div className="choices">
            {studios.map((s) => (
              <div className="studio-choice" key={s.slug}>
                <Radio name="studio" value={s.slug} label={s.name}>
                  <span className="choice-detail">{s.isVirtual ? t("booking.studios.video") : s.address}</span>
                  {s.firstFree ? <span className="studio-first">{s.firstFree}</span> : null}
                </Radio>
                <StudioContact studio={s} showAddress={false} />
              </div>
            ))}
          </div>
        </ChoiceFieldset>
      )}
    </StepPage>
  );
}
