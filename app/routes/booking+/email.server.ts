import { z } from "zod/v4";

export const emailSchema = z.object({
  email: z
    .string("Enter your email address.")
    .trim()
    .max(254, "That email address is too long.")
    .toLowerCase()
    .pipe(z.email("Enter an email address like name@example.com.")),
});
