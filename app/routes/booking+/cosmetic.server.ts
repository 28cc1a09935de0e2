import { z } from "zod/v4";
import { COSMETIC_CHOICES } from "~/booking/options";

/** The step's form schema: server-only, so zod never reaches the browser. */
export const schema = () =>
  z.object({
    cosmeticChoice: z.enum(COSMETIC_CHOICES, { error: "booking.errors.cosmetic" }),
  });
