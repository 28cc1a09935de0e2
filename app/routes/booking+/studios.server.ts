import { z } from "zod/v4";

export const studiosSchema = z.object({
  studio: z.string("Choose a studio.").max(40, "Choose a studio from the list."),
});
