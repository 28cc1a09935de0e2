import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { z } from "zod/v4";
import { OUTCOME_MESSAGES } from "~/booking/outcomes";
import { localPaymentProvider, type PaymentProvider } from "~/booking/payment.server";
import { advanceAndRedirect, openStep } from "~/booking/step.server";
import { readForm } from "~/platform/form-data.server";

export const paymentFormSchema = z.object({
  intent: z.enum(["keep"]).optional(),
  number: z.string().max(30, "Check your card number.").optional(),
  expMonth: z
    .number("Enter the expiry month as a number from 1 to 12.")
    .int("Enter the expiry month as a number from 1 to 12.")
    .min(1, "Enter the expiry month as a number from 1 to 12.")
    .max(12, "Enter the expiry month as a number from 1 to 12.")
    .optional(),
  expYear: z
    .number("Enter the expiry year, like 2029.")
    .int("Enter the expiry year, like 2029.")
    .min(0, "Enter the expiry year, like 2029.")
    .max(2100, "Enter the expiry year, like 2029.")
    .optional(),
  cvc: z.string().max(4, "Enter the 3- or 4-digit security code.").optional(),
  cardName: z.string().max(100, "Please use at most 100 characters.").optional(),
}).superRefine((v, ctx) => {
  if (v.intent === "keep") return;
  const missing = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (!v.number) missing("number", "Enter your card number.");
  if (v.expMonth === undefined) missing("expMonth", "Enter the expiry month as a number from 1 to 12.");
  if (v.expYear === undefined) missing("expYear", "Enter the expiry year, like 2029.");
  if (!v.cvc) missing("cvc", "Enter the 3- or 4-digit security code.");
});

// The payment-info action is its own (not submitStep) so the card number and CVC are never echoed back.
const CARD_FIELDS = ["number", "cvc"];

export async function submitPayment(request: Request, provider: PaymentProvider = localPaymentProvider) {
  const ctx = await openStep(request, "payment-info");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: paymentFormSchema });
  const reply = (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    json(submission.reply({ ...options, hideFields: CARD_FIELDS }), { status: 400 });
  if (submission.status !== "success") return reply();
  const value = submission.value;

  if (value.intent === "keep") {
    if (!ctx.state.payment) return reply({ formErrors: ["Enter your card details."] });
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
