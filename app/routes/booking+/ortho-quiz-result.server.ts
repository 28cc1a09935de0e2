import { z } from "zod/v4";
import { QUIZ_RESULTS } from "~/booking/options";

/** The step's form schema: server-only, so zod never reaches the browser. */
export const schema = () =>
  z.object({
    quizResult: z.enum(QUIZ_RESULTS, { error: "booking.errors.quizResult" }),
  });
