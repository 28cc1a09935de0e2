import { z } from "zod/v4";
import { dateOfBirthField, personNameField, phoneField } from "~/booking/person-fields.server";
import { ageOn, ADULT_AGE } from "~/rules/age";
import { FLAVORS, SHOWS } from "~/rules/comfort-preferences";

// The booking cookie's bound on a name (booking/state.ts): 100 bytes.
const name = (label: string) =>
  personNameField(label).refine((v) => new TextEncoder().encode(v).length <= 100, `Please shorten your ${label}.`);

export function contactSchema(today: string) {
  return z
    .object({
      firstName: name("first name"),
      lastName: name("last name"),
      phone: phoneField,
      dateOfBirth: dateOfBirthField(today),
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
