/**
 * Availability that staff shape (issue 18 C, decision 023): a provider's weekly hours and time off, a studio's
 * closures, a service's length, price and the roles that offer it. Managers for their studios, admins for every
 * studio; the front desk never reaches these (404). Every change is one transaction with its audit line
 * (before/after) and a bump of the catalogue revision, which every process's caches key on
 * (scheduling/catalogue.server.ts): the next request on any process offers the new times.
 * A closure or time off never touches a booked visit: the day page lists it "to move" and the studio decides.
 */
import { and, asc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, catalogueRevision, providerHours, providers, providerTimeOff, services, studioClosures, studios } from "~/db/schema";
import { appendAudit } from "~/platform/audit.server";
import { namedFederalHolidays } from "~/rules/holidays";
import { formatIntervals, type Interval, WEEK_ORDER } from "~/rules/weekly-hours";
import { addDays, formatLocalDate, formatLocalShortDate, formatShortDateTime, localDayKey, localMidnight, localToday } from "~/rules/zoned-time";
import { errorCode, lockStudioDay } from "~/scheduling/book.server";
import { catalogueChanged } from "~/scheduling/catalogue.server";
import { recordTimeFreedEvent, visitEventsCommitted } from "~/scheduling/visit-events.server";
import { requireStaff, type Role, type StaffUser } from "./staff.server";
import { viewerStudio } from "./scope.server";

/** Who shapes availability: managers (their studios) and admins (every studio). */
export const SHAPERS: readonly Role[] = ["manager", "admin"];

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Studio = { slug: string; name: string; tz: string };

/** A studio whose availability the viewer shapes, or a 404 (front desk, another studio, an unknown one). */
export async function shaperStudio(request: Request, slug: string | undefined) {
  const user = await requireStaff(request, SHAPERS);
  return { user, studio: viewerStudio(user, slug ?? "") as Studio };
}

/**
 * The one place a change of availability is committed: its audit line and the revision bump, in the change's own
 * transaction. `grew` says the change may offer times that were not offered before (hours added, time off or a
 * closure removed, a shorter service, more roles): the place a waitlist would hear that availability grew.
 */
async function commitChange(
  tx: Tx,
  user: StaffUser,
  entry: { action: string; studioSlug: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null; grew: boolean },
) {
  await appendAudit(tx, { actor: "staff", staff: { id: user.id, email: user.email }, action: entry.action, studioSlug: entry.studioSlug, before: entry.before, after: entry.after });
  await tx.update(catalogueRevision).set({ revision: sql`${catalogueRevision.revision} + 1` }).where(eq(catalogueRevision.id, 1));
  if (!entry.grew) return;
  // Times may have opened: recorded as freed (visit_events) at that studio, or every studio for a service change.
  const now = new Date();
  const until = new Date(now.getTime() + FREED_HORIZON_DAYS * 86_400_000);
  const slugs = entry.studioSlug ? [entry.studioSlug] : (await tx.select({ slug: studios.slug }).from(studios)).map((s) => s.slug);
  for (const studioSlug of slugs) await recordTimeFreedEvent(tx, { studioSlug, from: now, to: until, reason: "availability", at: now });
}

/** How far ahead grown availability counts as freed time (the waitlist reads it up to its entries' last days). */
const FREED_HORIZON_DAYS = 366;

/** A change's transaction; once committed, this process's caches hear of it (other processes read the revision). */
async function change<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const outcome = await db.transaction(work);
  catalogueChanged(db);
  visitEventsCommitted();
  return outcome;
}

/* Weekly hours */

export async function studioRoster(db: Db, studio: Studio) {
  const staff = await db
    .select({ id: providers.id, name: providers.name, role: providers.role })
    .from(providers)
    .where(and(eq(providers.studioSlug, studio.slug), eq(providers.active, true)))
    .orderBy(asc(providers.name));
  const hours = staff.length
    ? await db.select().from(providerHours).where(inArray(providerHours.providerId, staff.map((p) => p.id)))
    : [];
  return staff.map((p) => ({ ...p, week: weekOf(hours.filter((h) => h.providerId === p.id)) }));
}

/** A provider's hours by weekday (Monday first), as text per day. */
function weekOf(rows: { weekday: number; startMinute: number; endMinute: number }[]) {
  return WEEK_ORDER.map((weekday) => ({ weekday, text: formatIntervals(rows.filter((r) => r.weekday === weekday)) }));
}

export async function studioProvider(db: Db, studio: Studio, rawId: string | undefined) {
  if (!/^\d{1,9}$/.test(rawId ?? "")) return null;
  return (await studioRoster(db, studio)).find((p) => p.id === Number(rawId)) ?? null;
}

/** Replaces a provider's week. The provider row is locked, so two managers' saves land one after the other. */
export async function setWeeklyHours(db: Db, user: StaffUser, studio: Studio, providerId: number, week: Map<number, Interval[]>): Promise<"saved" | "not_found" | "overlap"> {
  try {
    return await change(db, async (tx) => {
      const [provider] = await tx
        .select({ id: providers.id, name: providers.name })
        .from(providers)
        .where(and(eq(providers.id, providerId), eq(providers.studioSlug, studio.slug), eq(providers.active, true)))
        .for("update");
      if (!provider) return "not_found";
      const before = await tx.select().from(providerHours).where(eq(providerHours.providerId, providerId));
      const rows = [...week].flatMap(([weekday, intervals]) => intervals.map((i) => ({ providerId, weekday, ...i })));
      await tx.delete(providerHours).where(eq(providerHours.providerId, providerId));
      if (rows.length) await tx.insert(providerHours).values(rows);
      const text = (list: { weekday: number; startMinute: number; endMinute: number }[]) =>
        Object.fromEntries(weekOf(list).map((d) => [d.weekday, d.text]));
      const covered = (list: typeof rows) => new Set(list.flatMap((r) => Array.from({ length: r.endMinute - r.startMinute }, (_, k) => r.weekday * 1440 + r.startMinute + k)));
      const old = covered(before);
      await commitChange(tx, user, {
        action: "availability.hours",
        studioSlug: studio.slug,
        before: { provider: provider.name, hours: text(before) },
        after: { provider: provider.name, hours: text(rows) },
        grew: [...covered(rows)].some((m) => !old.has(m)),
      });
      return "saved";
    });
  } catch (error) {
    if (errorCode(error) === "23P01") return "overlap"; // provider_hours_no_overlap: the form's check was bypassed
    throw error;
  }
}

/* Visits a closure or time off stands over */

/** The live visits in [from, to) (of one provider, when given), counted per studio-local day. */
async function liveVisitsByDay(db: Pick<Db, "select">, studio: Studio, from: Date, to: Date, providerId?: number) {
  const rows = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.studioSlug, studio.slug),
        inArray(appointments.status, ["CONFIRMED"]),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
        providerId === undefined ? undefined : eq(appointments.providerId, providerId),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  const byDay = new Map<string, number>();
  for (const r of rows) {
    const day = localDayKey(r.startsAt, studio.tz);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
  }
  return [...byDay].map(([day, count]) => ({ day, label: formatLocalDate(new Date(localMidnight(day, studio.tz).getTime() + 12 * 3600_000), studio.tz), count }));
}

/** Each studio-local day an interval touches, one lock each (bookings into those days wait, or see the change). */
async function lockDays(tx: Tx, studio: Studio, from: Date, to: Date) {
  for (let day = localDayKey(from, studio.tz); day <= localDayKey(new Date(to.getTime() - 1), studio.tz); day = addDays(day, 1)) {
    await lockStudioDay(tx, studio, new Date(localMidnight(day, studio.tz).getTime() + 12 * 3600_000));
  }
}

/* Time off */

/** "Wed, Dec 2, 1:00 PM EST", or for whole days "Wed, Dec 2, start of day" to "Thu, Dec 3, end of day". */
function describeTimeOff(startsAt: Date, endsAt: Date, tz: string) {
  const atMidnight = (d: Date) => localMidnight(localDayKey(d, tz), tz).getTime() === d.getTime();
  if (!atMidnight(startsAt) || !atMidnight(endsAt)) return { from: formatShortDateTime(startsAt, tz), to: formatShortDateTime(endsAt, tz) };
  const label = (day: string) => formatLocalShortDate(new Date(localMidnight(day, tz).getTime() + 12 * 3600_000), tz);
  return { from: `${label(localDayKey(startsAt, tz))}, start of day`, to: `${label(addDays(localDayKey(endsAt, tz), -1))}, end of day` };
}

export async function upcomingTimeOff(db: Db, studio: Studio, now = new Date()) {
  const rows = await db
    .select({ id: providerTimeOff.id, providerName: providers.name, startsAt: providerTimeOff.startsAt, endsAt: providerTimeOff.endsAt, reason: providerTimeOff.reason })
    .from(providerTimeOff)
    .innerJoin(providers, eq(providers.id, providerTimeOff.providerId))
    .where(and(eq(providers.studioSlug, studio.slug), gt(providerTimeOff.endsAt, now)))
    .orderBy(asc(providerTimeOff.startsAt))
    .limit(200);
  return rows.map((r) => ({ id: r.id, provider: r.providerName, ...describeTimeOff(r.startsAt, r.endsAt, studio.tz), reason: r.reason }));
}

/** A time off of this studio with the live visits it stands over, per day (the confirmation after adding it). */
export async function timeOffImpact(db: Db, studio: Studio, rawId: string | null) {
  if (!/^\d{1,9}$/.test(rawId ?? "")) return null;
  const [row] = await db
    .select({ id: providerTimeOff.id, providerId: providerTimeOff.providerId, providerName: providers.name, startsAt: providerTimeOff.startsAt, endsAt: providerTimeOff.endsAt })
    .from(providerTimeOff)
    .innerJoin(providers, eq(providers.id, providerTimeOff.providerId))
    .where(and(eq(providerTimeOff.id, Number(rawId)), eq(providers.studioSlug, studio.slug)));
  if (!row) return null;
  const days = await liveVisitsByDay(db, studio, row.startsAt, row.endsAt, row.providerId);
  return {
    provider: row.providerName,
    ...describeTimeOff(row.startsAt, row.endsAt, studio.tz),
    days,
    total: days.reduce((n, d) => n + d.count, 0),
  };
}

export async function addTimeOff(
  db: Db,
  user: StaffUser,
  studio: Studio,
  input: { providerId: number; startsAt: Date; endsAt: Date; reason: string },
): Promise<{ ok: true; id: number } | { ok: false; code: "not_found" }> {
  return change(db, async (tx) => {
    const [provider] = await tx
      .select({ id: providers.id, name: providers.name })
      .from(providers)
      .where(and(eq(providers.id, input.providerId), eq(providers.studioSlug, studio.slug), eq(providers.active, true)))
      .for("update");
    if (!provider) return { ok: false, code: "not_found" } as const;
    await lockDays(tx, studio, input.startsAt, input.endsAt);
    const [row] = await tx.insert(providerTimeOff).values(input).returning({ id: providerTimeOff.id });
    const affected = await liveVisitsByDay(tx, studio, input.startsAt, input.endsAt, input.providerId);
    await commitChange(tx, user, {
      action: "availability.time_off_add",
      studioSlug: studio.slug,
      before: null,
      after: { provider: provider.name, startsAt: input.startsAt.toISOString(), endsAt: input.endsAt.toISOString(), reason: input.reason, visitsToMove: affected.reduce((n, d) => n + d.count, 0) },
      grew: false,
    });
    return { ok: true, id: row!.id } as const;
  });
}

export async function removeTimeOff(db: Db, user: StaffUser, studio: Studio, id: number): Promise<boolean> {
  return change(db, async (tx) => {
    const [row] = await tx
      .select({ id: providerTimeOff.id, provider: providers.name, startsAt: providerTimeOff.startsAt, endsAt: providerTimeOff.endsAt, reason: providerTimeOff.reason })
      .from(providerTimeOff)
      .innerJoin(providers, eq(providers.id, providerTimeOff.providerId))
      .where(and(eq(providerTimeOff.id, id), eq(providers.studioSlug, studio.slug)))
      .for("update", { of: providerTimeOff });
    if (!row) return false;
    await tx.delete(providerTimeOff).where(eq(providerTimeOff.id, id));
    await commitChange(tx, user, {
      action: "availability.time_off_remove",
      studioSlug: studio.slug,
      before: { provider: row.provider, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), reason: row.reason },
      after: null,
      grew: true,
    });
    return true;
  });
}

/* Closures */

/** The studio's closures from today on, beside the federal holidays of the next twelve months, in date order. */
export async function closuresAndHolidays(db: Db, studio: Studio, now = new Date()) {
  const today = localToday(now, studio.tz);
  const until = addDays(today, 366);
  const rows = await db
    .select({ id: studioClosures.id, day: studioClosures.day, reason: studioClosures.reason })
    .from(studioClosures)
    .where(and(eq(studioClosures.studioSlug, studio.slug), gte(studioClosures.day, today)))
    .orderBy(asc(studioClosures.day))
    .limit(400);
  const year = Number(today.slice(0, 4));
  const holidays = [...namedFederalHolidays(year), ...namedFederalHolidays(year + 1)].filter((h) => h.day >= today && h.day <= until);
  const label = (day: string) => formatLocalDate(new Date(localMidnight(day, studio.tz).getTime() + 12 * 3600_000), studio.tz);
  return [
    ...rows.map((r) => ({ key: `c${r.id}`, id: r.id as number | null, day: r.day, label: label(r.day), what: r.reason || "Closed", holiday: false })),
    ...holidays.map((h) => ({ key: `h${h.day}`, id: null, day: h.day, label: label(h.day), what: h.name, holiday: true })),
  ].sort((a, b) => a.day.localeCompare(b.day) || Number(a.holiday) - Number(b.holiday));
}

export function isFederalHoliday(day: string) {
  return namedFederalHolidays(Number(day.slice(0, 4))).find((h) => h.day === day) ?? null;
}

/** A closure of this studio with the live visits booked that day (the confirmation after adding it). */
export async function closureImpact(db: Db, studio: Studio, day: string | null) {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const [row] = await db.select().from(studioClosures).where(and(eq(studioClosures.studioSlug, studio.slug), eq(studioClosures.day, day)));
  if (!row) return null;
  const days = await liveVisitsByDay(db, studio, localMidnight(day, studio.tz), localMidnight(addDays(day, 1), studio.tz));
  return { day, label: days[0]?.label ?? formatLocalDate(new Date(localMidnight(day, studio.tz).getTime() + 12 * 3600_000), studio.tz), reason: row.reason, total: days.reduce((n, d) => n + d.count, 0) };
}

export async function addClosure(db: Db, user: StaffUser, studio: Studio, input: { day: string; reason: string }): Promise<"added" | "exists"> {
  try {
    return await change(db, async (tx) => {
      const from = localMidnight(input.day, studio.tz);
      await lockDays(tx, studio, from, localMidnight(addDays(input.day, 1), studio.tz));
      await tx.insert(studioClosures).values({ studioSlug: studio.slug, day: input.day, reason: input.reason });
      const affected = await liveVisitsByDay(tx, studio, from, localMidnight(addDays(input.day, 1), studio.tz));
      await commitChange(tx, user, {
        action: "availability.closure_add",
        studioSlug: studio.slug,
        before: null,
        after: { day: input.day, reason: input.reason, visitsToMove: affected.reduce((n, d) => n + d.count, 0) },
        grew: false,
      });
      return "added" as const;
    });
  } catch (error) {
    if (errorCode(error) === "23505") return "exists"; // studio_closures_once
    throw error;
  }
}

export async function removeClosure(db: Db, user: StaffUser, studio: Studio, id: number): Promise<boolean> {
  return change(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(studioClosures)
      .where(and(eq(studioClosures.id, id), eq(studioClosures.studioSlug, studio.slug)))
      .for("update");
    if (!row) return false;
    await tx.delete(studioClosures).where(eq(studioClosures.id, id));
    await commitChange(tx, user, { action: "availability.closure_remove", studioSlug: studio.slug, before: { day: row.day, reason: row.reason }, after: null, grew: true });
    return true;
  });
}

/* Services (one chain-wide catalogue) */

export const PROVIDER_ROLES = ["dentist", "hygienist", "orthodontist"] as const;
export const PROVIDER_ROLE_LABELS: Record<(typeof PROVIDER_ROLES)[number], string> = { dentist: "Dentists", hygienist: "Hygienists", orthodontist: "Orthodontists" };

export async function listServices(db: Db) {
  return db.select().from(services).orderBy(asc(services.name));
}

export async function updateService(
  db: Db,
  user: StaffUser,
  code: string,
  input: { durationMinutes: number; priceCents: number; providerRoles: (typeof PROVIDER_ROLES)[number][] },
): Promise<boolean> {
  return change(db, async (tx) => {
    const [before] = await tx.select().from(services).where(eq(services.code, code)).for("update");
    if (!before) return false;
    await tx.update(services).set(input).where(eq(services.code, code));
    const shape = (s: { durationMinutes: number; priceCents: number | null; providerRoles: string[] }) => ({ durationMinutes: s.durationMinutes, priceCents: s.priceCents, providerRoles: s.providerRoles });
    await commitChange(tx, user, {
      action: "availability.service",
      studioSlug: null,
      before: { code, ...shape(before) },
      after: { code, ...shape(input) },
      grew: input.durationMinutes < before.durationMinutes || input.providerRoles.some((r) => !before.providerRoles.includes(r)),
    });
    return true;
  });
}
