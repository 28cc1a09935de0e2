import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { QuizAnswers } from "~/booking/options";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, type Choice } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { stepMeta } from "~/ui/step-meta";
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";
import { orthoQuizSchema } from "~/booking/step-schemas.server";

type Question = { name: keyof QuizAnswers; legend: string; choices: Choice[] };

/** The questions of `quizAnswersSchema` (booking/state.ts), as catalogue keys. Every one may be skipped. */
const QUESTIONS: Question[] = [
  {
    name: "concern",
    legend: "booking.quiz.concern",
    choices: [
      { value: "crowding", label: "booking.quiz.concernCrowding" },
      { value: "gaps", label: "booking.quiz.concernGaps" },
      { value: "bite", label: "booking.quiz.concernBite", detail: "booking.quiz.concernBiteDetail" },
      { value: "not-sure", label: "booking.quiz.concernNotSure" },
    ],
  },
  {
    name: "priority",
    legend: "booking.quiz.priority",
    choices: [
      { value: "discreet", label: "booking.quiz.priorityDiscreet", detail: "booking.quiz.priorityDiscreetDetail" },
      { value: "fastest", label: "booking.quiz.priorityFastest" },
      { value: "lowest-cost", label: "booking.quiz.priorityLowestCost" },
    ],
  },
  {
    name: "ageGroup",
    legend: "booking.quiz.ageGroup",
    choices: [
      { value: "child", label: "booking.quiz.ageChild" },
      { value: "teen", label: "booking.quiz.ageTeen" },
      { value: "adult", label: "booking.quiz.ageAdult" },
    ],
  },
];

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "ortho-quiz");
  const { t } = i18nOf(request);
  const questions = QUESTIONS.map((q) => ({
    name: q.name,
    legend: t(q.legend),
    choices: q.choices.map((c) => ({ value: c.value, label: t(c.label), detail: c.detail && t(c.detail) })),
  }));
  return json({ back, title, quiz: state.quiz ?? {}, questions });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "ortho-quiz", orthoQuizSchema(), (value) => {
    const quiz = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as QuizAnswers;
    return { quiz };
  });
}

export default function OrthoQuiz() {
  const { back, title, quiz, questions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={quiz}
      submitLabel={t("booking.quiz.submit")}
      intro={<p className="lead">{t("booking.quiz.lead")}</p>}
    >
      {questions.map((q) => (
        <ChoiceGroup key={q.name} name={q.name} legend={q.legend} choices={q.choices} />
      ))}
    </StepPage>
  );
}
