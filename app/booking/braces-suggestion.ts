import type { T } from "~/i18n/translate";
import { QUIZ_RESULTS, type QuizResult } from "./options";

// The brand keeps its name; the others are `family` keys.
const RESULT: Record<QuizResult, { name: string | null; key: string | null; service: string }> = {
  invisalign: { name: "Invisalign", key: null, service: "INVISALN" },
  braces: { name: null, key: "family.member.result.braces", service: "BRACESCON" },
  "smile-straightening": { name: null, key: "family.member.result.smile", service: "INVISALN" },
};
const isQuizResult = (value: unknown): value is QuizResult => (QUIZ_RESULTS as readonly unknown[]).includes(value);

/** A family member's Breezy Braces suggestion from their ortho visits' quiz results (the first known one), or null. */
export function bracesSuggestion(quizResults: unknown[], t: T) {
  const quiz = quizResults.find(isQuizResult);
  return quiz ? { name: RESULT[quiz].name ?? t(RESULT[quiz].key!), book: `/booking?service=${RESULT[quiz].service}` } : null;
}
