import { z } from "zod/v4";

export const timesSchema = z.object({
  slot: z.string("Choose a time.").max(40, "Choose a time from the list."),
});

