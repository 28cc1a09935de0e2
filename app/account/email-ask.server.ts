import { RateLimited } from "~/auth/rate-limit.server";
import { emailSchema } from "~/auth/schemas.server";
import { readFormPost, spamAnswer, textValues, tooMany, validateForm } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";

/**
 * A public form that asks only for an address and emails it a code or link (/signup, /forgot-password): the honeypot,
 * the address read with the kit, `send` (the same answer whether the address has an account: no enumeration), a
 * rate limit as a 429 with the address kept; then `next` (where the patient goes, with the address in the flow cookie).
 */
export async function askEmail(request: Request, send: (email: string, locale: string) => Promise<void>, next: (email: string) => Promise<Response>) {
  const { locale, t } = i18nOf(request);
  const { form, spam } = await readFormPost(request, { publicForm: true });
  if (spam) return spamAnswer(t);
  const result = await validateForm(form, emailSchema, t, undefined, { keep: ["email"] });
  if (!result.ok) return result.response;
  const { email } = result.value;
  try {
    await send(email, locale);
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, textValues(form, ["email"]), { t });
    throw error;
  }
  throw await next(email);
}
