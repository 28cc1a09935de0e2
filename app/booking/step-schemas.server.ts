/**
 * The booking steps' form schemas (decision 069): server-only, so zod never reaches the browser. Messages are
 * catalogue keys, worded by submitStep in the reader's language.
 */
import { z } from "zod/v4";
import { msg } from "~/i18n/translate";
import { CARRIER_VALUES, SELF_PAY } from "~/rules/insurance";
import { CATEGORIES, COSMETIC_CHOICES, COSMETIC_CONSULT_CODES, EMERGENCY_TYPES, FREEFORM_MAX_BYTES, FREEFORM_MAX_CHARS, MARKET_SLUGS, PROCEDURES, QUIZ_RESULTS, jsonBytes } from "./options";
import { quizAnswersSchema } from "./state";

/** /booking/cosmetic-consult's form. */
export const cosmeticConsultSchema = () =>
  z.object({
    serviceType: z.enum(COSMETIC_CONSULT_CODES, { error: "booking.errors.consult" }),
  });

/** /booking/cosmetic's form. */
export const cosmeticSchema = () =>
  z.object({
    cosmeticChoice: z.enum(COSMETIC_CHOICES, { error: "booking.errors.cosmetic" }),
  });

/** /booking/emergency-type's form. */
export const emergencyTypeSchema = () =>
  z.object({
    emergencyType: z.enum(EMERGENCY_TYPES, { error: "booking.errors.emergencyType" }),
  });

const TOO_LONG = msg("booking.errors.freeformTooLong", { max: FREEFORM_MAX_CHARS.toLocaleString("en-US") });

/** /booking/freeform-questions's form. */
export const freeformSchema = () =>
  z.object({
    freeform: z
      .string()
      .trim()
      .max(FREEFORM_MAX_CHARS, { error: TOO_LONG })
      // The byte cap keeps the booking cookie under 4 KB: emoji and non-Latin letters count more.
      .refine((s) => jsonBytes(s) <= FREEFORM_MAX_BYTES, { error: "booking.errors.freeformTooManyBytes" })
      .optional(),
  });

/** /booking/markets's form. */
export const marketSchema = () =>
  z.object({
    market: z.enum(MARKET_SLUGS, { error: "booking.errors.marketRequired" }),
  });

/** /booking/ortho-markets's form. */
export const orthoMarketSchema = () =>
  z.object({
    orthoMarket: z.enum(MARKET_SLUGS, { error: "booking.errors.orthoMarket" }),
  });

/** /booking/ortho-quiz-result's form. */
export const quizResultSchema = () =>
  z.object({
    quizResult: z.enum(QUIZ_RESULTS, { error: "booking.errors.quizResult" }),
  });

const answer = (values: readonly string[]) =>
  z.enum(values as [string, ...string[]], { error: "booking.errors.quizAnswer" }).optional();

/** /booking/ortho-quiz's form. */
export const orthoQuizSchema = () => {
  const { concern, priority, ageGroup } = quizAnswersSchema.shape;
  return z.object({
    concern: answer(concern.unwrap().options),
    priority: answer(priority.unwrap().options),
    ageGroup: answer(ageGroup.unwrap().options),
  });
};

/** /booking/procedures's form. */
export const procedureSchema = () =>
  z.object({
    procedure: z.enum(PROCEDURES, { error: "booking.errors.procedure" }),
  });

/** /booking/services's form. */
export const categorySchema = () =>
  z.object({
    category: z.enum(CATEGORIES, { error: "booking.errors.categoryRequired" }),
  });

/** /booking/email's form. */
export const bookingEmailSchema = z.object({
  email: z
    .string("booking.errors.emailRequired")
    .trim()
    .max(254, "booking.errors.emailTooLong")
    .toLowerCase()
    .pipe(z.email("booking.errors.emailInvalid")),
});

/** /booking/insurance's form. */
export const insuranceFormSchema = z.object({
  carrier: z.enum([...CARRIER_VALUES, SELF_PAY] as [string, ...string[]], "booking.errors.carrier"),
  memberId: z
    .string()
    .max(40, "booking.errors.memberIdLength")
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^[A-Za-z0-9-]{0,30}$/, "booking.errors.memberIdChars"))
    .optional(),
});

/** /booking/studios's form. */
export const studiosSchema = z.object({
  studio: z.string("booking.errors.studioRequired").max(40, "booking.errors.studioNotListed"),
});

/** /booking/times's form. */
export const timesSchema = z.object({
  slot: z.string("booking.errors.slotRequired").max(40, "booking.errors.slotNotListed"),
});
