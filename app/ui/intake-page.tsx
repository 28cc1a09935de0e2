import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorSummary, FormActions, FormStateProvider, type FormResult, type SavedValues } from "./form";

export type VisitLabel = { service: string; studio: string; when: string };

/** Which visit an intake page is for: service, studio, and the date in the studio's zone. */
export function VisitCaption({ visit }: { visit: VisitLabel }) {
  return (
    <p className="step-progress">
      {visit.service} at {visit.studio} · {visit.when}
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
  submitLabel = "Save and continue",
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
  return (
    <FormStateProvider result={result} values={values}>
      <div className="page narrow">
        <VisitCaption visit={visit} />
        {progress ? (
          <p className="step-progress">
            Step {progress.index} of {progress.total}
          </p>
        ) : null}
        <h1>{title}</h1>
        <ErrorSummary />
        {intro}
        <Form method="post" className="form" noValidate encType={multipart ? "multipart/form-data" : undefined}>
          {children}
          <FormActions submitLabel={submitLabel} back={back} />
        </Form>
        {after}
      </div>
    </FormStateProvider>
  );
}
