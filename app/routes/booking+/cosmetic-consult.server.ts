import { z } from "zod/v4";
import { COSMETIC_CONSULT_CODES } from "~/booking/options";

/** The step's form schema: server-only, so zod never reaches the browser. */
export const schema = () =>
  z.object({
    serviceType: z.enum(COSMETIC_CONSULT_CODES, { error: "booking.errors.consult" }),
  });
