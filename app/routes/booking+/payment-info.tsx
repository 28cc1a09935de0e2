import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CANCEL_NOTICE_HOURS, LATE_CANCEL_FEE_CENTS } from "~/rules/cancellation-policy";
import { submitPayment } from "~/booking/payment-step.server";
import { clientIp } from "~/flow/forms.server";
import { stripeStepData } from "~/booking/card-setup.server";
import { paymentProvider } from "~/payments/provider.server";
import { openStep } from "~/booking/step.server";
import { formatUsd } from "~/rules/currency";
import { cardBrandName } from "~/rules/cancellation-policy";
import { ChoiceGroup, ErrorSummary, FormStateProvider, TextField } from "~/ui/form";
import { SelectField } from "~/ui/form-choices";
import { StepHeader, StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { i18nOf } from "~/i18n/locale.server";
import { Trans, useT } from "~/i18n/use-t";

export const meta = stepMeta;

/** Never cached; a 429's Retry-After (too many trips to Stripe, decision 061) reaches the document. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};


export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "payment-info");
  const p = state.payment;
  const { locale, t } = i18nOf(request);
  const label = (c: { brand: string; last4: string }) => `${cardBrandName(c.brand) ?? c.brand} •••• ${c.last4}`;
  const expiry = (c: { expMonth: number; expYear: number }) => `${String(c.expMonth).padStart(2, "0")}/${c.expYear}`;
  const provider = paymentProvider();
  // With Stripe the card is typed on Stripe's page only (decision 060): our page offers known cards and the trip.
  const stripe = provider.kind === "stripe" ? await stripeStepData(request, provider) : null;
  return json(
    {
      back,
      title,
      fee: formatUsd(LATE_CANCEL_FEE_CENTS, { locale }),
      noticeHours: CANCEL_NOTICE_HOURS,
      // Only what identifies the saved card to the patient: never a number or CVC (we do not have them).
      saved: p && !stripe ? { label: label(p), expiry: expiry(p) } : null,
      stripe: stripe
        ? {
            choices: stripe.choices.map((c) => ({ value: c.value, label: label(c), detail: t("booking.payment.expires", { expiry: expiry(c) }) })),
            declined: stripe.declined ? t(stripe.declined) : null,
          }
        : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitPayment(request, clientIp(context));
}

const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1).padStart(2, "0") }));

export default function PaymentInfo() {
  const { back, title, fee, noticeHours, saved, stripe } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  const policy = (
    <div className="notice" role="note">
      <h2>{t("booking.payment.policy")}</h2>
      <p>{t("booking.payment.policyText", { hours: noticeHours, fee })}</p>
    </div>
  );
  if (stripe) {
    const { choices, declined } = stripe;
    return (
      <FormStateProvider result={result} values={{ card: choices[0]?.value ?? "new" }}>
        <div className="page narrow">
          <StepHeader />
          <h1>{title}</h1>
          {/* First thing read on coming back from Stripe's page after a refusal. */}
          {declined ? (
            <p className="notice notice-warning" role="alert">
              {declined}
            </p>
          ) : null}
          <p className="lead">{t("booking.payment.lead")}</p>
          {policy}
          <ErrorSummary />
          {/* A plain post (also with JavaScript): the answer is a 303 to Stripe's page, which the browser follows. */}
          <form method="post" className="form" noValidate>
            {choices.length > 0 ? (
              <ChoiceGroup
                name="card"
                legend={t("booking.payment.which")}
                choices={[...choices, { value: "new", label: t("booking.payment.addOnStripe"), detail: t("booking.payment.stripeNote") }]}
              />
            ) : (
              <>
                <input type="hidden" name="card" value="new" />
                <p>{t("booking.payment.stripeNote")}</p>
              </>
            )}
            <div className="form-actions">
              <button type="submit" className="button">
                {choices.length > 0 ? t("common.forms.continue") : t("booking.payment.toStripe")}
              </button>
              {back ? (
                <Link to={back} className="back-link">
                  {t("common.forms.back")}
                </Link>
              ) : null}
            </div>
          </form>
        </div>
      </FormStateProvider>
    );
  }
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      submitLabel={t("booking.payment.submit")}
      intro={
        <>
          <p className="lead">{t("booking.payment.lead")}</p>
          <p>{t("booking.payment.localProvider")}</p>
          {policy}
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
