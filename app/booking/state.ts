/**
 * The booking state: everything a patient has answered so far, kept in one encrypted cookie
 * (booking/cookie.server.ts). Pure: types, option lists and the zod schema, no I/O.
 * Every field has a tight bound so the worst case stays well under the 4 KB cookie limit.
 */
import { z } from "zod/v4";
import { CARD_BRANDS } from "~/payments/card";
import {
  CATEGORIES,
  COSMETIC_CHOICES,
  EMERGENCY_TYPES,
  FREEFORM_MAX_BYTES,
  FREEFORM_MAX_CHARS,
  jsonBytes,
  MARKET_SLUGS,
  PROCEDURES,
  QUIZ_RESULTS,
  SERVICE_CODES,
  STEP_IDS,
} from "./options";
import { REFERRAL_CODE } from "~/rules/referral";
import { msg } from "~/i18n/translate";

export * from "./options";

/** Ortho quiz answers: every question optional so a patient may skip one ("not sure" is also offered). */
export const quizAnswersSchema = z.object({
  concern: z.enum(["crowding", "gaps", "bite", "not-sure"]).optional(),
  priority: z.enum(["discreet", "fastest", "lowest-cost"]).optional(),
  ageGroup: z.enum(["child", "teen", "adult"]).optional(),
});


const slug = z.string().regex(/^[a-z0-9-]{1,40}$/);
// Bounded: ISO strings may carry any number of fraction digits.
const isoDateTime = z.iso.datetime({ offset: true }).max(32);
/** Bytes a string takes inside the cookie's JSON (UTF-8, with escapes, without the quotes). */
/**
 * Names: ≤ `max` characters and ≤ 2×`max` bytes (so 50 Latin letters, or 33 characters of a 3-byte
 * script: still far above real CJK names), no control characters. Bounds the cookie's worst case.
 */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u)
    .refine((v) => jsonBytes(v) <= 2 * max, { message: msg("booking.errors.tooLong", { max }) });

/** Real calendar date, 'YYYY-MM-DD' (rejects 2027-02-30). */
export const dateOfBirthSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  });

/**
 * Free text about the problem: ≤ 1000 characters and ≤ 1000 bytes once JSON-encoded. The byte cap is
 * what keeps the cookie under 4 KB: 1000 characters of a non-Latin script are 3000 bytes in UTF-8.
 * In practice: 1000 Latin characters, or about 330 in Chinese, Arabic, etc.
 */
export const freeformSchema = z
  .string()
  .max(FREEFORM_MAX_CHARS)
  .refine((s) => jsonBytes(s) <= FREEFORM_MAX_BYTES, {
    message: "booking.errors.shortenDescription",
  });

export const contactSchema = z.object({
  firstName: text(50),
  lastName: text(50),
  phone: z.string().regex(/^\d{10}$/),
  dateOfBirth: dateOfBirthSchema,
  // Comfort preferences (spec: FLAVOR and NETFLIX) as option slugs; the options come from content.
  preferences: z.object({ flavor: slug.optional(), show: slug.optional() }),
  /** "Text me reminders and updates" ticked (issue 31 A): recorded as consent when the visit is booked. */
  sms: z.boolean().optional(),
});

export const insuranceSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("carrier"),
    carrier: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
    memberId: z.string().regex(/^[A-Za-z0-9-]{1,30}$/).optional(),
  }),
  z.object({ kind: z.literal("self-pay") }),
]);

/**
 * A saved card: the provider's token (the local provider's `tok_…`, Stripe's PaymentMethod `pm_…`) and what the
 * patient recognises it by; never the number or CVC (app/payments). Stripe names brands beyond our form's four.
 */
export const paymentSchema = z.object({
  brand: z.union([z.enum(CARD_BRANDS), z.string().regex(/^[a-z_]{1,20}$/)]),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  token: z.string().regex(/^[A-Za-z0-9_-]{1,48}$/),
  /** Stripe's Customer the PaymentMethod is attached to (an off-session charge names both). */
  customer: z.string().regex(/^cus_[A-Za-z0-9]{1,48}$/).optional(),
});


/** Who a logged-in booking is for (issue 20 A): the account holder, or one of their family members by id. */
export const patientForSchema = z.union([z.literal("me"), z.number().int().positive().max(2_147_483_647)]);
export type PatientFor = z.infer<typeof patientForSchema>;

export const bookingStateSchema = z.object({
  market: z.enum(MARKET_SLUGS).optional(),
  orthoMarket: z.enum(MARKET_SLUGS).optional(),
  category: z.enum(CATEGORIES).optional(),
  serviceType: z.enum(SERVICE_CODES).optional(),
  emergencyType: z.enum(EMERGENCY_TYPES).optional(),
  freeform: freeformSchema.optional(),
  cosmeticChoice: z.enum(COSMETIC_CHOICES).optional(),
  procedure: z.enum(PROCEDURES).optional(),
  quiz: quizAnswersSchema.optional(),
  quizResult: z.enum(QUIZ_RESULTS).optional(),
  studio: slug.optional(),
  /** The time chosen; `heldUntil`: until when it is held for this booking, in epoch seconds (decision 021). */
  slot: z.object({ startsAt: isoDateTime, endsAt: isoDateTime, heldUntil: z.number().int().min(0).max(2 ** 33).optional() }).optional(),
  /** This booking's id: the key of the time held for it (scheduling/holds.server.ts), 192 random bits. */
  bookingId: z.string().regex(/^[A-Za-z0-9_-]{32}$/).optional(),
  email: z.email().max(254).optional(),
  contact: contactSchema.optional(),
  insurance: insuranceSchema.optional(),
  payment: paymentSchema.optional(),
  referralCode: z.string().regex(REFERRAL_CODE).optional(),
  patientFor: patientForSchema.optional(),
  /** "Book another family member at the same time": who, and the time offered for them (same service and studio). */
  companion: z.object({ patientFor: patientForSchema, startsAt: isoDateTime }).optional(),
  completed: z
    .array(z.enum(STEP_IDS))
    .max(STEP_IDS.length)
    .refine((ids) => new Set(ids).size === ids.length),
});

export type BookingState = z.infer<typeof bookingStateSchema>;

export function emptyBookingState(): BookingState {
  return { completed: [] };
}
