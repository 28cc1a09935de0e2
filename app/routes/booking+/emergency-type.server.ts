import { z } from "zod/v4";
import { EMERGENCY_TYPES } from "~/booking/options";

/** The step's form schema: server-only, so zod never reaches the browser. */
export const schema = () =>
  z.object({
    emergencyType: z.enum(EMERGENCY_TYPES, { error: "booking.errors.emergencyType" }),
  });
