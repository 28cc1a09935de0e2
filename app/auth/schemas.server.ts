import { z } from "zod/v4";
import { msg } from "~/i18n/translate";
import { PASSWORD_MAX } from "./passwords.server";

export const emailField = z
  .string(msg("account.errors.emailRequired"))
  .trim()
  .min(1, msg("account.errors.emailRequired"))
  .max(254, msg("account.errors.emailTooLong"))
  .toLowerCase()
  .pipe(z.email(msg("account.errors.emailInvalid")));

/** A password as typed (not trimmed: spaces count). The policy itself is checked by newPasswordProblem. */
export const passwordField = z
  .string(msg("account.errors.passwordRequired"))
  .min(1, msg("account.errors.passwordRequired"))
  .max(PASSWORD_MAX * 4, msg("account.errors.passwordTooLong", { max: PASSWORD_MAX }));

/** The account forms' schemas, server-side only (zod never reaches the browser: client JS budget). */
export const emailSchema = z.object({ email: emailField });

export const codeSchema = z.object({
  code: z
    .string(msg("account.errors.codeRequired"))
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, msg("account.errors.codeFormat"))),
});

export const tokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

export const passwordSchema = z.object({ password: passwordField });

export const newAccountSchema = z.object({
  name: z.string(msg("account.errors.nameRequired")).trim().min(1, msg("account.errors.nameRequired")).max(100, msg("account.errors.tooLong", { max: 100 })),
  password: passwordField,
});

/** The reset link's token is a hidden field: a missing one is a link that failed (said by the page), not a field error. */
export const setPasswordSchema = z.object({ token: z.string().max(100).optional(), password: passwordField });

/** The email change link's token, a hidden field. */
export const changeTokenSchema = z.object({ token: z.string().max(100) });
