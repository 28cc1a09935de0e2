import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CANCEL_NOTICE_HOURS, LATE_CANCEL_FEE_CENTS } from "~/rules/cancellation-policy";
import { submitPayment } from "./payment-info.server";
import { openStep } from "~/booking/step.server";
import { formatUsd } from "~/rules/currency";
import { SelectField, StepPage, TextField } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";

export const meta = stepMeta;

const BRAND_NAMES: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "payment-info");
  const p = state.payment;
  return json({
    back,
    title,
    fee: formatUsd(LATE_CANCEL_FEE_CENTS),
    noticeHours: CANCEL_NOTICE_HOURS,
    // Only what identifies the saved card to the patient: never a number or CVC (we do not have them).
    saved: p ? { label: `${BRAND_NAMES[p.brand] ?? p.brand} •••• ${p.last4}`, expiry: `${String(p.expMonth).padStart(2, "0")}/${p.expYear}` } : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPayment(request);
}

const MONTHS = [{ value: "", label: "Month" }, ...Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1).padStart(2, "0") }))];

export default function PaymentInfo() {
  const { back, title, fee, noticeHours, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      submitLabel="Save card and continue"
      intro={
        <>
          <p className="lead">We don’t charge your card now. It holds your appointment.</p>
          <div className="notice" role="note">
            <h2>Cancellation policy</h2>
            <p>
              You can cancel or reschedule for free up to {noticeHours} hours before your visit. With less notice, or if you miss
              your visit, we charge a {fee} fee to this card.
            </p>
          </div>
          {saved ? (
            <Form method="post" className="saved-card">
              <p>
                Card on file: <strong>{saved.label}</strong>, expires {saved.expiry}.
              </p>
              <input type="hidden" name="intent" value="keep" />
              <button type="submit" className="button button-secondary">
                Keep this card
              </button>
            </Form>
          ) : null}
          {saved ? <h2>Or use another card</h2> : null}
        </>
      }
    >
      {/* The card number and CVC are never filled back in: a rejected post starts them empty. */}
      <TextField name="number" label="Card number" autoComplete="cc-number" inputMode="numeric" />
      <div className="field-row">
        <SelectField name="expMonth" label="Expiry month" autoComplete="cc-exp-month" options={MONTHS} />
        <TextField name="expYear" label="Expiry year" autoComplete="cc-exp-year" inputMode="numeric" hint="For example 2029." />
      </div>
      <TextField name="cvc" label="Security code (CVC)" autoComplete="cc-csc" inputMode="numeric" hint="3 digits on the back, or 4 on the front of an American Express card." />
      <TextField name="cardName" label="Name on card" autoComplete="cc-name" />
    </StepPage>
  );
}
