import { z } from "zod/v4";

export const studiosSchema = z.object({
  studio: z.string("booking.errors.studioRequired").max(40, "booking.errors.studioNotListed"),
});
