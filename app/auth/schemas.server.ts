import { z } from "zod/v4";
import { emailField, passwordField } from "./forms.server";

/** The account forms' schemas, server-side only (zod never reaches the browser: client JS budget). */
export const emailSchema = z.object({ email: emailField });

export const codeSchema = z.object({
  code: z
    .string("Enter the 6-digit code from the email.")
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the email (numbers only).")),
});

export const tokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

export const passwordSchema = z.object({ password: passwordField });

export const newAccountSchema = z.object({
  name: z.string("Enter your name.").trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  password: passwordField,
});

export const setPasswordSchema = z.object({ token: z.string().max(100), password: passwordField });
