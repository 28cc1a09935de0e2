/**
 * The intake flow's steps as Remix loaders and actions: the flow engine's step handlers (app/flow) with the
 * answers stored in the database per visit, every step path carrying the visit's token (decision 006).
 */
import { redirect } from "@remix-run/node";
import { createFlowSteps, type FlowStore } from "~/flow/steps.server";
import { intakeHref } from "~/rules/intake";
import { intakeAccess, type IntakeVisit } from "./access.server";
import { INTAKE_STEPS, intakeFlow, progressOf, type IntakeState, type IntakeStepId } from "./flow";
import { audit, findIntake, saveAnswers, stateOf } from "./store.server";
import { i18nOf } from "~/i18n/locale.server";

/** The step a path belongs to (audit lines name the page, never a value). */
export function stepOfPath(pathname: string): IntakeStepId | null {
  const entry = Object.entries(INTAKE_STEPS).find(([, s]) => s.path === pathname);
  return entry ? (entry[0] as IntakeStepId) : null;
}

/** A path of the intake with the visit's token. */
export function withToken(visit: IntakeVisit, path: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(visit.token)}`;
}

/** The database store of one visit's intake: reading a page is audited as a view, saving as a save. */
function intakeStore(visit: IntakeVisit): FlowStore<IntakeState> {
  return {
    async read(request) {
      const row = await findIntake(visit);
      // Nothing to do for this visit (and nothing started): the start page says so.
      if (!visit.needed && !row) throw redirect(intakeHref(visit.token, { booked: false }));
      if (request.method === "GET" || request.method === "HEAD") await audit(visit, "view", stepOfPath(new URL(request.url).pathname));
      return stateOf(row);
    },
    async write(request, state) {
      await saveAnswers(visit, state, stepOfPath(new URL(request.url).pathname));
      return null;
    },
    href: (_request, path) => withToken(visit, path),
  };
}

/** The flow's step handlers for the visit this request may open (or a thrown 404). */
export async function intakeSteps(request: Request) {
  const visit = await intakeAccess(request);
  const steps = createFlowSteps({ flow: intakeFlow, store: intakeStore(visit), options: () => ({ health: visit.health }) });
  return { visit, ...steps };
}

/** What every intake step page shows besides its form: which visit, the progress line, Back, the title. */
export async function openIntakeStep(request: Request, step: IntakeStepId) {
  const { visit, openStep } = await intakeSteps(request);
  const ctx = await openStep(request, step);
  return {
    visit,
    ctx,
    page: {
      title: i18nOf(request).t(ctx.title),
      back: ctx.back,
      progress: progressOf(ctx.state, step, ctx.opts),
      visit: visit.label,
    },
  };
}
