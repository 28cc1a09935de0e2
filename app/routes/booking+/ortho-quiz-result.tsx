import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { orthoQuizResult } from "~/booking/funnel";
import { QUIZ_RESULTS, type QuizAnswers, type QuizResult } from "~/booking/options";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, type Choice } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { i18nOf } from "~/i18n/locale.server";
import { Trans, useT } from "~/i18n/use-t";
import { quizResultSchema } from "~/booking/step-schemas.server";

/** Each consult's words, as catalogue keys: its name in a sentence, its choice label and detail. */
const RESULTS: Record<QuizResult, { label: string; detail: string; name: string }> = {
  invisalign: { name: "booking.quizResult.invisalignName", label: "booking.quizResult.invisalign", detail: "booking.quizResult.invisalignDetail" },
  braces: { name: "booking.quizResult.bracesName", label: "booking.quizResult.braces", detail: "booking.quizResult.bracesDetail" },
  "smile-straightening": { name: "booking.quizResult.smileName", label: "booking.quizResult.smile", detail: "booking.quizResult.smileDetail" },
};

/** Why the quiz suggested what it did (a catalogue key), in the order `orthoQuizResult` (funnel.ts) decides. */
function because(quiz: QuizAnswers): string {
  if (quiz.ageGroup === "child") return "booking.quizResult.becauseChild";
  if (quiz.concern === "bite") return "booking.quizResult.becauseBite";
  if (quiz.priority === "discreet") return "booking.quizResult.becauseDiscreet";
  if (quiz.priority === "lowest-cost") return "booking.quizResult.becauseCost";
  if (quiz.concern === undefined || quiz.concern === "not-sure") return "booking.quizResult.becauseNotSure";
  return "booking.quizResult.becauseCrowding";
}

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "ortho-quiz-result");
  const quiz = state.quiz ?? {};
  const recommended = orthoQuizResult(quiz);
  const { t } = i18nOf(request);
  const choices: Choice[] = QUIZ_RESULTS.map((value) => ({
    value,
    label: value === recommended ? t("booking.quizResult.recommended", { label: t(RESULTS[value].label) }) : t(RESULTS[value].label),
    detail: t(RESULTS[value].detail),
  }));
  return json({
    back,
    title,
    recommended: { value: recommended, name: t(RESULTS[recommended].name), because: t(because(quiz)) },
    // The patient's own choice when they come back, else the suggestion.
    quizResult: state.quizResult ?? recommended,
    choices,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "ortho-quiz-result", quizResultSchema(), ({ quizResult }) => ({ quizResult }));
}

export default function OrthoQuizResult() {
  const { back, title, recommended, quizResult, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ quizResult }}
      submitLabel={t("booking.quizResult.submit")}
      intro={
        <div className="quiz-result">
          <p className="lead">
            <Trans k="booking.quizResult.suggest" vars={{ name: recommended.name }} tags={{ strong: <strong /> }} />
          </p>
          <p>{recommended.because}</p>
        </div>
      }
    >
      <ChoiceGroup
        name="quizResult"
        legend={t("booking.quizResult.legend")}
        hint={t("booking.quizResult.hint")}
        choices={choices}
      />
    </StepPage>
  );
}
