/**
 * A multi-step form flow as data (ARCHITECTURE §1.4): the steps, the route a patient takes given their
 * answers, and which answers each step owns. Booking and intake are both flows on this engine.
 * Pure: no I/O, no Remix. Loaders call `guard`, actions call `advance`, the Back link calls `previous`.
 */

/** Every flow's state records which steps were completed; the rest is the flow's own answers. */
export type FlowState<Id extends string> = { completed: Id[] };

export type FlowDefinition<Id extends string, State extends FlowState<Id>, Opts> = {
  /** Every step of the flow, each with its page and title. */
  steps: Record<Id, { path: string; title: string }>;
  /** The step shown when every step on the route is done (booking: review; intake: check answers). */
  last: Id;
  /** The answers each step owns: dropped, with the step's completion, when the step leaves the route. */
  owns: Partial<Record<Id, readonly (keyof State & string)[]>>;
  /** Keys a step's form may set when they are not its own answers (default: the answers it owns). */
  accepts?: Partial<Record<Id, readonly (keyof State & string)[]>>;
  /** The patient's route given the answers so far. A branch not yet chosen adds nothing. */
  route(state: State, opts: Opts): Id[];
  /** A step's extra completion rule, on top of "marked done and its answers present". */
  isDone?(state: State, step: Id): boolean;
  /** After an answer is merged: derive values and drop what the change made stale. */
  reconcile?(before: State, after: State, step: Id, drop: (state: State, step: Id) => State): State;
  /** Values that follow from the answers, recomputed after stale answers are dropped. */
  derive?(state: State): State;
};

export type Flow<Id extends string, State extends FlowState<Id>, Opts, Values extends Record<Id, object>> = {
  readonly definition: FlowDefinition<Id, State, Opts>;
  readonly ids: readonly Id[];
  pathFor(step: Id): string;
  titleOf(step: Id): string;
  stepsFor(state: State, opts: Opts): Id[];
  isDone(state: State, step: Id): boolean;
  /** Where a patient should be now: the first open step, else the last. */
  resumePath(state: State, opts: Opts): string;
  /** May this step be shown? Only when every earlier step on the route is done; otherwise go there. */
  guard(state: State, step: Id, opts: Opts): { ok: true } | { redirect: string };
  /** Merge a step's answer, mark it done, drop what became stale, and say where next. */
  advance<S extends Id>(state: State, step: S, value: Values[S], opts: Opts): { state: State; next: string };
  /** The Back link: the step before this one on the patient's route (null on the first step). */
  previous(state: State, step: Id, opts: Opts): string | null;
  /** Remove a step's answers and its completion mark. */
  drop(state: State, step: Id): State;
};

export function createFlow<Id extends string, State extends FlowState<Id>, Opts, Values extends Record<Id, object>>(
  definition: FlowDefinition<Id, State, Opts>,
): Flow<Id, State, Opts, Values> {
  const ids = Object.keys(definition.steps) as Id[];
  const pathFor = (step: Id) => definition.steps[step].path;

  function isDone(state: State, step: Id): boolean {
    if (!state.completed.includes(step)) return false;
    if (definition.isDone) return definition.isDone(state, step);
    return (definition.owns[step] ?? []).every((field) => state[field] !== undefined);
  }

  const firstIncomplete = (state: State, route: Id[], from = 0) => route.slice(from).find((step) => !isDone(state, step));

  function drop(state: State, step: Id): State {
    const next: State = { ...state, completed: state.completed.filter((s) => s !== step) };
    for (const field of definition.owns[step] ?? []) delete next[field];
    return next;
  }

  function resumePath(state: State, opts: Opts): string {
    return pathFor(firstIncomplete(state, definition.route(state, opts)) ?? definition.last);
  }

  return {
    definition,
    ids,
    pathFor,
    titleOf: (step) => definition.steps[step].title,
    stepsFor: (state, opts) => definition.route(state, opts),
    isDone,
    resumePath,
    drop,

    guard(state, step, opts) {
      const route = definition.route(state, opts);
      const index = route.indexOf(step);
      // A step of another branch (e.g. /booking/whitening while booking a cleaning): resume the flow.
      if (index === -1) return { redirect: resumePath(state, opts) };
      const missing = route.slice(0, index).find((s) => !isDone(state, s));
      return missing ? { redirect: pathFor(missing) } : { ok: true };
    },

    /**
     * Next = the first not-yet-done step after this one (so a deep link or a changed earlier answer does
     * not make the patient re-walk steps that still hold), else the first open step, else the last step.
     */
    advance(state, step, value, opts) {
      const keys: readonly string[] = definition.accepts?.[step] ?? definition.owns[step] ?? [];
      const answer = Object.fromEntries(Object.entries(value).filter(([key]) => keys.includes(key)));
      let next: State = { ...state, ...answer, completed: [...state.completed.filter((s) => s !== step), step] };
      if (definition.reconcile) next = definition.reconcile(state, next, step, drop);

      // Answers of branches no longer on the route go, so the state only holds the current story.
      const route = definition.route(next, opts);
      for (const s of ids) if (!route.includes(s)) next = drop(next, s);
      if (definition.derive) next = definition.derive(next);

      const index = route.indexOf(step);
      const target = (index === -1 ? undefined : firstIncomplete(next, route, index + 1)) ?? firstIncomplete(next, route) ?? definition.last;
      return { state: next, next: pathFor(target) };
    },

    previous(state, step, opts) {
      const route = definition.route(state, opts);
      const index = route.indexOf(step);
      return index > 0 ? pathFor(route[index - 1]) : null;
    },
  };
}
