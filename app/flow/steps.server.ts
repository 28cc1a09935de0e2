/**
 * A flow's steps as Remix loaders and actions: the guard every loader and action starts with, and the
 * action that validates a step's form (zod through Conform), advances the flow and redirects.
 * The state lives wherever the flow's store keeps it: booking in an encrypted cookie, intake in the database.
 */
import { redirect } from "@remix-run/node";
import type { z } from "zod/v4";
import { i18nOf } from "~/i18n/locale.server";
import type { Flow, FlowState } from "./engine";
import { readFormPost, validateForm, type FieldErrors } from "./forms.server";

/** Where a flow's state is kept between requests. */
export type FlowStore<State> = {
  /** The state this request carries; a tampered, stale or absent one reads as a fresh start. */
  read(request: Request): Promise<State>;
  /** Keeps the state; returns a Set-Cookie header value when the store is a cookie. */
  write(request: Request, state: State): Promise<string | null>;
  /** A step's path as this request should link to it (intake adds the visit's token). */
  href?(request: Request, path: string): string;
};

export type StepContext<State, Opts> = { state: State; opts: Opts; back: string | null; title: string };

/** What `toValues` may answer instead of a value: messages for the form (e.g. a studio not in the market). */
export type StepError = { fieldErrors?: FieldErrors; formErrors?: string[] };

export function createFlowSteps<Id extends string, State extends FlowState<Id>, Opts, Values extends Record<Id, object>>({
  flow,
  store,
  options,
}: {
  flow: Flow<Id, State, Opts, Values>;
  store: FlowStore<State>;
  /** The flow's options for this request (booking: the card rule, and whether a patient is logged in). */
  options: (state: State, request: Request) => Opts | Promise<Opts>;
}) {
  const href = (request: Request, path: string | null) => (path && store.href ? store.href(request, path) : path);

  /** The step guard, the same for every loader and action: earlier steps missing → redirect there. */
  async function openStep(request: Request, step: Id): Promise<StepContext<State, Opts>> {
    const state = await store.read(request);
    const opts = await options(state, request);
    const verdict = flow.guard(state, step, opts);
    if ("redirect" in verdict) throw redirect(href(request, verdict.redirect)!);
    return { state, opts, back: href(request, flow.previous(state, step, opts)), title: flow.titleOf(step) };
  }

  /** Saves the new state and moves on (post/redirect/get). */
  async function saveAndRedirect(request: Request, to: string, state: State, init: ResponseInit = {}) {
    const headers = new Headers(init.headers);
    const cookie = await store.write(request, state);
    if (cookie) headers.append("Set-Cookie", cookie);
    return redirect(href(request, to)!, { status: 303, headers });
  }

  /** Advances the flow with a step's value and redirects to the next step. */
  async function advanceAndRedirect<S extends Id>(request: Request, ctx: StepContext<State, Opts>, step: S, value: Values[S]) {
    const { state, next } = flow.advance(ctx.state, step, value, ctx.opts);
    return saveAndRedirect(request, next, state);
  }

  /**
   * A step's action, through the form kit (forms.server.ts): validate with zod → 400 with the form re-rendered on
   * error → otherwise turn the value into the step's answer, advance the flow and redirect to the next step.
   * `toValues` may reject the value with messages.
   */
  async function submitStep<S extends Id, Schema extends z.ZodType>(
    request: Request,
    step: S,
    schema: Schema,
    toValues: (value: z.output<Schema>, ctx: StepContext<State, Opts>) => Values[S] | StepError | Promise<Values[S] | StepError>,
    formData?: FormData,
  ) {
    const ctx = await openStep(request, step);
    const form = formData ?? (await readFormPost(request)).form;
    const result = await validateForm(form, schema, i18nOf(request).t, (value) => toValues(value, ctx));
    if (!result.ok) return result.response;
    return advanceAndRedirect(request, ctx, step, result.value as Values[S]);
  }

  return { openStep, saveAndRedirect, advanceAndRedirect, submitStep };
}
