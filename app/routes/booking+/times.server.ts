import { z } from "zod/v4";

export const timesSchema = z.object({
  slot: z.string("Choose a time.").max(40, "Choose a time from the list."),
});


/** The page past the hold limit (429, decision 021). */
export const TOO_MANY_HOLDS_TITLE = "You have chosen many times in the last hour";
