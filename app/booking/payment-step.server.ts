/**
 * The booking's card step (/booking/payment-info, decision 069): with Stripe, a choice of card or the trip to
 * Stripe's page (card-setup.server.ts); with the local test provider, our card form, read with the form kit and
 * never echoing the card number or CVC.
 */
import { z } from "zod/v4";
import { readFormPost, validateForm } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { msg } from "~/i18n/translate";
import { paymentProvider, type PaymentProvider } from "~/payments/provider.server";
import { submitStripeChoice } from "./card-setup.server";
import { OUTCOME_MESSAGES } from "./outcomes";
import { advanceAndRedirect, openStep } from "./step.server";

const EXP_MONTH = "booking.errors.expMonth";
const EXP_YEAR = "booking.errors.expYear";
const CVC = "booking.errors.cvc";

const paymentFormSchema = z.object({
  intent: z.enum(["keep"]).optional(),
  number: z.string().max(30, "booking.errors.cardNumber").optional(),
  expMonth: z.number(EXP_MONTH).int(EXP_MONTH).min(1, EXP_MONTH).max(12, EXP_MONTH).optional(),
  expYear: z.number(EXP_YEAR).int(EXP_YEAR).min(0, EXP_YEAR).max(2100, EXP_YEAR).optional(),
  cvc: z.string().max(4, CVC).optional(),
  cardName: z.string().max(100, msg("booking.errors.tooLong", { max: 100 })).optional(),
}).superRefine((v, ctx) => {
  if (v.intent === "keep") return;
  const missing = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (!v.number) missing("number", "booking.errors.cardNumberRequired");
  if (v.expMonth === undefined) missing("expMonth", EXP_MONTH);
  if (v.expYear === undefined) missing("expYear", EXP_YEAR);
  if (!v.cvc) missing("cvc", CVC);
});

// The payment-info action is its own (not submitStep) so the card number and CVC are never echoed back.
const CARD_FIELDS = ["number", "cvc"];

/** The step's post: with Stripe a choice of card or the trip to Stripe's page (card-setup.server.ts); else our form. */
export async function submitPayment(request: Request, address: string, provider: PaymentProvider = paymentProvider()) {
  const ctx = await openStep(request, "payment-info");
  const { form } = await readFormPost(request);
  if (provider.kind === "stripe") return submitStripeChoice(request, form, provider, address);
  const result = await validateForm(
    form,
    paymentFormSchema,
    i18nOf(request).t,
    async (value) => {
      if (value.intent === "keep") return ctx.state.payment ? { payment: ctx.state.payment } : { formErrors: ["booking.errors.cardDetails"] };
      const card = await provider.tokenize({ number: value.number!, expMonth: value.expMonth!, expYear: value.expYear!, cvc: value.cvc!, name: value.cardName });
      if (card.ok) return { payment: card.card };
      if (card.code === "insufficent_funds") return { formErrors: [OUTCOME_MESSAGES.insufficent_funds] };
      const field = card.field === "expiry" ? "expMonth" : (card.field ?? "number");
      return { fieldErrors: { [field]: [card.message] } };
    },
    { hide: CARD_FIELDS },
  );
  if (!result.ok) return result.response;
  return advanceAndRedirect(request, ctx, "payment-info", result.value);
}
