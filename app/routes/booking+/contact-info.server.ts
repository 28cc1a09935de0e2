import { z } from "zod/v4";
import { dateOfBirthField, nameMessages, personNameField, phoneField, type NameLabel } from "~/booking/person-fields.server";
import { ageOn, ADULT_AGE } from "~/rules/age";
import { FLAVORS, SHOWS } from "~/rules/comfort-preferences";

// The booking cookie's bound on a name (booking/state.ts): 100 bytes.
const name = (label: NameLabel) =>
  personNameField(label).refine((v) => new TextEncoder().encode(v).length <= 100, nameMessages(label).tooManyBytes);

export function contactSchema(today: string) {
  return z
    .object({
      firstName: name("first name"),
      lastName: name("last name"),
      phone: phoneField,
      dateOfBirth: dateOfBirthField(today),
      guardian: z.literal("on").optional(),
      flavor: z.enum(FLAVORS.map((f) => f.value) as [string, ...string[]], "booking.errors.flavor").optional(),
      show: z.enum(SHOWS.map((s) => s.value) as [string, ...string[]], "booking.errors.show").optional(),
    })
    .superRefine((v, ctx) => {
      if (v.dateOfBirth <= today && ageOn(v.dateOfBirth, today) < ADULT_AGE && v.guardian !== "on") {
        ctx.addIssue({
          code: "custom",
          path: ["guardian"],
          message: "booking.errors.guardian",
        });
      }
    });
}
