/**
 * A series' preview (issue 39 A): every occurrence of the rule at the studio, free (and held for the person deciding,
 * like any chosen time) or in conflict with why — the studio closed that day (a holiday or a closure), the provider
 * not working then, the time taken, too soon — and for each conflict the nearest free times at the studio (the same
 * day first, then up to three days either side). The same availability every booking reads; booking is `bookSeries`.
 */
import { createHash } from "node:crypto";
import type { Db } from "~/db/client.server";
import { localInstant, seriesDays, SERIES_HORIZON_DAYS, type SeriesRule } from "~/rules/series";
import { addDays, localDayKey, localMidnight } from "~/rules/zoned-time";
import { computeSlots, MIN_NOTICE_MINUTES, type ProviderSchedule, type Slot } from "./availability";
import type { getBookableStudio, getService } from "./catalogue.server";
import { placeHold } from "./holds.server";
import { loadSchedules, studioClosedDays } from "./slots.server";

type Studio = NonNullable<Awaited<ReturnType<typeof getBookableStudio>>>;
type Service = NonNullable<Awaited<ReturnType<typeof getService>>>;

export type Conflict = "closed" | "no_such_time" | "too_soon" | "provider_off" | "taken";
export type PreviewOccurrence = {
  /** 1-based, in the rule's order. */
  position: number;
  day: string;
  startsAt: Date;
  conflict: Conflict | null;
  /** For a conflict: up to three free times, nearest first (the same day, then ±1, ±2, ±3 days). */
  alternatives: Date[];
};

const ALTERNATIVES = 3;
const ALTERNATIVE_DAYS = 3;

/**
 * The hold id of one occurrence of a draft series: the draft's id with the position, the booking-id shape
 * (32 base64url characters). Every hold of one draft shares the first 28, so its own holds never block its preview.
 */
export function occurrenceHoldId(draftId: string, position: number): string {
  return `${draftPrefix(draftId)}${String(position).padStart(4, "0")}`;
}
export const draftPrefix = (draftId: string) => createHash("sha256").update(draftId).digest("base64url").slice(0, 28);

export type PreviewRequest = {
  studio: Studio;
  service: Service;
  /** The same provider for every visit, or null: any. */
  providerId: number | null;
  firstDay: string;
  /** The wall time, minutes after the studio's midnight. */
  localMinute: number;
  rule: SeriesRule;
  now: Date;
  /** The draft series' id (random, kept by the page): its holds are its own. */
  draftId: string;
};

/** The occurrences and their conflicts, read once for the whole span; nothing held (see `holdSeries`). */
export async function previewSeries(db: Db, request: PreviewRequest): Promise<PreviewOccurrence[]> {
  const { studio, service, now } = request;
  const days = seriesDays(request.firstDay, request.rule);
  if (days.length === 0) return [];
  const from = localMidnight(addDays(days[0], -ALTERNATIVE_DAYS), studio.tz);
  const to = localMidnight(addDays(days.at(-1)!, ALTERNATIVE_DAYS + 1), studio.tz);
  const options = { fresh: true, now, holderPrefix: draftPrefix(request.draftId) };
  const [schedules, closed] = await Promise.all([
    loadSchedules(db, [studio.slug], service.providerRoles, from, to, options),
    studioClosedDays(db, [studio.slug], from, to, true),
  ]);
  const providers = (schedules.get(studio.slug) ?? []).filter((p) => request.providerId === null || p.providerId === request.providerId);
  const closedDays = closed.get(studio.slug);
  const slotsOf = (list: ProviderSchedule[]) =>
    computeSlots({
      timezone: studio.tz,
      from,
      to,
      now,
      durationMinutes: service.durationMinutes,
      eligibleRoles: service.providerRoles,
      providers: list,
      sameDay: service.category === "emergency",
      closedDays,
      horizonDays: SERIES_HORIZON_DAYS,
    });
  const free = slotsOf(providers);
  // The same hours and time off without anyone's visits or holds: a time open there but not above is taken.
  const open = new Set(slotsOf(providers.map((p) => ({ ...p, busy: [] }))).map((s) => s.startsAt.getTime()));
  const freeAt = new Set(free.map((s) => s.startsAt.getTime()));
  const freeByDay = groupByDay(free, studio.tz);

  return days.map((day, i) => {
    const { at, exists } = localInstant(day, request.localMinute, studio.tz);
    const conflict: Conflict | null = !exists
      ? "no_such_time"
      : closedDays?.has(day)
        ? "closed"
        : at.getTime() < now.getTime() + MIN_NOTICE_MINUTES * 60_000
          ? "too_soon"
          : freeAt.has(at.getTime())
            ? null
            : open.has(at.getTime())
              ? "taken"
              : "provider_off";
    return { position: i + 1, day, startsAt: at, conflict, alternatives: conflict ? nearestFree(freeByDay, day, at) : [] };
  });
}

function groupByDay(slots: Slot[], tz: string): Map<string, Slot[]> {
  const byDay = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = localDayKey(slot.startsAt, tz);
    byDay.set(day, [...(byDay.get(day) ?? []), slot]);
  }
  return byDay;
}

/** The same day's free times nearest the wanted one, then the days either side (nearer days first), three at most. */
function nearestFree(byDay: Map<string, Slot[]>, day: string, wanted: Date): Date[] {
  const found: Date[] = [];
  for (let distance = 0; distance <= ALTERNATIVE_DAYS && found.length < ALTERNATIVES; distance++) {
    const candidates = (distance === 0 ? [day] : [addDays(day, -distance), addDays(day, distance)]).flatMap((d) => byDay.get(d) ?? []);
    // Nearest in wall time of day (the patient keeps their usual hour), then earlier first.
    const offset = (s: Slot) => Math.abs((((s.startsAt.getTime() - wanted.getTime()) % 86_400_000) + 86_400_000 * 1.5) % 86_400_000 - 43_200_000);
    candidates.sort((a, b) => offset(a) - offset(b) || a.startsAt.getTime() - b.startsAt.getTime());
    for (const slot of candidates) {
      if (found.length >= ALTERNATIVES) break;
      found.push(slot.startsAt);
    }
  }
  return found;
}

/**
 * Holds the chosen times of a draft series (each like a time chosen on the times page, across processes); a time
 * someone took meanwhile comes back as "taken" for the preview to show. A time already held by this draft is kept.
 */
export async function holdSeries(
  db: Db,
  request: { studio: Studio; service: Service; providerId: number | null; draftId: string; now: Date },
  chosen: { position: number; startsAt: Date }[],
): Promise<Map<number, "held" | "taken">> {
  const outcome = new Map<number, "held" | "taken">();
  // In time order: the studio-days are locked in the order every booking takes them.
  for (const { position, startsAt } of [...chosen].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const held = await placeHold(db, {
      bookingId: occurrenceHoldId(request.draftId, position),
      studioSlug: request.studio.slug,
      serviceCode: request.service.code,
      startsAt,
      now: request.now,
      providerId: request.providerId ?? undefined,
      horizonDays: SERIES_HORIZON_DAYS,
    });
    outcome.set(position, held.ok ? "held" : "taken");
  }
  return outcome;
}
