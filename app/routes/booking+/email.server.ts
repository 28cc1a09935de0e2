import { z } from "zod/v4";

export const emailSchema = z.object({
  email: z
    .string("booking.errors.emailRequired")
    .trim()
    .max(254, "booking.errors.emailTooLong")
    .toLowerCase()
    .pipe(z.email("booking.errors.emailInvalid")),
});
