import { z } from "zod/v4";
import { MARKET_SLUGS } from "~/booking/options";

/** The step's form schema: server-only, so zod never reaches the browser. */
export const schema = () =>
  z.object({
    orthoMarket: z.enum(MARKET_SLUGS, { error: "booking.errors.orthoMarket" }),
  });
