import { z } from "zod/v4";
import { emailField, passwordField } from "~/auth/forms.server";

/** The console's sign-in and setup forms (server-side only). */
export const staffLoginSchema = z.object({ email: emailField, password: passwordField });

export const secondFactorSchema = z.object({
  code: z
    .string("Enter the 6-digit code from your authenticator app, or a recovery code.")
    .trim()
    .min(1, "Enter the 6-digit code from your authenticator app, or a recovery code.")
    .max(40, "Enter the 6-digit code from your authenticator app, or a recovery code."),
});

export const setupSchema = z.object({
  password: passwordField,
  confirm: z.string("Type the password again.").min(1, "Type the password again."),
  code: z
    .string("Enter the 6-digit code your authenticator app shows.")
    .transform((v) => v.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code your authenticator app shows (numbers only).")),
});

const note = z.string().trim().max(500, "Keep the note under 500 characters.").default("");
const sequence = z.coerce.number("Reload the page and try again.").int().min(0).max(1_000_000);

export const statusSchema = z.object({
  action: z.enum(["arrived", "completed", "no_show"], "Choose what to record."),
  seen: z.enum(["booked", "arrived", "completed", "no_show", "cancelled"]),
  note,
});

export const cancelSchema = z.object({ sequence, shownFee: z.union([z.literal("none"), z.string().regex(/^\d{1,6}$/)]), note });

export const moveSchema = z.object({ sequence, slot: z.iso.datetime({ message: "Choose a new time." }), note });

/* The team (admins) and a staff member's own account (decision 026). */

const role = z.enum(["front_desk", "manager", "admin"], "Choose a role.");
const studioSlugs = z.array(z.string().regex(/^[a-z0-9-]{1,60}$/, "Choose studios from the list.")).max(100).default([]);

/** Role and studios: a front desk or manager works at one studio at least; an admin sees every studio. */
const needsStudio = (v: { role: string; studios: string[] }) => v.role === "admin" || v.studios.length > 0;
const studioNeeded = { path: ["studios"], message: "Choose at least one studio for a front desk or manager." };

export const inviteSchema = z.object({ email: emailField, role, studios: studioSlugs }).refine(needsStudio, studioNeeded);
export const memberSchema = z.object({ role, studios: studioSlugs }).refine(needsStudio, studioNeeded);

export const staffPasswordChangeSchema = z.object({
  currentPassword: passwordField,
  newPassword: z.string("Enter a new password.").min(1, "Enter a new password.").max(512, "Use at most 128 characters."),
});

export const recoveryCodesSchema = z.object({ recoveryPassword: passwordField });
