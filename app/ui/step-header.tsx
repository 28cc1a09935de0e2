import { createContext, useContext, type ReactNode } from "react";
import { Trans, useT } from "~/i18n/use-t";

/** Where the patient is in a flow ("Step 3 of 8", counted on the route their answers give) and the visit so far. */
export type StepHeaderData = {
  progress: { index: number; total: number } | null;
  summary: { label: string; value: string }[];
  /** After the times step: until when the chosen time is held for this booking ("3:42 PM"), null once it is not. */
  held?: { until: string | null } | null;
} | null;

const StepHeaderContext = createContext<StepHeaderData>(null);

/** A flow's layout gives its pages their step header; StepPage (and any page that renders StepHeader) shows it. */
export function StepHeaderProvider({ value, children }: { value: StepHeaderData; children: ReactNode }) {
  return <StepHeaderContext.Provider value={value}>{children}</StepHeaderContext.Provider>;
}

/** The progress line and bar, then the visit chosen so far (service, studio, time). No JavaScript needed. */
export function StepHeader() {
  const data = useContext(StepHeaderContext);
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
