import { json } from "@remix-run/node";
import { z } from "zod/v4";
import { getPatient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { createFlowSteps } from "~/flow/steps.server";
import { i18nOf } from "~/i18n/locale.server";
import { localize } from "~/i18n/translate";
import { getEnv } from "~/platform/env.server";
import { hasFamily } from "~/scheduling/family.server";
import { getService, lastKnownStudioPhone } from "~/scheduling/catalogue.server";
import { createBookingCookie, type BookingCookie } from "./cookie.server";
import { bookingFlow, cardRequired, type FunnelOptions, type StepId, type StepValues } from "./funnel";
import type { BookingState } from "./state";

let cookie: BookingCookie | undefined;
export function bookingCookie(): BookingCookie {
  const env = getEnv();
  cookie ??= createBookingCookie({ secrets: env.sessionSecrets, secure: env.NODE_ENV === "production" });
  return cookie;
}

/** The funnel's options for this request: the card rule for the market, and the logged-in account if any. */
export async function funnelOptions(state: BookingState, request: Request): Promise<FunnelOptions> {
  const patient = await getPatient(request);
  return {
    cardRequired: cardRequired(state.market, getEnv().NASHVILLE_CC_REQUIRED),
    account: patient ? { personId: patient.personId, email: patient.email, hasFamily: await hasFamily(patient.personId) } : null,
  };
}

/**
 * The email the visit is booked under: a logged-in patient's is always the account's own (never one the
 * cookie or a post carries); a guest's is the one typed on the email step.
 */
export function bookingEmail(state: BookingState, opts: FunnelOptions): string | undefined {
  return opts.account ? opts.account.email : state.email;
}

/** The booking flow's steps, its state in the encrypted booking cookie. */
const steps = createFlowSteps({
  flow: bookingFlow,
  store: {
    read: (request) => bookingCookie().read(request),
    write: (_request, state) => bookingCookie().serialize(state),
  },
  options: funnelOptions,
});

export const { submitStep, advanceAndRedirect } = steps;

/** The step guard; the step's title (a catalogue key in STEPS) worded in the reader's language. */
export async function openStep(request: Request, step: StepId) {
  const ctx = await steps.openStep(request, step);
  return { ...ctx, title: localize(i18nOf(request).t, ctx.title) };
}

/** Saves new booking state and moves on (post/redirect/get). */
export function saveAndRedirect(request: Request, to: string, state: BookingState, init?: ResponseInit) {
  return steps.saveAndRedirect(request, to, state, init);
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

/** The phone of the studio this browser's booking chose, as this process last read it (the database may be away), or null. */
export async function chosenStudioPhone(request: Request): Promise<string | null> {
  const { studio } = await bookingCookie().read(request);
  return studio ? lastKnownStudioPhone(studio) : null;
}
