import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { ErrorSummary, FormActions, FormStateProvider, type FormResult, type SavedValues } from "./form";

export type VisitLabel = { service: string; studio: string; when: string };

/** Which visit an intake page is for: service, studio, and the date in the studio's zone. */
export function VisitCaption({ visit }: { visit: VisitLabel }) {
  const t = useT();
  return (
    <p className="step-progress">
      {t("intake.caption", { service: visit.service, studio: visit.studio, when: visit.when })}
    </p>
  );
}

/**
 * An intake step: which visit, the progress line ("Step 2 of 5"), the heading, the form (a real POST;
 * multipart for the card photos), Next as a submit button and Back as a plain link.
 */
/** What every intake step's loader gives its page (openIntakeStep), plus the saved answers where it has a form. */
export type IntakePageData = {
  title: string;
  visit: VisitLabel;
  progress: { index: number; total: number } | null;
  back: string | null;
  values?: SavedValues;
};

export function IntakeStepPage({
  page: { title, visit, progress, back, values },
  result,
  intro,
  submitLabel,
  multipart,
  children,
  after,
}: {
  page: IntakePageData;
  result?: FormResult;
  intro?: ReactNode;
  submitLabel?: string;
  multipart?: boolean;
  children?: ReactNode;
  after?: ReactNode;
}) {
  const t = useT();
  return (
    <FormStateProvider result={result} values={values}>
      <div className="page narrow">
        <VisitCaption visit={visit} />
        {progress ? (
          <p className="step-progress">
            {t("intake.progress", { index: progress.index, total: progress.total })}
          </p>
        ) : null}
        <h1>{title}</h1>
        <ErrorSummary />
        {intro}
        <Form method="post" className="form" noValidate encType={multipart ? "multipart/form-data" : undefined}>
          {children}
          <FormActions submitLabel={submitLabel ?? t("intake.saveAndContinue")} back={back} />
        </Form>
        {after}
      </div>
    </FormStateProvider>
  );
}
