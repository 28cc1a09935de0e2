import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { studiosSchema } from "./studios.server";
import { openStep, submitStep } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/platform/env.server";
import { getService, listBookableStudios } from "~/scheduling/catalogue.server";
import { firstFreeTimes, withTimeout } from "~/scheduling/slots.server";
import { ChoiceFieldset, Radio, StepPage } from "~/ui/form";
import { StudioContact } from "~/ui/studio";
import { stepMeta } from "~/ui/step-meta";
import { formatShortDateTime } from "~/rules/zoned-time";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "studios");
  const db = await getDb();
  const service = state.serviceType ? await getService(db, state.serviceType) : null;
  if (!service || !state.market) throw redirect("/booking/services");
  const list = await listBookableStudios(db, state.market, service);
  let firstTimes: Map<string, { startsAt: Date } | null> | null = null;
  try {
    firstTimes = await withTimeout(firstFreeTimes(db, list, service, new Date()), getEnv().AVAILABILITIES_TIMEOUT_MS);
  } catch (error) {
    // Too slow (LookupTimeout) or failed: the studios still show, only without their first free time.
    if (!(error instanceof Error)) throw error;
    console.warn(`[studios] first free times unavailable: ${error.name}`);
  }
  return json({
    back,
    title,
    selected: state.studio ?? null,
    serviceName: service.name,
    timesUnavailable: firstTimes === null,
    studios: list.map((s) => {
      const first = firstTimes?.get(s.slug);
      return {
        slug: s.slug,
        name: s.name,
        address: s.address,
        phone: s.phone,
        openingHours: s.openingHours,
        mapUrl: s.mapUrl,
        isVirtual: s.isVirtual,
        firstFree:
          firstTimes === null ? null : first ? `First free time: ${formatShortDateTime(first.startsAt, s.tz)}` : "No free times in the next 2 weeks",
      };
    }),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitStep(request, "studios", studiosSchema, async ({ studio }, { state }) => {
    const db = await getDb();
    const service = state.serviceType ? await getService(db, state.serviceType) : null;
    const allowed = service && state.market ? await listBookableStudios(db, state.market, service) : [];
    if (!allowed.some((s) => s.slug === studio)) {
      return { fieldErrors: { studio: ["Choose one of the studios listed."] } };
    }
    return { studio };
  });
}

export default function Studios() {
  const { back, title, selected, serviceName, timesUnavailable, studios } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ studio: selected }}
      intro={
        <>
          <p className="lead">Studios near you for your {serviceName.toLowerCase()}.</p>
          {timesUnavailable ? (
            <p className="notice" role="status">
              We couldn’t load the first free times just now. You can still choose a studio and see its times on the next step.
            </p>
          ) : null}
        </>
      }
    >
      {studios.length === 0 ? (
        <p className="notice">No studio in this city offers this visit yet. Go back to choose another city or visit.</p>
      ) : (
        <ChoiceFieldset name="studio" legend="Studio">
          <div className="choices">
            {studios.map((s) => (
              <div className="studio-choice" key={s.slug}>
                <Radio name="studio" value={s.slug} label={s.name}>
                  <span className="choice-detail">{s.isVirtual ? "Video visit from home" : s.address}</span>
                  {s.firstFree ? <span className="studio-first">{s.firstFree}</span> : null}
                </Radio>
                <StudioContact studio={s} showAddress={false} />
              </div>
            ))}
          </div>
        </ChoiceFieldset>
      )}
    </StepPage>
  );
}
