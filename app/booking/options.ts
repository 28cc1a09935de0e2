/**
 * The booking choices as plain constants: safe for route components (no zod, so nothing of the
 * validation code reaches the browser bundle). The schemas that check them live in state.ts.
 */
import { MARKETS } from "~/rules/markets";

// `@__PURE__` (here and below): a list derived at load time is no side effect; without the mark the bundler keeps the
// call, and with it this module and rules/markets.ts, on every page that imports anything of it (decision 019).
export const MARKET_SLUGS = /* @__PURE__ */ MARKETS.map((m) => m.slug) as [
  (typeof MARKETS)[number]["slug"],
  ...(typeof MARKETS)[number]["slug"][],
];
export type MarketSlug = (typeof MARKET_SLUGS)[number];

export const SERVICE_CODES = [
  "CLNCHK",
  "WHTNG",
  "INVISALN",
  "GENOCON",
  "IMPCON",
  "CRNCON",
  "COSCON",
  "BRGCON",
  "BOTOXCON",
  "EMERG",
  "BRACESCON",
] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];

/** What the patient picks on /booking/services. Each category leads into one branch of the funnel. */
export const CATEGORIES = ["cleaning", "whitening", "emergency", "cosmetic", "procedures", "ortho"] as const;
export type Category = (typeof CATEGORIES)[number];

export const EMERGENCY_TYPES = ["toothache", "broken-tooth", "swelling", "lost-filling-or-crown", "bleeding", "other"] as const;
export type EmergencyType = (typeof EMERGENCY_TYPES)[number];

/** /booking/cosmetic: a consult (then COSCON or BOTOXCON on /booking/cosmetic-consult) or whitening. */
export const COSMETIC_CHOICES = ["consult", "whitening"] as const;
export const COSMETIC_CONSULT_CODES = ["COSCON", "BOTOXCON"] as const satisfies readonly ServiceCode[];

/** /booking/procedures: each procedure is a consult with a dentist. */
export const PROCEDURE_SERVICE = {
  general: "GENOCON",
  implant: "IMPCON",
  crown: "CRNCON",
  bridge: "BRGCON",
} as const satisfies Record<string, ServiceCode>;
export type Procedure = keyof typeof PROCEDURE_SERVICE;
export const PROCEDURES = /* @__PURE__ */ Object.keys(PROCEDURE_SERVICE) as [Procedure, ...Procedure[]];

export const QUIZ_RESULTS = ["invisalign", "braces", "smile-straightening"] as const;
export type QuizResult = (typeof QUIZ_RESULTS)[number];


export const STEP_IDS = [
  "markets",
  "ortho-markets",
  "services",
  "studios",
  "email",
  "emergency",
  "emergency-type",
  "freeform-questions",
  "insurance",
  "insurance-status",
  "procedures",
  "cosmetic",
  "cosmetic-consult",
  "whitening",
  "times",
  "contact-info",
  "payment-info",
  "confirmation",
  "invisalign-consult",
  "smile-straightening-consult",
  "smile-straightening",
  "ortho-quiz",
  "ortho-quiz-result",
  "who",
] as const;
export type StepId = (typeof STEP_IDS)[number];

export const jsonBytes = (s: string) => new TextEncoder().encode(JSON.stringify(s)).length - 2;
export const FREEFORM_MAX_CHARS = 1000;
export const FREEFORM_MAX_BYTES = 1000;

/** Ortho quiz answers: every question optional so a patient may skip one. */
export type QuizAnswers = {
  concern?: "crowding" | "gaps" | "bite" | "not-sure";
  priority?: "discreet" | "fastest" | "lowest-cost";
  ageGroup?: "child" | "teen" | "adult";
};

