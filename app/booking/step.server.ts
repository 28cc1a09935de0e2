import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { isCrossSiteRequest } from "~/platform/csrf";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/platform/env.server";
import { getService } from "~/scheduling/catalogue.server";
import { createBookingCookie, type BookingCookie } from "./cookie.server";
import { advance, cardRequired, guard, previous, STEPS, type FunnelOptions, type StepId, type StepValues } from "./funnel";
import type { BookingState } from "./state";

let cookie: BookingCookie | undefined;
export function bookingCookie(): BookingCookie {
  const env = getEnv();
  cookie ??= createBookingCookie({ secrets: env.sessionSecrets, secure: env.NODE_ENV === "production" });
  return cookie;
}

export function funnelOptions(state: BookingState): FunnelOptions {
  return { cardRequired: cardRequired(state.market, getEnv().NASHVILLE_CC_REQUIRED) };
}

export type StepContext = { state: BookingState; opts: FunnelOptions; back: string | null; title: string };

/** The step guard, the same for every loader and action: earlier steps missing → redirect there. */
export async function openStep(request: Request, step: StepId): Promise<StepContext> {
  const state = await bookingCookie().read(request);
  const opts = funnelOptions(state);
  const verdict = guard(state, step, opts);
  if ("redirect" in verdict) throw redirect(verdict.redirect);
  return { state, opts, back: previous(state, step, opts), title: STEPS[step].title };
}

/** Saves new state and moves on (post/redirect/get). */
export async function saveAndRedirect(to: string, state: BookingState, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await bookingCookie().serialize(state));
  return redirect(to, { status: 303, headers });
}

/** A form post from another site is refused (the same rule server.ts applies to every request). */
function assertSameOrigin(request: Request) {
  if (isCrossSiteRequest(request.method, request.headers, new URL(request.url).host)) {
    throw json({ status: "error", error: { "": ["This form was sent from another site and was not accepted."] } }, { status: 403 });
  }
}

/** Form data of any post; a body that is not a form (JSON, garbage) reads as an empty form, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  assertSameOrigin(request);
  return request.formData().catch(() => new FormData());
}

export type StepError = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };

/**
 * A step's action: validate with zod (through Conform) → 400 with the form re-rendered on error →
 * otherwise turn the value into the step's answer, advance the funnel and redirect to the next step.
 * `toValues` may reject the value with messages (e.g. a studio that is not in the patient's market).
 */
export async function submitStep<S extends StepId, Schema extends z.ZodType>(
  request: Request,
  step: S,
  schema: Schema,
  toValues: (value: z.output<Schema>, ctx: StepContext) => StepValues[S] | StepError | Promise<StepValues[S] | StepError>,
) {
  const ctx = await openStep(request, step);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const values = await toValues(submission.value as z.output<Schema>, ctx);
  if (isStepError(values)) return json(submission.reply(values), { status: 400 });
  const { state, next } = advance(ctx.state, step, values as StepValues[S], ctx.opts);
  return saveAndRedirect(next, state);
}

function isStepError(value: unknown): value is StepError {
  return typeof value === "object" && value !== null && ("fieldErrors" in value || "formErrors" in value);
}

type InfoStep = { [S in StepId]: StepValues[S] extends Record<string, never> ? S : never }[StepId];
/** An information page (emergency advice, a consult explained…): nothing to answer, Continue marks it read. */
export function submitInfoStep(request: Request, step: InfoStep) {
  return submitStep(request, step, z.object({}), () => ({}) as StepValues[typeof step]);
}

/** A consult information step's loader: the guard, plus the consult's length from the catalogue in the database. */
export async function consultInfo(request: Request, step: InfoStep, serviceCode: string) {
  const { back, title } = await openStep(request, step);
  const minutes = (await getService(await getDb(), serviceCode))?.durationMinutes ?? 30;
  return json({ back, title, minutes });
}
