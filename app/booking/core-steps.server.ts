/**
 * Server-only helpers of the core booking steps (studios → times → email → contact-info → insurance →
 * insurance-status → payment-info → confirmation): their zod schemas (kept out of the browser bundle),
 * option lists, and formatting done on the server.
 */
import { createHash } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { z } from "zod/v4";
import type { Db } from "~/db/client.server";
import { studios } from "~/db/schema";
import { normalizePhone } from "~/rules/phone";
import { studioTimezone, timezoneAbbreviation } from "~/rules/timezones";
import { advance } from "./funnel";
import { OUTCOME_MESSAGES } from "./outcomes";
import { localPaymentProvider, type PaymentProvider } from "./payment.server";
import { dateOfBirthSchema, type BookingState } from "./state";
import { openStep, readForm, saveAndRedirect } from "./step.server";

// ---------------------------------------------------------------------------------------------
// Option lists
// ---------------------------------------------------------------------------------------------

/** Accepted carriers (DOMAIN-NOTES) plus OTHER; slugs as the spec spells GUARDIAN and METLIFE. */
export const CARRIERS = [
  { value: "AETNA", label: "Aetna" },
  { value: "ANTHEM_CAREFIRST", label: "Anthem / CareFirst / FEP" },
  { value: "CIGNA", label: "Cigna" },
  { value: "DELTA_DENTAL", label: "Delta Dental" },
  { value: "GEHA", label: "GEHA" },
  { value: "GUARDIAN", label: "Guardian" },
  { value: "METLIFE", label: "MetLife" },
  { value: "UCCI", label: "UCCI" },
  { value: "UNITEDHEALTHCARE", label: "UnitedHealthcare" },
  { value: "OTHER", label: "Another plan", detail: "We’ll check it with you at intake." },
] as const;
export const SELF_PAY = "SELF_PAY";
export const CARRIER_VALUES = CARRIERS.map((c) => c.value) as [string, ...string[]];

export const NOT_ACCEPTED_NOTICE =
  "Some dental plans are not accepted, including Medicaid, Medicare Advantage, Healthplex, HMOs, DMOs and others. If your plan is not accepted, we’ll contact you ahead of your visit.";

/** Comfort preferences: a chosen value means the patient has the spec's FLAVOR / NETFLIX preference. */
export const FLAVORS = [
  { value: "mint", label: "Mint" },
  { value: "cherry", label: "Cherry" },
  { value: "bubblegum", label: "Bubblegum" },
  { value: "unflavored", label: "Unflavored" },
] as const;
export const SHOWS = [
  { value: "comedy", label: "Comedy" },
  { value: "documentary", label: "Documentary" },
  { value: "drama", label: "Drama" },
  { value: "nature", label: "Nature" },
  { value: "none", label: "Nothing, thanks" },
] as const;

/** Late-cancel / no-show fee held on the card (DOMAIN-NOTES: $45–$150 at peers; $50 for any visit here). */
export const LATE_CANCEL_FEE_CENTS = 5000;
export const CANCEL_NOTICE_HOURS = 24;

export const labelOf = (list: readonly { value: string; label: string }[], value: string | undefined) =>
  list.find((o) => o.value === value)?.label ?? value ?? "";

// ---------------------------------------------------------------------------------------------
// Schemas (patient-friendly messages)
// ---------------------------------------------------------------------------------------------

export const studiosSchema = z.object({
  studio: z.string("Choose a studio.").max(40, "Choose a studio from the list."),
});

export const timesSchema = z.object({
  slot: z.string("Choose a time.").max(40, "Choose a time from the list."),
});

export const emailSchema = z.object({
  email: z
    .string("Enter your email address.")
    .trim()
    .max(254, "That email address is too long.")
    .toLowerCase()
    .pipe(z.email("Enter an email address like name@example.com.")),
});

const name = (label: string) =>
  z
    .string(`Enter your ${label}.`)
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(50, `Please use at most 50 characters for your ${label}.`)
    .regex(/^[^\p{Cc}]*$/u, `Your ${label} has characters we can’t use.`)
    .refine((v) => new TextEncoder().encode(v).length <= 100, `Please shorten your ${label}.`);

/** The age rule: patients under 18 are booked by a parent or guardian (DOMAIN-NOTES), who ticks a box. */
export const ADULT_AGE = 18;

/** Whole years between a 'YYYY-MM-DD' birth date and a 'YYYY-MM-DD' day (a birthday counts on the day). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export function contactSchema(today: string) {
  return z
    .object({
      firstName: name("first name"),
      lastName: name("last name"),
      phone: z
        .string("Enter your mobile number.")
        .max(30, "Enter a 10-digit US phone number, like (617) 555-0100.")
        .refine((v) => normalizePhone(v) !== null, "Enter a 10-digit US phone number, like (617) 555-0100."),
      dateOfBirth: z
        .string("Enter your date of birth.")
        .max(10, "Enter your date of birth as a date, like 1990-05-01.")
        .superRefine((v, ctx) => {
          const fail = (message: string) => ctx.addIssue({ code: "custom", message });
          if (!dateOfBirthSchema.safeParse(v).success) return fail("Enter a real date of birth, like 1990-05-01.");
          if (v > today) return fail("Your date of birth can’t be in the future.");
          if (ageOn(v, today) >= 120) return fail("Check the year of your date of birth.");
        }),
      guardian: z.literal("on").optional(),
      flavor: z.enum(FLAVORS.map((f) => f.value) as [string, ...string[]], "Choose one of the flavors.").optional(),
      show: z.enum(SHOWS.map((s) => s.value) as [string, ...string[]], "Choose one of the shows.").optional(),
    })
    .superRefine((v, ctx) => {
      if (v.dateOfBirth <= today && ageOn(v.dateOfBirth, today) < ADULT_AGE && v.guardian !== "on") {
        ctx.addIssue({
          code: "custom",
          path: ["guardian"],
          message:
            "Patients under 18 must be booked by a parent or guardian. If you are the patient’s parent or guardian, tick the box to confirm.",
        });
      }
    });
}

export const insuranceFormSchema = z.object({
  carrier: z.enum([...CARRIER_VALUES, SELF_PAY] as [string, ...string[]], "Choose your insurance, or that you’ll pay yourself."),
  memberId: z
    .string()
    .max(40, "A member ID has at most 30 letters and numbers.")
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^[A-Za-z0-9-]{0,30}$/, "A member ID has only letters, numbers and dashes (at most 30)."))
    .optional(),
});


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

// ---------------------------------------------------------------------------------------------
// Formatting (studio-local)
// ---------------------------------------------------------------------------------------------

const CALENDAR_DATE = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });

/** "May 1, 1990" from 'YYYY-MM-DD' (a calendar date: no zone). */
export function formatCalendarDate(day: string): string {
  return CALENDAR_DATE.format(new Date(`${day}T12:00:00Z`));
}

/** Adds whole calendar days to a 'YYYY-MM-DD'. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const MAX_WEEK = 8; // 9 pages of 7 days cover the 60-day booking window

/** `?week=N`: 0..8; anything else is the first week. */
export function parseWeek(raw: string | null): number {
  if (raw === null || !/^\d$/.test(raw)) return 0;
  const n = Number(raw);
  return n <= MAX_WEEK ? n : 0;
}

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

/** Any studio by slug, enabled or not (a booked visit stays viewable if its studio closes). */
export async function getStudioAnyState(db: Db, slug: string) {
  const [row] = await db.select().from(studios).where(eq(studios.slug, slug));
  return row ? { ...row, tz: studioTimezone(row.slug, row.timezone) } : null;
}

/** The booking needs the studio to verify the plan: an unlisted carrier, or a listed one without a member id. */
export function bookingNeedsInsurance(insurance: BookingState["insurance"]): boolean {
  return insurance?.kind === "carrier" && (insurance.carrier === "OTHER" || !insurance.memberId);
}

/** The data-layer event id: derived from the token but not the token (it must not reach analytics). */
export function bookingEventId(token: string): string {
  return `bk_${createHash("sha256").update(token).digest("hex").slice(0, 24)}`;
}

/** Preferences in the patient record's shape (spec: FLAVOR, NETFLIX). */
export function preferencesOf(contact: BookingState["contact"]): { name: string; value: string }[] {
  const prefs: { name: string; value: string }[] = [];
  if (contact?.preferences.flavor) prefs.push({ name: "FLAVOR", value: contact.preferences.flavor });
  if (contact?.preferences.show) prefs.push({ name: "NETFLIX", value: contact.preferences.show });
  return prefs;
}

// ---------------------------------------------------------------------------------------------
// payment-info action: its own (not submitStep) so the card number and CVC are never echoed back
// ---------------------------------------------------------------------------------------------

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
    const { state, next } = advance(ctx.state, "payment-info", { payment: ctx.state.payment }, ctx.opts);
    return saveAndRedirect(next, state);
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
  const { state, next } = advance(ctx.state, "payment-info", { payment: result.card }, ctx.opts);
  return saveAndRedirect(next, state);
}
