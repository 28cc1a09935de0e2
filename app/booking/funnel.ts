/**
 * The booking funnel: one flow definition on the flow engine (app/flow/engine.ts). Pure: no I/O, no Remix.
 * Loaders call `guard`, actions call `advance`, the Back link calls `previous`.
 * Decisions and the step diagram: docs/decisions/002-booking-funnel.md and 005-feature-folders-and-flows.md.
 */
import { createFlow } from "~/flow/engine";
import { cardRequired } from "~/rules/cancellation-policy";
import { captureReferral } from "~/rules/referral";
import {
  COSMETIC_CONSULT_CODES,
  MARKET_SLUGS,
  PROCEDURE_SERVICE,
  SERVICE_CODES,
  type BookingState,
  type MarketSlug,
  type QuizAnswers,
  type QuizResult,
  type ServiceCode,
  type StepId,
} from "./state";

export type { StepId } from "./state";
/** The logged-in account booking for itself: the visit is the account's, booked under the account's own email. */
export type BookingAccount = { personId: number; email: string; /** It keeps family members (issue 20 A): "who is this visit for?" is asked. */ hasFamily?: boolean };
/** What the route depends on besides the answers: the card rule, and who is booking (null: a guest). */
export type FunnelOptions = { cardRequired: boolean; account: BookingAccount | null };

/** Each step's title is a `booking` catalogue key: the step's loader words it for the reader (step.server.ts). */
export const STEPS: Record<StepId, { path: string; title: string }> = {
  markets: { path: "/booking/markets", title: "booking.steps.markets" },
  "ortho-markets": { path: "/booking/ortho-markets", title: "booking.steps.ortho-markets" },
  services: { path: "/booking/services", title: "booking.steps.services" },
  emergency: { path: "/booking/emergency", title: "booking.steps.emergency" },
  "emergency-type": { path: "/booking/emergency-type", title: "booking.steps.emergency-type" },
  cosmetic: { path: "/booking/cosmetic", title: "booking.steps.cosmetic" },
  "cosmetic-consult": { path: "/booking/cosmetic-consult", title: "booking.steps.cosmetic-consult" },
  whitening: { path: "/booking/whitening", title: "booking.steps.whitening" },
  procedures: { path: "/booking/procedures", title: "booking.steps.procedures" },
  "ortho-quiz": { path: "/booking/ortho-quiz", title: "booking.steps.ortho-quiz" },
  "ortho-quiz-result": { path: "/booking/ortho-quiz-result", title: "booking.steps.ortho-quiz-result" },
  "invisalign-consult": { path: "/booking/invisalign-consult", title: "booking.steps.invisalign-consult" },
  "smile-straightening": { path: "/booking/smile-straightening", title: "booking.steps.smile-straightening" },
  "smile-straightening-consult": { path: "/booking/smile-straightening-consult", title: "booking.steps.smile-straightening-consult" },
  "freeform-questions": { path: "/booking/freeform-questions", title: "booking.steps.freeform-questions" },
  studios: { path: "/booking/studios", title: "booking.steps.studios" },
  times: { path: "/booking/times", title: "booking.steps.times" },
  email: { path: "/booking/email", title: "booking.steps.email" },
  who: { path: "/booking/who", title: "booking.steps.who" },
  "contact-info": { path: "/booking/contact-info", title: "booking.steps.contact-info" },
  insurance: { path: "/booking/insurance", title: "booking.steps.insurance" },
  "insurance-status": { path: "/booking/insurance-status", title: "booking.steps.insurance-status" },
  "payment-info": { path: "/booking/payment-info", title: "booking.steps.payment-info" },
  confirmation: { path: "/booking/confirmation", title: "booking.steps.confirmation" },
};

/** What each step's form submits; `advance` merges only these keys. */
export type StepValues = {
  markets: Pick<BookingState, "market">;
  "ortho-markets": Pick<BookingState, "orthoMarket">;
  services: Pick<BookingState, "category">;
  emergency: Record<string, never>;
  "emergency-type": Pick<BookingState, "emergencyType">;
  "freeform-questions": Pick<BookingState, "freeform">;
  procedures: Pick<BookingState, "procedure">;
  cosmetic: Pick<BookingState, "cosmeticChoice">;
  "cosmetic-consult": { serviceType: (typeof COSMETIC_CONSULT_CODES)[number] };
  whitening: Record<string, never>;
  "ortho-quiz": { quiz: QuizAnswers };
  "ortho-quiz-result": Pick<BookingState, "quizResult">;
  "invisalign-consult": Record<string, never>;
  "smile-straightening": Record<string, never>;
  "smile-straightening-consult": Record<string, never>;
  studios: Pick<BookingState, "studio">;
  times: Pick<BookingState, "slot" | "bookingId">;
  email: Pick<BookingState, "email">;
  who: Pick<BookingState, "patientFor">;
  "contact-info": Pick<BookingState, "contact">;
  insurance: Pick<BookingState, "insurance">;
  "insurance-status": Record<string, never>;
  "payment-info": Pick<BookingState, "payment">;
  confirmation: Record<string, never>;
};

type Field = Exclude<keyof BookingState, "completed" | "serviceType" | "referralCode" | "companion">;
/** The answers each step owns: dropped (with the step's completion) when the step leaves the route. */
const OWNS: Partial<Record<StepId, readonly Field[]>> = {
  markets: ["market"],
  "ortho-markets": ["orthoMarket"],
  services: ["category"],
  "emergency-type": ["emergencyType"],
  "freeform-questions": ["freeform"],
  procedures: ["procedure"],
  cosmetic: ["cosmeticChoice"],
  "ortho-quiz": ["quiz"],
  "ortho-quiz-result": ["quizResult"],
  studios: ["studio"],
  times: ["slot"],
  email: ["email"],
  who: ["patientFor"],
  "contact-info": ["contact"],
  insurance: ["insurance"],
  "payment-info": ["payment"],
};

/** Each ortho quiz result has its own consult page, which fixes the service booked. */
const RESULT_STEP: Record<QuizResult, StepId> = {
  invisalign: "invisalign-consult",
  braces: "smile-straightening",
  "smile-straightening": "smile-straightening-consult",
};
const RESULT_SERVICE: Record<QuizResult, ServiceCode> = {
  invisalign: "INVISALN",
  braces: "BRACESCON",
  // Not sure which appliance: an orthodontist decides at an Invisalign-type consult (may be virtual).
  "smile-straightening": "INVISALN",
};

/** Consults and emergencies ask the patient to describe the problem before choosing a studio. */
const DESCRIBED_SERVICES: ReadonlySet<ServiceCode> = new Set(["EMERG", "GENOCON", "IMPCON", "CRNCON", "BRGCON", "COSCON", "BOTOXCON"]);

const isCosmeticConsult = (code: unknown): code is (typeof COSMETIC_CONSULT_CODES)[number] =>
  (COSMETIC_CONSULT_CODES as readonly unknown[]).includes(code);

/**
 * Ortho quiz → suggestion. Young children and bite problems need braces; a discreet look points to
 * Invisalign; lowest cost points to braces; otherwise an open consult where the orthodontist decides.
 */
export function orthoQuizResult(quiz: QuizAnswers): QuizResult {
  if (quiz.ageGroup === "child" || quiz.concern === "bite") return "braces";
  if (quiz.priority === "discreet") return "invisalign";
  if (quiz.priority === "lowest-cost") return "braces";
  if (quiz.concern === undefined || quiz.concern === "not-sure") return "smile-straightening";
  return "invisalign";
}

/** The service follows from the choices; stored only so routes and the cookie can read it directly. */
export function deriveService(state: BookingState): ServiceCode | undefined {
  switch (state.category) {
    case "cleaning":
      return "CLNCHK";
    case "whitening":
      return "WHTNG";
    case "emergency":
      return "EMERG";
    case "procedures":
      return state.procedure ? PROCEDURE_SERVICE[state.procedure] : undefined;
    case "cosmetic":
      if (state.cosmeticChoice === "whitening") return "WHTNG";
      return state.cosmeticChoice === "consult" && isCosmeticConsult(state.serviceType) ? state.serviceType : undefined;
    case "ortho":
      return state.quizResult ? RESULT_SERVICE[state.quizResult] : undefined;
    default:
      return undefined;
  }
}

/**
 * The patient's route given the choices so far. A branch not yet chosen adds nothing, so the common
 * tail (studios → … → confirmation) is always present and `guard` can point back at the open choice.
 */
function route(state: BookingState, opts: FunnelOptions): StepId[] {
  const route: StepId[] = ["markets", "services"];
  switch (state.category) {
    case "emergency":
      route.push("emergency", "emergency-type");
      break;
    case "whitening":
      route.push("whitening");
      break;
    case "cosmetic":
      route.push("cosmetic");
      if (state.cosmeticChoice === "whitening") route.push("whitening");
      if (state.cosmeticChoice === "consult") route.push("cosmetic-consult");
      break;
    case "procedures":
      route.push("procedures");
      break;
    case "ortho":
      route.push("ortho-markets", "ortho-quiz", "ortho-quiz-result");
      if (state.quizResult) route.push(RESULT_STEP[state.quizResult]);
      break;
  }
  const service = deriveService(state);
  if (service && DESCRIBED_SERVICES.has(service)) route.push("freeform-questions");
  route.push("studios", "times");
  // A logged-in patient books under the account's own email: the email step is off their route, so a
  // typed email is dropped at their next step (advance) and asked for again after a logout.
  if (!opts.account) route.push("email");
  // An account with family members says who the visit is for (issue 20 A): itself or one of them. Without any,
  // the account's booking is as before (its details step links to adding someone).
  else if (opts.account.hasFamily) route.push("who");
  route.push("contact-info", "insurance");
  // Self-pay patients have no coverage to check, so the insurance notice is skipped.
  if (state.insurance?.kind !== "self-pay") route.push("insurance-status");
  if (opts.cardRequired) route.push("payment-info");
  route.push("confirmation");
  return route;
}

/** The service is derived from the choices; kept in the state so routes and the cookie can read it directly. */
function withService(state: BookingState): BookingState {
  const serviceType = deriveService(state);
  const next = { ...state, serviceType };
  if (serviceType === undefined) delete next.serviceType;
  return next;
}

export const bookingFlow = createFlow<StepId, BookingState, FunnelOptions, StepValues>({
  steps: STEPS,
  last: "confirmation",
  owns: OWNS,
  // The times step also names the booking holding the time (its id stays for the booking's life, decision 021).
  accepts: { "cosmetic-consult": ["serviceType"], times: ["slot", "bookingId"] },
  route,
  isDone: (state, step) =>
    step === "cosmetic-consult"
      ? isCosmeticConsult(state.serviceType)
      : (OWNS[step] ?? []).every((field) => state[field] !== undefined),
  reconcile(before, after, step, drop) {
    let next = after;
    if (step === "ortho-markets" && next.orthoMarket) next.market = next.orthoMarket; // the consult's market
    if (step === "ortho-quiz") next.quizResult = orthoQuizResult(next.quiz ?? {}); // a retaken quiz re-suggests
    next = withService(next);
    // Stale answers: a studio belongs to a market; a slot to a studio and a service's duration;
    // a card hold and the insurance notice to the market / plan they were given for.
    if (next.market !== before.market) {
      for (const s of ["studios", "times", "payment-info"] as const) next = drop(next, s);
      if (step === "markets") next = drop(next, "ortho-markets");
    }
    if (next.serviceType !== before.serviceType || next.studio !== before.studio) next = drop(next, "times");
    if (JSON.stringify(next.insurance) !== JSON.stringify(before.insurance)) {
      next = { ...next, completed: next.completed.filter((s) => s !== "insurance-status") };
    }
    // Another person: their details are asked again (from their record); a companion was offered for one
    // person, one time, one studio and service.
    if (next.patientFor !== before.patientFor) next = drop(next, "contact-info");
    if (next.companion && (next.patientFor !== before.patientFor || next.slot?.startsAt !== before.slot?.startsAt || next.serviceType !== before.serviceType || next.studio !== before.studio)) {
      next = { ...next };
      delete next.companion;
    }
    return next;
  },
  derive: withService,
});

export const { pathFor, guard, advance, previous, resumePath, stepsFor } = bookingFlow;

/**
 * Who the patient is — email, contact details, plan, card — dropped with those steps' completion, the rest of the
 * booking (market, service, studio, time) kept: what logging out leaves in the booking cookie, so the next person
 * on a shared phone is asked for their own details and never sees these.
 */
export function forgetPerson(state: BookingState): BookingState {
  let next = state;
  for (const step of ["email", "who", "contact-info", "insurance", "payment-info"] as const) next = bookingFlow.drop(next, step);
  next = { ...next, completed: next.completed.filter((s) => s !== "insurance-status") };
  delete next.companion;
  return next;
}

/** Whether a card holds the visit (rules/cancellation-policy.ts: the funnel's card step and the desk's card link). */
export { cardRequired };

const SERVICE_DEEP_LINKS: Record<ServiceCode, (s: BookingState) => BookingState> = {
  CLNCHK: (s) => step(s, "services", { category: "cleaning" }),
  WHTNG: (s) => step(s, "services", { category: "whitening" }),
  EMERG: (s) => step(s, "services", { category: "emergency" }),
  GENOCON: (s) => step(step(s, "services", { category: "procedures" }), "procedures", { procedure: "general" }),
  IMPCON: (s) => step(step(s, "services", { category: "procedures" }), "procedures", { procedure: "implant" }),
  CRNCON: (s) => step(step(s, "services", { category: "procedures" }), "procedures", { procedure: "crown" }),
  BRGCON: (s) => step(step(s, "services", { category: "procedures" }), "procedures", { procedure: "bridge" }),
  COSCON: (s) => cosmeticConsult(s, "COSCON"),
  BOTOXCON: (s) => cosmeticConsult(s, "BOTOXCON"),
  INVISALN: (s) => ortho(s, "invisalign"),
  BRACESCON: (s) => ortho(s, "braces"),
};

// Deep links use permissive options: keeping a card or an email already given is never wrong.
const LINK_OPTS: FunnelOptions = { cardRequired: true, account: null };
function step<S extends StepId>(state: BookingState, id: S, value: StepValues[S]): BookingState {
  return advance(state, id, value, LINK_OPTS).state;
}
function cosmeticConsult(state: BookingState, serviceType: "COSCON" | "BOTOXCON"): BookingState {
  const s = step(step(state, "services", { category: "cosmetic" }), "cosmetic", { cosmeticChoice: "consult" });
  return step(s, "cosmetic-consult", { serviceType });
}
function ortho(state: BookingState, quizResult: QuizResult): BookingState {
  let s = step(state, "services", { category: "ortho" });
  if (s.market) s = step(s, "ortho-markets", { orthoMarket: s.market });
  s = step(s, "ortho-quiz", { quiz: {} }); // the link already says what they want: the quiz is skipped
  return step(s, "ortho-quiz-result", { quizResult });
}

/**
 * `?market=boston&service=CLNCHK&studio=fenway&referralCode=…` fill the choices they name (unknown
 * values are ignored). Information pages (emergency, whitening price, consult pages, insurance notice)
 * are never skipped. A studio only applies when it belongs to the link's or the booking's market.
 */
export function applyDeepLink(
  state: BookingState,
  params: URLSearchParams,
  studioMarkets: Readonly<Record<string, MarketSlug | null>> = {},
): BookingState {
  let s = state;
  const market = params.get("market")?.trim().toLowerCase();
  if (market && isMarket(market)) s = step(s, "markets", { market });

  const service = params.get("service")?.trim().toUpperCase();
  if (service && (SERVICE_CODES as readonly string[]).includes(service)) {
    s = SERVICE_DEEP_LINKS[service as ServiceCode](s);
  }

  const studio = params.get("studio")?.trim().toLowerCase();
  const studioMarket = studio && Object.hasOwn(studioMarkets, studio) ? studioMarkets[studio] : null;
  if (studio && studioMarket && (!s.market || s.market === studioMarket)) {
    if (!s.market) s = step(s, "markets", { market: studioMarket });
    s = step(s, "studios", { studio });
  }

  const referral = captureReferral(params);
  if (referral) s = { ...s, referralCode: referral.code };
  return s;
}

function isMarket(value: string): value is MarketSlug {
  return (MARKET_SLUGS as readonly string[]).includes(value);
}
