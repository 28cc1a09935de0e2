import { z } from "zod/v4";
import { quizAnswersSchema } from "~/booking/state";

const answer = (values: readonly string[]) =>
  z.enum(values as [string, ...string[]], { error: "booking.errors.quizAnswer" }).optional();

/** The step's form schema: server-only, so zod never reaches the browser. */
export const schema = () => {
  const { concern, priority, ageGroup } = quizAnswersSchema.shape;
  return z.object({
    concern: answer(concern.unwrap().options),
    priority: answer(priority.unwrap().options),
    ageGroup: answer(ageGroup.unwrap().options),
  });
};
