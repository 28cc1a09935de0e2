import { readFormPost } from "~/flow/forms.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { z } from "zod/v4";
import { OUTCOME_MESSAGES } from "~/booking/outcomes";
import { submitStripeChoice } from "~/booking/card-setup.server";
import { paymentProvider, type PaymentProvider } from "~/payments/provider.server";
import { advanceAndRedirect, openStep } from "~/booking/step.server";
import { i18nOf } from "~/i18n/locale.server";
import { localizeReply, msg } from "~/i18n/translate";

const EXP_MONTH = "booking.errors.expMonth";
const EXP_YEAR = "booking.errors.expYear";
const CVC = "booking.errors.cvc";

export const paymentFormSchema = z.object({
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
  const { form: formData } = await readFormPost(request);
  if (provider.kind === "stripe") return submitStripeChoice(request, formData, provider, address);
  const submission = parseWithZod(formData, { schema: paymentFormSchema });
  const reply = (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    json(localizeReply(submission.reply({ ...options, hideFields: CARD_FIELDS }), i18nOf(request).t), { status: 400 });
  if (submission.status !== "success") return reply();
  const value = submission.value;

  if (value.intent === "keep") {
    if (!ctx.state.payment) return reply({ formErrors: ["booking.errors.cardDetails"] });
    return advanceAndRedirect(request, ctx, "payment-info", { payment: ctx.state.payment });
  }

  const result = await provider.tokenize({
    number: value.number!,
    expMonth: value.expMonth!,
    expYear: value.expYear!,
    cvc: value.cvc!,
    name: value.cardName,
  });
  if (!result.ok) {
    if (result.code === "insufficent_funds") return reply({ formErrors: [OUTCOME_MESSAGES.insufficent_funds] });
    const field = result.field === "expiry" ? "expMonth" : (result.field ?? "number");
    return reply({ fieldErrors: { [field]: [result.message] } });
  }
  return advanceAndRedirect(request, ctx, "payment-info", { payment: result.card });
}
