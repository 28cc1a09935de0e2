import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { TOO_MANY_HOLDS_TITLE, timesSchema } from "./times.server";
import { consume, RateLimited } from "~/auth/rate-limit.server";
import { clientIp } from "~/flow/forms.server";
import { OUTCOME_MESSAGES } from "~/booking/outcomes";
import { openStep, submitStep } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/platform/env.server";
import { forgetCached, getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { heldSlot, isLive, newBookingId, placeHold, readHold } from "~/scheduling/holds.server";
import { timePickerWeek } from "~/scheduling/time-picker.server";
import { StepPage, StepHeader } from "~/ui/step-header";
import { isUnavailableAnswer, Unavailable } from "~/ui/unavailable";
import { TimePickerMore, TimePickerNav, TimePickerSlots } from "~/ui/time-picker";
import { stepMeta } from "~/ui/step-meta";
import { WaitlistInvite } from "~/ui/waitlist-invite";
import { serviceName, studioName } from "~/scheduling/service-names";
import { i18nOf } from "~/i18n/locale.server";
import { localize } from "~/i18n/translate";
import { metaT, useT } from "~/i18n/use-t";

/** The step's title; past the hold limit (429), that page's own. */
export const meta: MetaFunction = (args) =>
  isRouteErrorResponse(args.error) && args.error.status === 429
    ? [{ title: metaT(args.matches)("booking.meta.stepTitle", { title: metaT(args.matches)(TOO_MANY_HOLDS_TITLE) }) }, { name: "robots", content: "noindex" }]
    : (stepMeta(args) ?? []);

async function studioAndService(state: { studio?: string; serviceType?: string }) {
  const db = await getDb();
  const studio = state.studio ? await getBookableStudio(db, state.studio) : null;
  const service = state.serviceType ? await getService(db, state.serviceType) : null;
  return { db, studio, service };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "times");
  const url = new URL(request.url);
  const conflict = url.searchParams.get("conflict") === "1";
  const { t, locale } = i18nOf(request);
  const { db, studio, service } = await studioAndService(state);
  // The studio closed for booking since it was chosen: choose again.
  if (!studio || !service) throw redirect("/booking/studios");
  const picker = await timePickerWeek(db, {
    studio,
    service,
    now: new Date(),
    url,
    selected: state.slot?.startsAt ?? null,
    timeoutMs: getEnv().AVAILABILITIES_TIMEOUT_MS,
    // A patient just told "someone booked that time" reads fresh: no process may still offer it from its cache.
    fresh: conflict,
    // The time this booking holds is still offered to it (selected); everyone else's live holds are not.
    holder: state.bookingId,
    locale,
  });
  const data = {
    ...picker,
    back,
    title,
    conflictMessage: conflict ? t(OUTCOME_MESSAGES.availability_conflict) : null,
    studioName: studioName(t, locale, studio),
    serviceName: serviceName(t, locale, service),
    selected: state.slot?.startsAt ?? null,
  };
  // Bounded by the availabilitiesTimeout flag: say so, offer a retry, never hang.
  if (data.timedOut) return json(data, { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } });
  return json(data, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitStep(request, "times", timesSchema, async ({ slot }, { state }) => {
    const taken = { fieldErrors: { slot: ["booking.errors.slotTaken"] } };
    const startsAt = new Date(slot);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(slot) || Number.isNaN(startsAt.getTime())) return taken;
    const { db, studio, service } = await studioAndService(state);
    if (!studio || !service) return { fieldErrors: { slot: ["booking.errors.studioClosed"] } };
    // The time is held for this booking (decision 021): checked free and held in one transaction, so whoever
    // comes second, on any process, is told here. Choosing the time already held places nothing new.
    const bookingId = state.bookingId ?? newBookingId();
    const own = await readHold(db, state.bookingId);
    const same = own && isLive(own) && own.studioSlug === studio.slug && own.serviceType === service.code && own.startsAt.getTime() === startsAt.getTime();
    if (!same) await countHold(clientIp(context));
    const outcome = await placeHold(db, { bookingId, studioSlug: studio.slug, serviceCode: service.code, startsAt });
    if (!outcome.ok && outcome.code === "generic_error") throw json({ message: localize(i18nOf(request).t, OUTCOME_MESSAGES.generic_error) }, { status: 503 });
    if (!outcome.ok) {
      // The page shown with the message reads fresh here: the time is not offered again from this process's cache.
      forgetCached(db, "live:");
      return taken;
    }
    // Until when it is held rides in the (encrypted, tamper-evident) cookie: the later steps say it without a query.
    return { slot: heldSlot(outcome.hold), bookingId };
  });
}

/** One more hold from this address; past SLOT_HOLDS_PER_HOUR the 429 page (this route's error boundary). */
async function countHold(ip: string) {
  try {
    await consume("hold", ip);
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    throw json({ retryAfterSeconds: error.retryAfterSeconds }, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds), "Cache-Control": "no-store" } });
  }
}

/** Past the hold limit: what happened and what to do, in the booking's frame (a thrown 429). Else an apology. */
export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  if (isUnavailableAnswer(error)) return <Unavailable phone={error.data.phone} />;
  if (!isRouteErrorResponse(error) || error.status !== 429) {
    return (
      <div className="page narrow">
        <h1>{t("booking.times.errorTitle")}</h1>
        <p>{t("booking.times.errorLead")}</p>
        <p>
          <Link to="/booking/times">{t("booking.times.backToTimes")}</Link>
        </p>
      </div>
    );
  }
  const seconds = Number((error.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds) || 3600;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return (
    <div className="page narrow">
      <StepHeader />
      <h1>{t(TOO_MANY_HOLDS_TITLE)}</h1>
      <p className="lead">{t("booking.times.tooManyLead")}</p>
      <p>{t("booking.times.tooManyRetry", { count: minutes })}</p>
      <p>
        <Link to="/booking/times" className="button">
          {t("booking.times.backToTimes")}
        </Link>
      </p>
    </div>
  );
}

export default function Times() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title={data.title}
      back={data.back}
      result={result}
      values={{ slot: data.selected }}
      intro={
        <>
          {data.conflictMessage ? (
            <p className="notice notice-warning" role="alert">
              {data.conflictMessage}
            </p>
          ) : null}
          <p className="lead">
            {t("booking.times.lead", { service: data.serviceName, studio: data.studioName })}
          </p>
          <TimePickerNav data={data} />
        </>
      }
      after={<><TimePickerMore data={data} /><WaitlistInvite /></>}
    >
      <TimePickerSlots data={data} />
    </StepPage>
  );
}
