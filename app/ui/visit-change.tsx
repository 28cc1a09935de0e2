// The cancel and reschedule pages, apart from the visit's own page (visit.tsx) so that the confirmed and visit
// pages do not load the time picker and these forms (each file is one chunk of client JS).
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  ErrorSummary,
  FormActions,
  FormStateProvider,
  SubmitButton,
  type FormResult,
} from "./form";
import { PhoneLink } from "./studio";
import {
  TimePickerMore,
  TimePickerNav,
  TimePickerSlots,
  type TimePickerData,
} from "./time-picker";
import type { VisitFactsData } from "./visit";

/** A short line naming the visit, for the top of the change pages. */
function VisitLine({ facts }: { facts: VisitFactsData }) {
  return (
    <p className="lead">
      {facts.serviceName} at{" "}
      {facts.studio.isVirtual ? "a video visit" : facts.studio.name},{" "}
      <strong>{facts.when}</strong>.
    </p>
  );
}

function CannotChange({
  facts,
  base,
  what,
}: {
  facts: VisitFactsData;
  base: string;
  what: string;
}) {
  return (
    <div className="notice">
      <p>
        {facts.status === "CANCELLED"
          ? "This visit is already cancelled."
          : facts.past
          ? "This visit has already taken place."
          : `This visit can’t be ${what} online.`}
        {facts.studio.phone && facts.status === "CONFIRMED" ? (
          <>
            {" "}
            Please call the studio at <PhoneLink phone={facts.studio.phone} />.
          </>
        ) : null}
      </p>
      <p>
        <Link to={base}>Back to your visit</Link>
      </p>
    </div>
  );
}

/** The cancel page: the terms that apply now, then one button (a POST); nothing happens before it. */
export function CancelVisitPage({
  data,
  result,
}: {
  data: { facts: VisitFactsData; base: string };
  result: FormResult;
}) {
  const { facts, base } = data;
  return (
    <FormStateProvider result={result} values={undefined}>
      <div className="narrow">
        <h1>Cancel your visit?</h1>
        <VisitLine facts={facts} />
        <ErrorSummary />
        {!facts.terms.canCancel ? (
          <CannotChange facts={facts} base={base} what="cancelled" />
        ) : (
          <>
            {facts.fee ? (
              <div className="notice notice-warning">
                <h2>Late-cancellation fee: {facts.fee}</h2>
                <p>
                  Your visit is less than 24 hours away. If you cancel now, the{" "}
                  {facts.fee} late-cancellation fee you agreed to when booking
                  will be charged to {facts.card ?? "the card on file"}.
                </p>
              </div>
            ) : facts.terms.late ? (
              <p>
                Your visit is less than 24 hours away. No card holds this visit,
                so there is no fee to cancel it.
              </p>
            ) : (
              <p>Cancelling is free: your visit is more than 24 hours away.</p>
            )}
            {facts.terms.canReschedule ? (
              <p>
                Can’t make this time?{" "}
                <Link to={`${base}/reschedule`}>
                  Choose another time instead
                </Link>
                .
              </p>
            ) : null}
            <Form method="post" className="form" noValidate>
              <input type="hidden" name="sequence" value={facts.sequence} />
              <input
                type="hidden"
                name="shownFee"
                value={facts.terms.feeCents ?? "none"}
              />
              <div className="form-actions">
                <SubmitButton
                  label={
                    facts.fee
                      ? `Cancel and pay the ${facts.fee} fee`
                      : "Cancel my visit"
                  }
                  pendingLabel="Cancelling…"
                />
                <Link to={base} className="back-link">
                  Keep my visit
                </Link>
              </div>
            </Form>
          </>
        )}
      </div>
    </FormStateProvider>
  );
}

/** The reschedule page: the same availability as booking, one day at a time, then one POST. */
export function RescheduleVisitPage({
  data,
  result,
}: {
  data: { facts: VisitFactsData; base: string; picker: TimePickerData | null };
  result: FormResult;
}) {
  const { facts, base, picker } = data;
  let body: ReactNode;
  if (!picker) body = <CannotChange facts={facts} base={base} what="moved" />;
  else
    body = (
      <>
        <p>
          Choose a new time at the same studio. Times are shown in the studio’s
          local time. Your current time stays booked until you confirm.
        </p>
        <TimePickerNav data={picker} />
        <Form method="post" className="form" noValidate>
          <input type="hidden" name="sequence" value={facts.sequence} />
          <TimePickerSlots data={picker} />
          {picker.days.length > 0 ? (
            <FormActions
              submitLabel="Move my visit to this time"
              pendingLabel="Moving…"
              back={base}
            />
          ) : null}
        </Form>
        <TimePickerMore data={picker} />
      </>
    );
  return (
    <FormStateProvider result={result} values={undefined}>
      <div className="narrow">
        <h1>Reschedule your visit</h1>
        <VisitLine facts={facts} />
        <ErrorSummary />
        {body}
      </div>
    </FormStateProvider>
  );
}
