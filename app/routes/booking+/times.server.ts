import { z } from "zod/v4";

export const timesSchema = z.object({
  slot: z.string("booking.errors.slotRequired").max(40, "booking.errors.slotNotListed"),
});


/** The page past the hold limit (429, decision 021). */
export const TOO_MANY_HOLDS_TITLE = "booking.times.tooManyTitle";
