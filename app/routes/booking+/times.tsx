import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatInTimeZone } from "date-fns-tz";
import { addDays } from "~/rules/zoned-time";
import { MAX_WEEK, parseWeek, timesSchema } from "./times.server";
import { OUTCOME_MESSAGES } from "~/booking/outcomes";
import { openStep, submitStep } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/platform/env.server";
import { isWithinNext24Hours } from "~/rules/time-window";
import { timezoneAbbreviation } from "~/rules/timezones";
import { formatLocalShortDate, localMidnight, localToday } from "~/rules/zoned-time";
import { formatSlotDate, formatSlotTime, groupSlotsByLocalDay } from "~/scheduling/availability";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { findSlots, LookupTimeout, withTimeout } from "~/scheduling/slots.server";
import { ChoiceFieldset, Radio, StepPage } from "~/ui/form";
import { stepMeta } from "~/ui/step-meta";

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
  const week = parseWeek(url.searchParams.get("week"));
  const conflict = url.searchParams.get("conflict") === "1";
  const { db, studio, service } = await studioAndService(state);
  // The studio closed for booking since it was chosen: choose again.
  if (!studio || !service) throw redirect("/booking/studios");

  const now = new Date();
  const firstDay = addDays(localToday(now, studio.tz), week * 7);
  const from = localMidnight(firstDay, studio.tz);
  const to = localMidnight(addDays(firstDay, 7), studio.tz);
  const base = {
    back,
    title,
    week,
    maxWeek: MAX_WEEK,
    conflictMessage: conflict ? OUTCOME_MESSAGES.availability_conflict : null,
    studioName: studio.name,
    serviceName: service.name,
    selected: state.slot?.startsAt ?? null,
    range: `${formatSlotDate(from, studio.tz)} – ${formatSlotDate(new Date(to.getTime() - 1), studio.tz)}`,
  };
  let slots;
  try {
    // A patient just told "someone booked that time" reads fresh: no process may still offer it from its cache.
    slots = await withTimeout(findSlots(db, studio, service, { from, to, now }, { cacheBlocked: !conflict }), getEnv().AVAILABILITIES_TIMEOUT_MS);
  } catch (error) {
    if (!(error instanceof LookupTimeout)) throw error;
    // Bounded by the availabilitiesTimeout flag: say so, offer a retry, never hang.
    return json({ ...base, timedOut: true, days: [], dayLinks: [] }, { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } });
  }
  // One day's times per page (a week of 15-minute slots is ~250 radios: heavy for a cheap phone),
  // with the week's days as plain links.
  const groups = groupSlotsByLocalDay(slots, studio.tz);
  const asked = url.searchParams.get("day");
  const shown =
    groups.find((g) => g.day === asked) ??
    groups.find((g) => g.slots.some((s) => s.startsAt.toISOString() === state.slot?.startsAt)) ??
    groups[0];
  const dayLinks = groups.map((g) => ({
    key: g.day,
    label: formatLocalShortDate(g.slots[0].startsAt, studio.tz),
    count: g.slots.length,
    current: g === shown,
  }));
  const days = shown ? [shownDay(shown.slots, studio.tz, now)] : [];
  return json({ ...base, timedOut: false, days, dayLinks }, { headers: { "Cache-Control": "no-store" } });
}

const PARTS = [
  { name: "Morning", until: 12 },
  { name: "Afternoon", until: 17 },
  { name: "Evening", until: 24 },
] as const;

/**
 * One day's times, earliest first, in morning / afternoon / evening groups. "Soon" (within 24 hours)
 * marks a time only where it tells times apart; a day that is soon throughout says so once.
 */
function shownDay(slots: { startsAt: Date }[], tz: string, now: Date) {
  const soon = slots.map((s) => isWithinNext24Hours(s.startsAt, now));
  const allSoon = soon.every(Boolean);
  return {
    heading: `${formatSlotDate(slots[0].startsAt, tz)} (${timezoneAbbreviation(slots[0].startsAt, tz)})`,
    soon: allSoon,
    slots: slots.map((s, i) => {
      const hour = Number(formatInTimeZone(s.startsAt, tz, "H"));
      return {
        value: s.startsAt.toISOString(),
        label: formatSlotTime(s.startsAt, tz),
        soon: soon[i] && !allSoon,
        part: PARTS.find((p) => hour < p.until)!.name,
      };
    }),
  };
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
  const pager = (label: string) => (
    <nav className="pager" aria-label={label}>
      {data.week > 0 ? <Link to={`?week=${data.week - 1}`}>← Earlier times</Link> : <span />}
      {data.week < data.maxWeek ? <Link to={`?week=${data.week + 1}`}>Later times →</Link> : <span />}
    </nav>
  );
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
          <p>
            <strong>{data.range}</strong>
          </p>
          {pager("Weeks")}
          {data.dayLinks.length > 0 ? (
            <nav aria-label="Days with free times">
              <ul className="day-links">
                {data.dayLinks.map((d) => (
                  <li key={d.key}>
                    <Link to={`?week=${data.week}&day=${d.key}`} aria-current={d.current ? "date" : undefined}>
                      <span className="day-label">{d.label}</span>{" "}
                      <span className="day-count">
                        {d.count} {d.count === 1 ? "time" : "times"}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </>
      }
      after={data.days.length > 0 ? pager("More weeks") : null}
    >
      {data.timedOut ? (
        <div className="notice" role="alert">
          <p>Sorry — we couldn’t load the free times just now.</p>
          <p>
            <Link to={`?week=${data.week}`} reloadDocument>
              Try again
            </Link>
          </p>
        </div>
      ) : data.days.length === 0 ? (
        <p className="notice">No free times this week. Try later times.</p>
      ) : (
        <ChoiceFieldset name="slot" legend="Time">
          {data.days.map((day) => (
            <section className="day" key={day.heading} aria-label={day.heading}>
              <h2>
                {day.heading} {day.soon ? <span className="badge-soon">Within 24 hours</span> : null}
              </h2>
              {PARTS.map((part) => ({ name: part.name, slots: day.slots.filter((s) => s.part === part.name) }))
                .filter((part) => part.slots.length > 0)
                .map((part) => (
                <div className="slot-group" key={part.name}>
                  <h3>{part.name}</h3>
                  <div className="slots">
                    {part.slots.map((slot) => (
                      <Radio key={slot.value} name="slot" value={slot.value} label={slot.label}>
                        {slot.soon ? <span className="badge-soon">Soon</span> : null}
                      </Radio>
                    ))}
                  </div>
                </div>
              ))}
            </section>
          ))}
        </ChoiceFieldset>
      )}
    </StepPage>
  );
}
