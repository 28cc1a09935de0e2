import { and, eq, gt, gte, inArray, lt, lte, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, providerHours, providers, providerTimeOff, slotHolds, studioClosures } from "~/db/schema";
import { usFederalHolidays } from "~/rules/holidays";
import { addDays, localMidnight, localToday } from "~/rules/zoned-time";
import { computeSlots, firstFreeSlot, type ProviderSchedule, type Slot } from "./availability";
import { cachedCatalogue, cachedRead, type Service, type Studio } from "./catalogue.server";

type Executor = Pick<Db, "select">;

type ScheduleReadOptions = {
  fresh?: boolean;
  cacheBlocked?: boolean;
  /** A visit being moved: its own current time does not block its new one (never cached). */
  ignoreAppointmentId?: number;
  /**
   * The booking whose own hold does not block it (its booking id, holds.server.ts): every other live hold is busy
   * time for its provider. Absent: every live hold blocks.
   */
  holder?: string;
  /** A series' occurrences hold with ids of one prefix (issue 39): all of them are the asking booking's own. */
  holderPrefix?: string;
  /** Times offered this many days ahead (default the booking window; a series plans two years). */
  horizonDays?: number;
  /** The instant holds are live at (default: now); a hold whose expires_at is not after it holds nothing. */
  now?: Date;
};

/** How long a page may show a provider's time off and appointments before reading them again. */
export const BLOCKED_TTL_MS = 3_000;

/** Weekly hours, time off and busy appointments of the studios' active providers with the given roles, in [from, to). */
export async function loadSchedules(
  db: Executor,
  studioSlugs: string[],
  roles: string[],
  from: Date,
  to: Date,
  { fresh = false, cacheBlocked = false, ignoreAppointmentId, holder, holderPrefix, now = new Date() }: ScheduleReadOptions = {},
) {
  if (studioSlugs.length === 0 || roles.length === 0) return new Map<string, ProviderSchedule[]>();
  // Staff and weekly hours are catalogue (cached briefly).
  const { staff, hours } = await cachedCatalogue(
    db,
    `roster:${studioSlugs.join(",")}|${roles.join(",")}`,
    async () => {
      const staff = await db
        .select({ id: providers.id, role: providers.role, studioSlug: providers.studioSlug })
        .from(providers)
        .where(and(inArray(providers.studioSlug, studioSlugs), inArray(providers.role, roles as never[]), eq(providers.active, true)));
      const ids = staff.map((p) => p.id);
      const hours = ids.length ? await db.select().from(providerHours).where(inArray(providerHours.providerId, ids)) : [];
      return { staff, hours };
    },
    fresh,
  );
  const ids = staff.map((p) => p.id);
  // Time off and appointments are live, except for the times page (cacheBlocked): a busy studio's page
  // is asked for again and again, so its answer is kept a few seconds. This process forgets it as soon
  // as it books, and the database refuses any overlap whatever a page showed.
  const blockedKey = `live:blocked:${ids.join(",")}|${from.getTime()}|${to.getTime()}`;
  const blocked = ids.length
    ? await cachedRead(db, blockedKey, BLOCKED_TTL_MS, () => readBlocked(db, ids, from, to, now, ignoreAppointmentId), fresh || !cacheBlocked || ignoreAppointmentId !== undefined)
    : [];
  const off = blocked.filter((b) => b.kind === "off");
  // Another booking's live hold is busy time; the asking booking's own hold is not (it may choose or book it).
  const own = (id: string | null) => id !== null && (id === holder || (holderPrefix !== undefined && id.startsWith(holderPrefix)));
  const busy = blocked.filter((b) => b.kind === "busy" || (b.kind === "hold" && !own(b.holder)));
  const byStudio = new Map<string, ProviderSchedule[]>();
  for (const p of staff) {
    const schedule: ProviderSchedule = {
      providerId: p.id,
      role: p.role,
      hours: hours.filter((h) => h.providerId === p.id),
      timeOff: off.filter((t) => t.providerId === p.id),
      busy: busy.filter((b) => b.providerId === p.id),
    };
    byStudio.set(p.studioSlug, [...(byStudio.get(p.studioSlug) ?? []), schedule]);
  }
  return byStudio;
}

/**
 * The studio-local days each studio is closed between two instants: the US federal holidays (decision 009) and
 * the studio's own closures (a snow day, a training day; the console, decision 023). Closures are catalogue:
 * cached with it, on its revision, so a closure reaches the times page at once on every process.
 */
export async function studioClosedDays(db: Executor, studioSlugs: string[], from: Date, to: Date, fresh = false): Promise<Map<string, ReadonlySet<string>>> {
  const holidays: string[] = [];
  for (let y = from.getUTCFullYear() - 1; y <= to.getUTCFullYear() + 1; y++) holidays.push(...usFederalHolidays(y));
  // A day either side: a studio's local day may start before `from` or end after `to` in UTC.
  const first = new Date(from.getTime() - 86400_000).toISOString().slice(0, 10);
  const last = new Date(to.getTime() + 86400_000).toISOString().slice(0, 10);
  const closures = studioSlugs.length
    ? await cachedCatalogue(
        db,
        `closures:${studioSlugs.join(",")}|${first}|${last}`,
        () =>
          db
            .select({ studioSlug: studioClosures.studioSlug, day: studioClosures.day })
            .from(studioClosures)
            .where(and(inArray(studioClosures.studioSlug, studioSlugs), gte(studioClosures.day, first), lte(studioClosures.day, last))),
        fresh,
      )
    : [];
  const days = new Map<string, ReadonlySet<string>>();
  for (const slug of studioSlugs) days.set(slug, new Set([...holidays, ...closures.filter((c) => c.studioSlug === slug).map((c) => c.day)]));
  return days;
}

export async function findSlots(
  db: Executor,
  studio: Studio,
  service: Service,
  range: { from: Date; to: Date; now: Date },
  options: ScheduleReadOptions = {},
): Promise<Slot[]> {
  const compute = async () => {
    const [schedules, closed] = await Promise.all([
      loadSchedules(db, [studio.slug], service.providerRoles, range.from, range.to, { now: range.now, ...options }),
      studioClosedDays(db, [studio.slug], range.from, range.to, options.fresh),
    ]);
    return computeSlots({
      timezone: studio.tz,
      ...range,
      durationMinutes: service.durationMinutes,
      eligibleRoles: service.providerRoles,
      providers: schedules.get(studio.slug) ?? [],
      sameDay: service.category === "emergency",
      closedDays: closed.get(studio.slug),
      horizonDays: options.horizonDays,
    });
  };
  if (!options.cacheBlocked || options.fresh || options.ignoreAppointmentId !== undefined) return compute();
  // The times page: the computed week is kept as long as the data it came from (same key family, so a
  // booking made here forgets both at once).
  // A booking holding a time sees that time free: its week is its own (the blocked read above is still shared).
  const key = `live:slots:${studio.slug}|${service.code}|${range.from.getTime()}|${range.to.getTime()}|${options.holder ?? ""}`;
  return cachedRead(db, key, BLOCKED_TTL_MS, compute);
}

/**
 * Each studio's first free time within the next `days` days (null when none). A hint on the studios page, read
 * like the times page (time off and appointments kept a few seconds, forgotten when this process books): the
 * window read starts at the minute so that requests within it share one read; the answer still starts at `now`.
 */
export async function firstFreeTimes(db: Executor, studios: Studio[], service: Service, now: Date, days = 14) {
  const to = new Date(now.getTime() + days * 86400_000);
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  const window = { from: new Date(minute), to: new Date(minute + days * 86400_000 + 60_000) };
  const slugs = studios.map((s) => s.slug);
  const [schedules, closed] = await Promise.all([
    loadSchedules(db, slugs, service.providerRoles, window.from, window.to, { cacheBlocked: true, now }),
    studioClosedDays(db, slugs, now, to),
  ]);
  const result = new Map<string, Slot | null>();
  for (const studio of studios) {
    const first = firstFreeSlot({
      timezone: studio.tz,
      from: now,
      to,
      now,
      durationMinutes: service.durationMinutes,
      eligibleRoles: service.providerRoles,
      providers: schedules.get(studio.slug) ?? [],
      sameDay: service.category === "emergency",
      closedDays: closed.get(studio.slug),
    });
    result.set(studio.slug, first);
  }
  return result;
}

/**
 * Each studio's times for each service it offers over its next `days` local days, free and taken (the open slot
 * feed, decision 064): the times page's computation — the same schedules, closures, notice and window, every live
 * hold busy — for all studios in one read of blocked time. A taken time is one the studio's hours and time off would
 * offer but a visit or a hold fills. Services of one roster, length and notice share one computation per studio.
 */
export async function openTimes<S extends Pick<Studio, "slug" | "tz">>(db: Executor, studios: S[], services: Service[], now: Date, days: number) {
  const slugs = studios.map((s) => s.slug);
  const roles = [...new Set(services.flatMap((s) => s.providerRoles))];
  // A day either side covers every studio's local days, whatever its zone.
  const window = { from: new Date(now.getTime() - 86400_000), to: new Date(now.getTime() + (days + 1) * 86400_000) };
  const [schedules, closed] = await Promise.all([loadSchedules(db, slugs, roles, window.from, window.to, { now }), studioClosedDays(db, slugs, window.from, window.to)]);
  return studios.map((studio) => {
    const today = localToday(now, studio.tz);
    const range = { from: localMidnight(today, studio.tz), to: localMidnight(addDays(today, days), studio.tz), now };
    const providers = schedules.get(studio.slug) ?? [];
    const unbooked = providers.map((p) => ({ ...p, busy: [] }));
    const shared = new Map<string, { free: Slot[]; taken: Slot[] }>();
    const times = services.map((service) => {
      const sameDay = service.category === "emergency";
      const key = `${[...service.providerRoles].sort().join(",")}|${service.durationMinutes}|${sameDay}`;
      let found = shared.get(key);
      if (!found) {
        const input = { timezone: studio.tz, ...range, durationMinutes: service.durationMinutes, eligibleRoles: service.providerRoles, sameDay, closedDays: closed.get(studio.slug) };
        const free = computeSlots({ ...input, providers });
        const freeAt = new Set(free.map((s) => s.startsAt.getTime()));
        const taken = computeSlots({ ...input, providers: unbooked }).filter((s) => !freeAt.has(s.startsAt.getTime()));
        shared.set(key, (found = { free, taken }));
      }
      // Offered here: someone on the studio's staff can do it (whether or not a time is free these days).
      return { service, offered: providers.some((p) => service.providerRoles.includes(p.role)), ...found };
    });
    return { studio, times };
  });
}

export class LookupTimeout extends Error {}

/** Bounds a lookup by the availabilitiesTimeout flag: past it the page says so instead of hanging. */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LookupTimeout(`lookup exceeded ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The longest a visit may be (the appointments_length_bounded check, migration 0008). */
const MAX_VISIT_MS = 86400_000;

/**
 * Time off, appointments and live holds in one round trip: all mean "this provider is not free then" (a hold: for
 * everyone but its booking, `holder`). A visit or hold that overlaps [from, to) started after `from - MAX_VISIT_MS`:
 * that bound keeps the read on the provider's index within the window, whatever the provider's history (decision 018).
 */
function readBlocked(db: Executor, ids: number[], from: Date, to: Date, now: Date, ignoreAppointmentId?: number) {
  const off = db
    .select({ kind: sql<string>`'off'`, providerId: providerTimeOff.providerId, startsAt: providerTimeOff.startsAt, endsAt: providerTimeOff.endsAt, holder: sql<string | null>`null::text` })
    .from(providerTimeOff)
    .where(and(inArray(providerTimeOff.providerId, ids), lt(providerTimeOff.startsAt, to), gt(providerTimeOff.endsAt, from)));
  const busy = db
    .select({ kind: sql<string>`'busy'`, providerId: appointments.providerId, startsAt: appointments.startsAt, endsAt: appointments.endsAt, holder: sql<string | null>`null::text` })
    .from(appointments)
    .where(
      and(
        inArray(appointments.providerId, ids),
        ne(appointments.status, "CANCELLED"),
        lt(appointments.startsAt, to),
        gt(appointments.startsAt, new Date(from.getTime() - MAX_VISIT_MS)),
        gt(appointments.endsAt, from),
        ignoreAppointmentId === undefined ? undefined : ne(appointments.id, ignoreAppointmentId),
      ),
    );
  return off.unionAll(busy).unionAll(liveHolds(db, ids, from, to, now));
}

/**
 * The live holds on these providers overlapping [from, to) at `now` (issue 19, decision 021), as blocked time with
 * the booking holding each: on slot_holds_provider_start_idx, expired rows skipped (they hold nothing).
 */
export function liveHolds(db: Executor, ids: number[], from: Date, to: Date, now: Date) {
  return db
    .select({ kind: sql<string>`'hold'`, providerId: slotHolds.providerId, startsAt: slotHolds.startsAt, endsAt: slotHolds.endsAt, holder: sql<string | null>`${slotHolds.bookingId}` })
    .from(slotHolds)
    .where(
      and(
        inArray(slotHolds.providerId, ids),
        lt(slotHolds.startsAt, to),
        gt(slotHolds.startsAt, new Date(from.getTime() - MAX_VISIT_MS)),
        gt(slotHolds.endsAt, from),
        gt(slotHolds.expiresAt, now),
      ),
    );
}
