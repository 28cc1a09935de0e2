import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { QuizAnswers } from "~/booking/options";
import { openStep, submitStep } from "~/booking/step.server";
import { ChoiceGroup, StepPage, type Choice } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";
import { schema } from "./ortho-quiz.server";

type Question = { name: keyof QuizAnswers; legend: string; choices: Choice[] };

/** The questions of `quizAnswersSchema` (booking/state.ts). Every one may be skipped. */
const QUESTIONS: Question[] = [
  {
    name: "concern",
    legend: "What would you most like to change?",
    choices: [
      { value: "crowding", label: "Crooked or crowded teeth" },
      { value: "gaps", label: "Gaps between my teeth" },
      { value: "bite", label: "My bite", detail: "Overbite, underbite, crossbite or open bite." },
      { value: "not-sure", label: "I’m not sure" },
    ],
  },
  {
    name: "priority",
    legend: "What matters most to you?",
    choices: [
      { value: "discreet", label: "A discreet look", detail: "Nobody should notice I’m straightening my teeth." },
      { value: "fastest", label: "The fastest result" },
      { value: "lowest-cost", label: "The lowest cost" },
    ],
  },
  {
    name: "ageGroup",
    legend: "Who is the treatment for?",
    choices: [
      { value: "child", label: "A child (under 12)" },
      { value: "teen", label: "A teenager (12 to 17)" },
      { value: "adult", label: "An adult (18 or older)" },
    ],
  },
];

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "ortho-quiz");
  return json({ back, title, quiz: state.quiz ?? {}, questions: QUESTIONS });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "ortho-quiz", schema(), (value) => {
    const quiz = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as QuizAnswers;
    return { quiz };
  });
}

export default function OrthoQuiz() {
  const { back, title, quiz, questions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={quiz}
      submitLabel="See my result"
      intro={
        <p className="lead">
          Three quick questions and we’ll suggest the consult that fits you best. Skip any you’re not sure about: an
          orthodontist will go through everything with you at the visit.
        </p>
      }
    >
      {questions.map((q) => (
        <ChoiceGroup key={q.name} name={q.name} legend={q.legend} choices={q.choices} />
      ))}
    </StepPage>
  );
}
