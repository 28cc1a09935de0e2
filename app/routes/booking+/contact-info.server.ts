import { z } from "zod/v4";
import { dateOfBirthSchema } from "~/booking/state";
import { ageOn, ADULT_AGE } from "~/rules/age";
import { FLAVORS, SHOWS } from "~/rules/comfort-preferences";
import { normalizePhone } from "~/rules/phone";

const name = (label: string) =>
  z
    .string(`Enter your ${label}.`)
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(50, `Please use at most 50 characters for your ${label}.`)
    .regex(/^[^\p{Cc}]*$/u, `Your ${label} has characters we can’t use.`)
    .refine((v) => new TextEncoder().encode(v).length <= 100, `Please shorten your ${label}.`);

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
        .max(10, "Enter your date of birth as month, day and year, like 5 27 1990.")
        .superRefine((v, ctx) => {
          const fail = (message: string) => ctx.addIssue({ code: "custom", message });
          if (!dateOfBirthSchema.safeParse(v).success) return fail("Enter a real date of birth: month 1–12, day 1–31 and a 4-digit year, like 5 27 1990.");
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
