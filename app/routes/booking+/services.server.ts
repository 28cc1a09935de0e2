import { z } from "zod/v4";
import { CATEGORIES } from "~/booking/options";

/** The step's form schema: server-only, so zod never reaches the browser. */
export const schema = () =>
  z.object({
    category: z.enum(CATEGORIES, { error: "booking.errors.categoryRequired" }),
  });
