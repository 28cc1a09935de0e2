import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { orthoQuizResult } from "~/booking/funnel";
import { QUIZ_RESULTS, type QuizAnswers, type QuizResult } from "~/booking/options";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, StepPage, type Choice } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";
import { schema } from "./ortho-quiz-result.server";

const RESULTS: Record<QuizResult, { label: string; detail: string; name: string }> = {
  invisalign: {
    name: "an Invisalign consult",
    label: "Invisalign consult",
    detail: "Clear, removable aligners that are nearly invisible. A 3D scan and a plan with a preview of your new smile.",
  },
  braces: {
    name: "a braces consult",
    label: "Braces consult",
    detail: "Metal or tooth-coloured ceramic braces: the most dependable fix for bite problems and for younger patients.",
  },
  "smile-straightening": {
    name: "a smile straightening consult",
    label: "Smile straightening consult",
    detail: "Not sure yet? An orthodontist examines your teeth and bite and recommends aligners or braces.",
  },
};

/** Why the quiz suggested what it did, in the order `orthoQuizResult` (funnel.ts) decides. */
function because(quiz: QuizAnswers): string {
  if (quiz.ageGroup === "child") return "Children’s teeth and jaws are still growing, and braces give the orthodontist the most control while they do.";
  if (quiz.concern === "bite") return "Bite problems usually need the precise, constant control that braces give.";
  if (quiz.priority === "discreet") return "You told us a discreet look matters most: clear aligners are nearly invisible and come out for meals.";
  if (quiz.priority === "lowest-cost") return "You told us cost matters most: traditional braces are usually the most affordable way to straighten teeth.";
  if (quiz.concern === undefined || quiz.concern === "not-sure")
    return "You’re not sure yet what you’d like to change, so an orthodontist will look at your teeth and recommend the best option.";
  return "Crowding and gaps are what clear aligners treat best, and they fit into everyday life.";
}

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "ortho-quiz-result");
  const quiz = state.quiz ?? {};
  const recommended = orthoQuizResult(quiz);
  const choices: Choice[] = QUIZ_RESULTS.map((value) => ({
    value,
    label: value === recommended ? `${RESULTS[value].label} (recommended for you)` : RESULTS[value].label,
    detail: RESULTS[value].detail,
  }));
  return json({
    back,
    title,
    recommended: { value: recommended, name: RESULTS[recommended].name, because: because(quiz) },
    // The patient's own choice when they come back, else the suggestion.
    quizResult: state.quizResult ?? recommended,
    choices,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "ortho-quiz-result", schema(), ({ quizResult }) => ({ quizResult }));
}

export default function OrthoQuizResult() {
  const { back, title, recommended, quizResult, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ quizResult }}
      submitLabel="Book this consult"
      intro={
        <div className="quiz-result">
          <p className="lead">
            We suggest <strong>{recommended.name}</strong>.
          </p>
          <p>{recommended.because}</p>
        </div>
      }
    >
      <ChoiceGroup
        name="quizResult"
        legend="Consult to book"
        hint="The suggested consult is selected. You can choose a different one."
        choices={choices}
      />
    </StepPage>
  );
}
