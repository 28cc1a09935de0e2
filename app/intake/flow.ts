/**
 * The intake flow: the second flow on the flow engine (app/flow/engine.ts). Pure: no I/O, no Remix.
 * Insurance (provider → card photos → plan check result) for every visit that needs intake; the health
 * history for the services the spec's rule names (rules/intake); then check your answers.
 * Decision 006.
 */
import { createFlow } from "~/flow/engine";

export type IntakeStepId = "insurance-provider" | "insurance-card" | "insurance-results" | "medical-conditions" | "check-answers";

export type Subscriber =
  | { relationship: "self" }
  | { relationship: "spouse" | "parent" | "other"; name: string; dateOfBirth: string };

export type IntakeInsurance =
  | { kind: "none" }
  | {
      kind: "carrier";
      carrier: string;
      /** The plan's name, for "another plan". */
      planName?: string;
      planType: string;
      memberId: string;
      groupNumber?: string;
      subscriber: Subscriber;
    };

/** Which card photos are stored; `later`: the patient will bring the card to the visit. */
export type CardAnswer = { front: boolean; back: boolean; later: boolean };

export type HealthHistory = {
  /** Condition values (options.ts), or ["none"]. */
  conditions: string[];
  otherConditions?: string;
  takesMedications: "yes" | "no";
  medications?: string;
  hasAllergies: "yes" | "no";
  allergens: string[];
  otherAllergies?: string;
  allergyReactions?: string;
  pregnancy: string;
  tobacco: string;
  premedication: string;
};

export type IntakeState = {
  completed: IntakeStepId[];
  insurance?: IntakeInsurance;
  card?: CardAnswer;
  health?: HealthHistory;
};

/** What a visit's intake asks: insurance always; the health history when the service needs intake. */
export type IntakeOptions = { health: boolean };

/** Each step's page and title (a catalogue key: the pages word it in the reader's language). */
export const INTAKE_STEPS: Record<IntakeStepId, { path: string; title: string }> = {
  "insurance-provider": { path: "/intake/insurance/provider", title: "intake.steps.provider" },
  "insurance-card": { path: "/intake/insurance/card", title: "intake.steps.card" },
  "insurance-results": { path: "/intake/insurance/results", title: "intake.steps.results" },
  "medical-conditions": { path: "/intake/personal/medical-conditions", title: "intake.steps.health" },
  "check-answers": { path: "/intake/check-answers", title: "intake.steps.check" },
};

export type IntakeStepValues = {
  "insurance-provider": Pick<IntakeState, "insurance">;
  "insurance-card": Pick<IntakeState, "card">;
  "insurance-results": Record<string, never>;
  "medical-conditions": Pick<IntakeState, "health">;
  "check-answers": Record<string, never>;
};

function route(state: IntakeState, opts: IntakeOptions): IntakeStepId[] {
  const steps: IntakeStepId[] = ["insurance-provider"];
  // No insurance: no card to photograph, no plan to check.
  if (state.insurance?.kind !== "none") steps.push("insurance-card", "insurance-results");
  if (opts.health) steps.push("medical-conditions");
  steps.push("check-answers");
  return steps;
}

export const intakeFlow = createFlow<IntakeStepId, IntakeState, IntakeOptions, IntakeStepValues>({
  steps: INTAKE_STEPS,
  last: "check-answers",
  owns: { "insurance-provider": ["insurance"], "insurance-card": ["card"], "medical-conditions": ["health"] },
  route,
  reconcile(before, after) {
    // A changed plan is checked again: its result page is shown again before check your answers.
    if (JSON.stringify(before.insurance) !== JSON.stringify(after.insurance)) {
      return { ...after, completed: after.completed.filter((s) => s !== "insurance-results") };
    }
    return after;
  },
});

/** "Step 2 of 5": where a step sits on this patient's route (null when it is not on it). */
export function progressOf(state: IntakeState, step: IntakeStepId, opts: IntakeOptions): { index: number; total: number } | null {
  const steps = intakeFlow.stepsFor(state, opts);
  const index = steps.indexOf(step);
  return index === -1 ? null : { index: index + 1, total: steps.length };
}

/** The steps still open on this patient's route (for the start page's "what is left"). */
export function openSteps(state: IntakeState, opts: IntakeOptions): IntakeStepId[] {
  return intakeFlow.stepsFor(state, opts).filter((s) => s !== "check-answers" && !intakeFlow.isDone(state, s));
}
