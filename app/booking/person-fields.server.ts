/**
 * The fields that say who a patient is — name, mobile number, date of birth — with their messages, one
 * definition for the booking's contact step and the patient area's details form.
 */
import { z } from "zod/v4";
import { ageOn } from "~/rules/age";
import { normalizePhone } from "~/rules/phone";
import { dateOfBirthSchema } from "./state";

export const personNameField = (label: string) =>
  z
    .string(`Enter your ${label}.`)
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(50, `Please use at most 50 characters for your ${label}.`)
    .regex(/^[^\p{Cc}]*$/u, `Your ${label} has characters we can’t use.`);

const PHONE_MESSAGE = "Enter a 10-digit US phone number, like (617) 555-0100.";

/** As typed; `normalizePhone` of it is the 10 digits. */
export const phoneField = z
  .string("Enter your mobile number.")
  .max(30, PHONE_MESSAGE)
  .refine((v) => normalizePhone(v) !== null, PHONE_MESSAGE);

/** 'YYYY-MM-DD' (the date parts joined), a real date, not after `today`, under 120 years. */
export const dateOfBirthField = (today: string) =>
  z
    .string("Enter your date of birth.")
    .max(10, "Enter your date of birth as month, day and year, like 5 27 1990.")
    .superRefine((v, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: "custom", message });
      if (!dateOfBirthSchema.safeParse(v).success) return fail("Enter a real date of birth: month 1–12, day 1–31 and a 4-digit year, like 5 27 1990.");
      if (v > today) return fail("Your date of birth can’t be in the future.");
      if (ageOn(v, today) >= 120) return fail("Check the year of your date of birth.");
    });
