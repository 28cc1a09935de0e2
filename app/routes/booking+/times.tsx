import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { timesSchema } from "./times.server";
import { OUTCOME_MESSAGES } from "~/booking/outcomes";
import { openStep, submitStep } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/platform/env.server";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { findSlots } from "~/scheduling/slots.server";
import { timePickerWeek } from "~/scheduling/time-picker.server";
import { StepPage } from "~/ui/form";
import { TimePickerMore, TimePickerNav, TimePickerSlots } from "~/ui/time-picker";
import { stepMeta } from "~/ui/step-meta";
import { WaitlistInvite } from "~/ui/waitlist";

export const meta = stepMeta;

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
  });
  const data = {
    ...picker,
    back,
    title,
    conflictMessage: conflict ? OUTCOME_MESSAGES.availability_conflict : null,
    studioName: studio.name,
    serviceName: service.name,
    selected: state.slot?.startsAt ?? null,
  };
  // Bounded by the availabilitiesTimeout flag: say so, offer a retry, never hang.
  if (data.timedOut) return json(data, { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } });
  return json(data, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "times", timesSchema, async ({ slot }, { state }) => {
    const taken = { fieldErrors: { slot: ["That time is no longer available. Please choose another time."] } };
    const startsAt = new Date(slot);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(slot) || Number.isNaN(startsAt.getTime())) return taken;
    const { db, studio, service } = await studioAndService(state);
    if (!studio || !service) return { fieldErrors: { slot: ["This studio can’t be booked any more. Please go back and choose another."] } };
    const endsAt = new Date(startsAt.getTime() + service.durationMinutes * 60_000);
    // Re-checked at post time: the page may be old, or the value forged.
    const free = (await findSlots(db, studio, service, { from: startsAt, to: endsAt, now: new Date() })).find(
      (s) => s.startsAt.getTime() === startsAt.getTime(),
    );
    if (!free) return taken;
    return { slot: { startsAt: free.startsAt.toISOString(), endsAt: free.endsAt.toISOString() } };
  });
}

export default function Times() {
  const data = useLoaderData<typeof loader>();
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
            {data.serviceName} at {data.studioName}. Times are shown in the studio’s local time.
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
