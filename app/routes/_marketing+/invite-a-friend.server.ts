import { z } from "zod/v4";

// Messages are keys: the action words them in the reader's language (localizeReply).
export const inviteSchema = z.object({
  friendEmail: z
    .string("marketing.invite.errors.emailMissing")
    .trim()
    .max(254, "marketing.invite.errors.emailTooLong")
    .toLowerCase()
    .pipe(z.email("marketing.invite.errors.emailInvalid")),
});
