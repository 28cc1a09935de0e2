import { z } from "zod/v4";

export const timesSchema = z.object({
  slot: z.string("booking.errors.slotRequired").max(40, "booking.errors.slotNotListed"),
});

/** What the times page says past each hold limit (429, decision 055), given the minutes to wait as `count`. */
export const HOLD_LIMIT_MESSAGES = {
  booking: "booking.times.tooManyBooking",
  device: "booking.times.tooManyDevice",
  day: "booking.times.tooManyDay",
  address: "booking.times.tooManyNetwork",
} as const;
