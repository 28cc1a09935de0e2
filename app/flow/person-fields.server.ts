/**
 * The fields that say who a patient is — name, mobile number, date of birth — with their messages, one
 * definition for the booking's contact step and the patient area's details form (both features read them here,
 * below both: decision 069).
 */
import { z } from "zod/v4";
import { ageOn } from "~/rules/age";
import { normalizePhone } from "~/rules/phone";
import { isRealDate } from "~/rules/family";

/** The name fields' messages, as catalogue keys (the action words them for the reader: localizeReply). */
const NAME_MESSAGES = {
  "first name": { required: "booking.errors.firstNameRequired", tooLong: "booking.errors.firstNameTooLong", chars: "booking.errors.firstNameChars", tooManyBytes: "booking.errors.firstNameShorten" },
  "last name": { required: "booking.errors.lastNameRequired", tooLong: "booking.errors.lastNameTooLong", chars: "booking.errors.lastNameChars", tooManyBytes: "booking.errors.lastNameShorten" },
} as const;
export type NameLabel = keyof typeof NAME_MESSAGES;
export const nameMessages = (label: NameLabel) => NAME_MESSAGES[label];

export const personNameField = (label: NameLabel) =>
  z
    .string(NAME_MESSAGES[label].required)
    .trim()
    .min(1, NAME_MESSAGES[label].required)
    .max(50, NAME_MESSAGES[label].tooLong)
    .regex(/^[^\p{Cc}]*$/u, NAME_MESSAGES[label].chars);

const PHONE_MESSAGE = "booking.errors.phoneInvalid";

/** As typed; `normalizePhone` of it is the 10 digits. */
export const phoneField = z
  .string("booking.errors.phoneRequired")
  .max(30, PHONE_MESSAGE)
  .refine((v) => normalizePhone(v) !== null, PHONE_MESSAGE);

/** 'YYYY-MM-DD' (the date parts joined), a real date, not after `today`, under 120 years. */
export const dateOfBirthField = (today: string) =>
  z
    .string("booking.errors.dobRequired")
    .max(10, "booking.errors.dobFormat")
    .superRefine((v, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: "custom", message });
      if (!isRealDate(v)) return fail("booking.errors.dobInvalid");
      if (v > today) return fail("booking.errors.dobFuture");
      if (ageOn(v, today) >= 120) return fail("booking.errors.dobYear");
    });
