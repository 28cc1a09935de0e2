import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { studiosSchema } from "~/booking/step-schemas.server";
import { openStep, submitStep } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/platform/env.server";
import { getService, listBookableStudios } from "~/scheduling/catalogue.server";
import { firstFreeTimes, withTimeout } from "~/scheduling/slots.server";
import { ChoiceFieldset, Radio } from "~/ui/form";
import { StepPage } from "~/ui/step-header";
import { StudioContact } from "~/ui/studio";
import { stepMeta } from "~/ui/step-meta";
import { formatShortDateTime } from "~/rules/zoned-time";
import { serviceName, studioName } from "~/scheduling/service-names";
import { i18nOf } from "~/i18n/locale.server";
import { useT } from "~/i18n/use-t";

export const meta = stepMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, back, title } = await openStep(request, "studios");
  const { t, locale } = i18nOf(request);
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
    serviceName: serviceName(t, locale, service),
    timesUnavailable: firstTimes === null,
    studios: list.map((s) => {
      const first = firstTimes?.get(s.slug);
      return {
        slug: s.slug,
        name: studioName(t, locale, s),
        address: s.address,
        phone: s.phone,
        openingHours: s.openingHours,
        mapUrl: s.mapUrl,
        isVirtual: s.isVirtual,
        firstFree:
          firstTimes === null ? null : first ? t("booking.studios.firstFree", { time: formatShortDateTime(first.startsAt, s.tz, locale) }) : t("booking.studios.noneSoon"),
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
      return { fieldErrors: { studio: ["booking.errors.studioNotListed"] } };
    }
    return { studio };
  });
}

export default function Studios() {
  const { back, title, selected, serviceName, timesUnavailable, studios } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <StepPage
      title={title}
      back={back}
      result={result}
      values={{ studio: selected }}
      intro={
        <>
          <p className="lead">{t("booking.studios.lead", { service: serviceName.toLowerCase() })}</p>
          {timesUnavailable ? (
            <p className="notice" role="status">
              {t("booking.studios.timesUnavailable")}
            </p>
          ) : null}
        </>
      }
    >
      {studios.length === 0 ? (
        <p className="notice">{t("booking.studios.none")}</p>
      ) : (
        <ChoiceFieldset name="studio" legend={t("booking.studios.legend")}>
          <div className="choices">
            {studios.map((s) => (
              <div className="studio-choice" key={s.slug}>
                <Radio name="studio" value={s.slug} label={s.name}>
                  <span className="choice-detail">{s.isVirtual ? t("booking.studios.video") : s.address}</span>
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
