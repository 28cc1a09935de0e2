import { z } from "zod/v4";
import { CARRIER_VALUES, SELF_PAY } from "~/rules/insurance";

export const insuranceFormSchema = z.object({
  carrier: z.enum([...CARRIER_VALUES, SELF_PAY] as [string, ...string[]], "Choose your insurance, or that you’ll pay yourself."),
  memberId: z
    .string()
    .max(40, "A member ID has at most 30 letters and numbers.")
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^[A-Za-z0-9-]{0,30}$/, "A member ID has only letters, numbers and dashes (at most 30)."))
    .optional(),
});
