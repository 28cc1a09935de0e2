import { z } from "zod/v4";

export const inviteSchema = z.object({
  friendEmail: z
    .string("Enter your friend’s email address.")
    .trim()
    .max(254, "That email address is too long.")
    .toLowerCase()
    .pipe(z.email("Enter an email address like name@example.com.")),
});
