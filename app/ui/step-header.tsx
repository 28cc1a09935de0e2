import { Form, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Trans, useT } from "~/i18n/use-t";
import { ErrorSummary, FormActions, FormStateProvider, type FormResult, type SavedValues } from "./form";

// Apart from form.tsx (each module is one chunk of client JS): the pages that lay out their own form (a visit's cancel
// and reschedule, the profile, a family member, intake) load the form kit without the step header and StepPage.

/** Where the patient is in a flow ("Step 3 of 8", counted on the route their answers give) and the visit so far. */
export type StepHeaderData = {
  progress: { index: number; total: number } | null;
  summary: { label: string; value: string }[];
  /** After the times step: until when the chosen time is held for this booking ("3:42 PM"), null once it is not. */
  held?: { until: string | null } | null;
} | null;

/** The booking layout's route id: its loader gives every booking page the step header's data. */
const BOOKING_LAYOUT = "routes/booking+/_layout";

/** The progress line and bar, then the visit chosen so far (service, studio, time). No JavaScript needed. */
export function StepHeader() {
  // Read from the layout's data rather than a context it provides: the layout then loads no step-header code, so the
  // booking pages without a step header (confirmed, waitlist joined) do not either. Outside booking it is absent: null.
  const data = useRouteLoaderData<{ header: StepHeaderData }>(BOOKING_LAYOUT)?.header ?? null;
  const t = useT();
  if (!data || (!data.progress && data.summary.length === 0 && !data.held)) return null;
  const { progress, summary, held } = data;
  return (
    <div className="step-header">
      {progress ? (
        <div>
          <p className="step-progress">{t("booking.header.progress", { index: progress.index, total: progress.total })}</p>
          <progress className="progress-bar" value={progress.index} max={progress.total} aria-hidden="true" />
        </div>
      ) : null}
      {summary.length > 0 ? (
        <dl className="visit-summary" aria-label={t("booking.header.summary")}>
          {summary.map((item) => (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {held ? (
        <p className="hold-note">
          {held.until ? (
            <Trans k="booking.header.heldUntil" vars={{ until: held.until }} tags={{ strong: <strong /> }} />
          ) : (
            t("booking.header.heldExpired")
          )}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A booking step: heading, the form (a real POST), Back as a plain link and Next as a submit button.
 * `result` (the action's answer) and `values` (the saved answers) reach every field inside by name.
 */
export function StepPage({
  title,
  intro,
  back,
  result,
  values,
  submitLabel,
  children,
  after,
}: {
  title: string;
  intro?: ReactNode;
  back: string | null;
  result?: FormResult;
  values?: SavedValues;
  submitLabel?: string;
  children?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <FormStateProvider result={result} values={values}>
      <div className="page narrow">
        <StepHeader />
        <h1>{title}</h1>
        {intro}
        <ErrorSummary />
        <Form method="post" className="form" noValidate>
          {children}
          <FormActions submitLabel={submitLabel} back={back} />
        </Form>
        {after}
      </div>
    </FormStateProvider>
  );
}
