import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CANCEL_NOTICE_HOURS, LATE_CANCEL_FEE_CENTS } from "~/rules/cancellation-policy";
import { submitPayment } from "./payment-info.server";
import { openStep } from "~/booking/step.server";
import { formatUsd } from "~/rules/currency";
import { cardBrandName } from "~/rules/cancellation-policy";
import { TextField } from "~/ui/form";
import { SelectField } from "~/ui/form-choices";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { i18nOf } from "~/i18n/locale.server";
import { Trans, useT } from "~/i18n/use-t";

export const meta = stepMeta;


export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "payment-info");
  const p = state.payment;
  const { locale } = i18nOf(request);
  return json({
    back,
    title,
    fee: formatUsd(LATE_CANCEL_FEE_CENTS, { locale }),
    noticeHours: CANCEL_NOTICE_HOURS,
    // Only what identifies the saved card to the patient: never a number or CVC (we do not have them).
    saved: p ? { label: `${cardBrandName(p.brand) ?? p.brand} •••• ${p.last4}`, expiry: `${String(p.expMonth).padStart(2, "0")}/${p.expYear}` } : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPayment(request);
}

const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1).padStart(2, "0") }));

export default function PaymentInfo() {
  const { back, title, fee, noticeHours, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      submitLabel={t("booking.payment.submit")}
      intro={
        <>
          <p className="lead">{t("booking.payment.lead")}</p>
          <div className="notice" role="note">
            <h2>{t("booking.payment.policy")}</h2>
            <p>{t("booking.payment.policyText", { hours: noticeHours, fee })}</p>
          </div>
          {saved ? (
            <Form method="post" className="saved-card">
              <p>
                <Trans k="booking.payment.onFile" vars={{ card: saved.label, expiry: saved.expiry }} tags={{ strong: <strong /> }} />
              </p>
              <input type="hidden" name="intent" value="keep" />
              <button type="submit" className="button button-secondary">
                {t("booking.payment.keep")}
              </button>
            </Form>
          ) : null}
          {saved ? <h2>{t("booking.payment.another")}</h2> : null}
        </>
      }
    >
      {/* The card number and CVC are never filled back in: a rejected post starts them empty. */}
      <TextField name="number" label={t("booking.payment.number")} autoComplete="cc-number" inputMode="numeric" />
      <div className="field-row">
        <SelectField name="expMonth" label={t("booking.payment.expMonth")} autoComplete="cc-exp-month" options={[{ value: "", label: t("booking.payment.month") }, ...MONTHS]} />
        <TextField name="expYear" label={t("booking.payment.expYear")} autoComplete="cc-exp-year" inputMode="numeric" hint={t("booking.payment.expYearHint")} />
      </div>
      <TextField name="cvc" label={t("booking.payment.cvc")} autoComplete="cc-csc" inputMode="numeric" hint={t("booking.payment.cvcHint")} />
      <TextField name="cardName" label={t("booking.payment.name")} autoComplete="cc-name" />
    </StepPage>
  );
}
