/**
 * The form schema of every booking step, in one server-only module: route components never import
 * zod, so it stays out of the browser bundle (the budget is 100 KB gzip per step).
 */
import { z } from "zod/v4";
import { MARKET_SLUGS } from "./state";

export const stepSchemas = {
  markets: z.object({
    market: z.enum(MARKET_SLUGS, { error: "Choose the city where you’d like to be seen." }),
  }),
};
