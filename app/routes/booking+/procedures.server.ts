import { z } from "zod/v4";
import { PROCEDURES } from "~/booking/options";

/** The step's form schema: server-only, so zod never reaches the browser. */
export const schema = () =>
  z.object({
    procedure: z.enum(PROCEDURES, { error: "booking.errors.procedure" }),
  });
