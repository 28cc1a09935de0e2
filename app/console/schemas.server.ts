import { z } from "zod/v4";
import { emailField, passwordField } from "~/auth/schemas.server";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import { parseDayHours, timeOffRange, WEEKDAYS, type Interval } from "~/rules/weekly-hours";
import { isDayKey, localToday } from "~/rules/zoned-time";
import { checkEndpointUrl } from "~/webhooks/outbound.server";
import { normalizePhone } from "~/rules/phone";
import { CARRIER_VALUES } from "~/rules/insurance";
import { WEBHOOK_EVENT_TYPES } from "~/webhooks/payload";

/** The console forms' schemas (server-side only); the kit that reads and answers them is flow/forms.server.ts. */

/** The console is worded in English (decision 027): the `t` its forms are validated with (`validateForm`). */
export const consoleWords = () => tFor(DEFAULT_LOCALE);

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

/** Cancel on the patient’s behalf: its note field has its own name (two forms on the visit page, one id each). */
const shownFee = z.union([z.literal("none"), z.string().regex(/^\d{1,7}$/)]);
/** A series visit's cancel also says which visits (decision 081) and the fee shown for each choice. */
export const cancelSchema = z.object({
  sequence,
  shownFee,
  shownFeeFollowing: shownFee.optional(),
  shownFeeAll: shownFee.optional(),
  scope: z.enum(["this", "following", "all"]).default("this"),
  cancelNote: note,
});

/** A fee refund (issue 32 B): dollars as typed ("20", "20.00", "$20.5") to integer cents, and why. */
export const feeRefundSchema = z.object({
  amount: z
    .string("Enter the amount to refund, like 20.00.")
    .trim()
    .regex(/^\$?\s?\d{1,5}(\.\d{1,2})?$/, "Enter the amount in dollars and cents, like 20.00.")
    .transform((v) => Math.round(Number(v.replace(/[$\s]/g, "")) * 100))
    .pipe(z.number().int().min(1, "Enter an amount above $0.00.")),
  reason: z.string("Say why the fee is refunded.").trim().min(1, "Say why the fee is refunded.").max(500, "Keep the reason under 500 characters."),
});

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

/* Availability (issue 18 C, decision 023) */

/** The hours form's field for a weekday (0 = Sunday): "monday", "tuesday"… */
export const weekdayField = (weekday: number) => WEEKDAYS[weekday]!.toLowerCase();

/** A provider's week: one field per weekday, each a list of stretches (rules/weekly-hours.ts), none overlapping. */
export const hoursSchema = z
  .object(Object.fromEntries(WEEKDAYS.map((_, d) => [weekdayField(d), z.string().max(200, "Keep the day’s hours under 200 characters.").default("")])))
  .transform((fields, ctx) => {
    const week = new Map<number, Interval[]>();
    WEEKDAYS.forEach((name, d) => {
      const parsed = parseDayHours(fields[weekdayField(d)] ?? "");
      if (parsed.ok) week.set(d, parsed.intervals);
      else ctx.addIssue({ code: "custom", path: [weekdayField(d)], message: `${name}: ${parsed.message}` });
    });
    return week;
  });

const reason = (what: string, required: boolean) =>
  z
    .string()
    .trim()
    .max(200, `Keep the ${what} under 200 characters.`)
    // No control characters (PostgreSQL refuses a NUL in text: a 500 otherwise).
    .refine((v) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(v), `Use letters, numbers and punctuation in the ${what}.`)
    .default("")
    .refine((v) => !required || v.length > 0, `Say why the studio is closed (a snow day, a training day…).`);

/** Time off from a day (and a time) to a day (and a time), in the studio's zone; it must end after it starts. */
export const timeOffSchema = (tz: string, providerIds: number[], now: Date) =>
  z
    .object({
      provider: z.coerce.number("Choose whose time off it is.").int("Choose whose time off it is.").refine((id) => providerIds.includes(id), "Choose whose time off it is."),
      startDate: z.string().max(20).default(""),
      startTime: z.string().max(20).default(""),
      endDate: z.string().max(20).default(""),
      endTime: z.string().max(20).default(""),
      reason: reason("reason", false),
    })
    .transform((v, ctx) => {
      const range = timeOffRange(v, tz);
      if (!range.ok) {
        for (const [path, message] of Object.entries(range.errors)) ctx.addIssue({ code: "custom", path: [path], message });
        return z.NEVER;
      }
      if (range.endsAt <= now) {
        ctx.addIssue({ code: "custom", path: [v.endTime ? "endTime" : "endDate"], message: "This time off is already over: give days from today on." });
        return z.NEVER;
      }
      return { providerId: v.provider, startsAt: range.startsAt, endsAt: range.endsAt, reason: v.reason };
    });

/** A day the studio closes (from today on, not already a federal holiday) and why. */
export const closureSchema = (tz: string, now: Date, isHoliday: (day: string) => { name: string } | null) =>
  z.object({
    day: z
      .string("Enter the day the studio closes.")
      .refine(isDayKey, "Enter the day the studio closes.")
      .refine((d) => d >= localToday(now, tz), "That day has passed: choose today or a later day.")
      .superRefine((d, ctx) => {
        const holiday = isHoliday(d);
        if (holiday) ctx.addIssue({ code: "custom", message: `The studios already close that day (${holiday.name}).` });
      }),
    reason: reason("reason", true),
  });

export const removeSchema = z.object({ id: z.coerce.number().int().min(1).max(1_000_000_000) });

/** A calendar feed's schedule (issue 38 F): a provider's or a studio's, as /staff/account lists them. */
export const feedSchema = z.object({ target: z.string("Choose whose schedule.").regex(/^(provider-\d{1,9}|studio-[a-z0-9-]{1,80})$/, "Choose whose schedule.") });

/** A service's length (minutes, 5–480, a multiple of 5), its self-pay price (dollars, not below zero) and who offers it. */
export const serviceSchema = z.object({
  durationMinutes: z.coerce
    .number("Give the length in minutes.")
    .int("Give the length in whole minutes.")
    .min(5, "A visit lasts at least 5 minutes.")
    .max(480, "A visit lasts at most 8 hours (480 minutes).")
    .refine((m) => m % 5 === 0, "Give the length in steps of 5 minutes."),
  price: z
    .string("Give the price in dollars.")
    .trim()
    .refine((v) => !v.startsWith("-"), "The price can’t be below zero.")
    .refine((v) => /^\$?\d{1,5}(\.\d{1,2})?$/.test(v), "Give the price in dollars, like 149 or 149.50 (0 for free).")
    .transform((v) => Math.round(Number(v.replace("$", "")) * 100)),
  roles: z.array(z.enum(["dentist", "hygienist", "orthodontist"]), "Choose who offers it.").min(1, "Choose at least one kind of provider who offers it."),
});

/* API keys (admins, decision 033). */

export const apiKeySchema = z.object({
  name: z.string("Name the integration this key is for.").trim().min(1, "Name the integration this key is for.").max(80, "At most 80 characters."),
  studios: z.array(z.string().regex(/^[a-z0-9-]{1,60}$/, "Choose studios from the list.")).max(200).min(1, "Choose at least one studio."),
});

/* Webhook endpoints (admins, decisions 032 and 058). */

const controlCharacters = /[\u0000-\u001f\u007f]/;

/** An endpoint: its URL meets the delivery door's rules (https, a public address unless WEBHOOK_ALLOW_PRIVATE). */
export const webhookEndpointSchema = (allowPrivate: boolean) =>
  z.object({
    url: z
      .string("Enter the receiver’s URL, starting with https://.")
      .trim()
      .min(1, "Enter the receiver’s URL, starting with https://.")
      .max(2000, "Keep the URL under 2,000 characters.")
      .refine((v) => !controlCharacters.test(v), "Enter a full URL, starting with https://.")
      .superRefine((v, ctx) => {
        const checked = checkEndpointUrl(v, allowPrivate);
        if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.reason });
      }),
    description: z
      .string()
      .trim()
      .max(200, "Keep the description under 200 characters.")
      .refine((v) => !controlCharacters.test(v), "Use letters, numbers and punctuation in the description.")
      .default(""),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES, "Choose events from the list.")).min(1, "Choose at least one event.").max(20),
    studios: z.array(z.string().regex(/^[a-z0-9-]{1,60}$/, "Choose studios from the list.")).max(200).min(1, "Choose at least one studio."),
  });

/* Texts (issue 31, decision 062). */

const seenReply = z.coerce.number("Reload the page and try again.").int().min(0).max(2_147_483_647);

/** Staff's answer by text: some words, not too long for a text (two segments are checked when composed). */
export const textAnswerSchema = z.object({
  body: z
    .string("Write the answer.")
    .trim()
    .min(1, "Write the answer.")
    .max(600, "Too long for two text messages: shorten it to about 280 characters.")
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), "Use letters, numbers and punctuation."),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16}$/, "Reload the page and try again."),
  seen: seenReply,
  /** The UCS-2 segment count the form showed before sending (an answer with an emoji, decision 072). */
  segments: z
    .string()
    .regex(/^[1-9]$/, "Reload the page and try again.")
    .transform(Number)
    .optional(),
});

export const textHandledSchema = z.object({ seen: seenReply });

/** A new caller made a patient by the desk (issue 38 B): name, phone and date of birth; the email optional. */
export const newCallerSchema = z.object({
  firstName: z.string("Enter the caller’s first name.").trim().min(1, "Enter the caller’s first name.").max(50, "Keep the first name under 50 characters."),
  lastName: z.string("Enter the caller’s last name.").trim().min(1, "Enter the caller’s last name.").max(50, "Keep the last name under 50 characters."),
  phone: z
    .string("Enter the caller’s phone number.")
    .transform((v) => normalizePhone(v) ?? "")
    .pipe(z.string().regex(/^\d{10}$/, "Enter a 10-digit US phone number, e.g. (617) 555-0171.")),
  dateOfBirth: z
    .string("Enter the caller’s date of birth.")
    .refine((v) => isDayKey(v) && v >= "1900-01-01" && v <= localToday(new Date(), "America/New_York"), "Enter the caller’s date of birth (a real date, not in the future)."),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "Keep the email under 254 characters.")
    .refine((v) => v === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "Enter an email like name@example.com, or leave it empty.")
    .default(""),
});

const isoInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/, "Choose a time.");

/** The time the desk chose: held for this call (decision 021). */
export const deskHoldSchema = z.object({
  slot: isoInstant,
  service: z.string().regex(/^[A-Z]{2,12}$/),
  provider: z.string().regex(/^(any|\d{1,9})$/),
});

/** What the desk says with the booking: insurance, the texts the caller agreed to, a note. */
export const deskDetailsSchema = z
  .object({
    insurance: z.enum(["none", "self-pay", ...CARRIER_VALUES], "Choose the caller’s insurance, self-pay, or “not asked”."),
    memberId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{0,30}$/, "A member ID is letters, digits and dashes, up to 30.")
      .default(""),
    sms: z.literal("yes").optional(),
    note: z.string().trim().max(500, "Keep the note under 500 characters.").default(""),
    // A family member of the caller's account booked right after them, in one transaction (issue 38 A).
    together: z.string().regex(/^\d{1,9}$/, "Choose a family member from the list.").optional(),
  })
  .transform((v) => ({
    insurance:
      v.insurance === "none" ? null : v.insurance === "self-pay" ? ({ kind: "self-pay" } as const) : ({ kind: "carrier" as const, carrier: v.insurance, ...(v.memberId ? { memberId: v.memberId } : {}) }),
    smsConsent: v.sms === "yes",
    note: v.note,
    together: v.together,
  }));

/** A manager's squeeze-in (issue 38 D): when, with whom, and why. */
export const squeezeSchema = z
  .object({
    service: z.string().regex(/^[A-Z]{2,12}$/, "Choose the service."),
    providerId: z.coerce.number("Choose the provider.").int().positive("Choose the provider."),
    day: z.string().refine(isDayKey, "Enter the day."),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter the time, e.g. 12:30."),
    reason: z.enum(["emergency", "patient_request", "provider_asked", "other"], "Tick why this visit is squeezed in."),
    other: z.string().trim().max(200, "Keep the reason under 200 characters.").default(""),
  })
  .refine((v) => v.reason !== "other" || v.other.length > 0, { path: ["other"], message: "Say why, in a few words." });
