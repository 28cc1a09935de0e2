import { z } from "zod/v4";
import { CARRIER_VALUES, SELF_PAY } from "~/rules/insurance";

export const insuranceFormSchema = z.object({
  carrier: z.enum([...CARRIER_VALUES, SELF_PAY] as [string, ...string[]], "booking.errors.carrier"),
  memberId: z
    .string()
    .max(40, "booking.errors.memberIdLength")
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^[A-Za-z0-9-]{0,30}$/, "booking.errors.memberIdChars"))
    .optional(),
});
