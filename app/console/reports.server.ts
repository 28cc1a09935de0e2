import { sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb, type Db } from "~/db/client.server";
import { appendAudit } from "~/platform/audit.server";
import { CANCEL_NOTICE_HOURS } from "~/rules/cancellation-policy";
import {
  daysIn,
  eachDay,
  LEAD_BUCKETS,
  leadBucketOf,
  MAX_REPORT_DAYS,
  medianOfCounts,
  openMinutes,
  percent,
  presetRange,
  previousRange,
  RANGE_PRESETS,
  RECALL_REBOOK_DAYS,
  type DayRange,
} from "~/rules/report-range";
import { studioTimezone } from "~/rules/timezones";
import { addDays, isDayKey, localToday } from "~/rules/zoned-time";
import type { StaffUser } from "./staff.server";

/**
 * The manager's reports (issue 40, decision 077): every figure defined once, here, from the visit rows
 * (`appointments`) read in each studio's own time zone. A visit belongs to the local day it starts on.
 */

export const FIGURE_DEFINITIONS = {
  chairUse: "Chair use is the minutes of visits booked and not cancelled, divided by the provider's open minutes: weekly hours less time off and studio closures.",
  noShows: "A no-show is a visit the desk marked as not attended; the rate divides them by the visits of the range that were not cancelled.",
  lateCancels: `A late cancel is a visit cancelled less than ${CANCEL_NOTICE_HOURS} hours before it started; the rate divides them by every visit booked for the range.`,
  notRebooked: "Cancelled and not rebooked lists the patients with a visit cancelled in the range and no visit booked from now on.",
  newPatients: "A new patient is a patient whose first visit that was not cancelled falls in the range, counted by how it was booked and where they came from.",
  leadTime: "Lead time is the number of days between the day a visit was booked and the day it takes place, both in the studio's time; the median is the middle visit's.",
  busyHours: "Busy hours count the visits not cancelled by the weekday and hour they start, in the studio's time.",
  recall: `Recall counts the patients whose next visit of a recall service (a checkup and cleaning) fell due in the range, months after their last completed one; of them, those sent a recall email; and of those, the ones who booked that service within ${RECALL_REBOOK_DAYS} days of their first email.`,
  fees: "Fees are the late-cancel fees of the range's visits, by their state now, with the amounts refunded.",
} as const;

const ROLES_WITH_REPORTS = ["manager", "admin"] as const;
export const mayReadReports = (user: StaffUser) => (ROLES_WITH_REPORTS as readonly string[]).includes(user.role);

const querySchema = z
  .object({
    range: z.enum(RANGE_PRESETS).default("4weeks"),
    from: z.string().optional(),
    to: z.string().optional(),
    studio: z.string().max(60).optional(),
    provider: z.string().max(12).optional(),
    compare: z.literal("1").optional(),
  })
  .strip();

export type ReportQuery = { range: (typeof RANGE_PRESETS)[number]; from: string; to: string; studio: string; provider: string; compare: boolean };
export type ReportScope = { studios: { slug: string; name: string; tz: string }[]; providerId: number | null; range: DayRange; previous: DayRange | null };

/** A studio's zone, or New York's for "every studio": what "today" and the presets count from. */
function todayFor(studios: { tz: string }[], now: Date) {
  return localToday(now, studios.length === 1 ? studios[0]!.tz : "America/New_York");
}

/**
 * The GET form's query read (JS off: a plain form): the scope it asks for, or the messages per field (a 400 page).
 * A studio or provider outside the viewer's studios is a 404, as if it did not exist.
 */
export async function readReportQuery(user: StaffUser, searchParams: URLSearchParams, now = new Date()) {
  const raw = Object.fromEntries(searchParams);
  const parsed = querySchema.safeParse(Object.fromEntries(searchParams));
  const values: ReportQuery = {
    range: parsed.success ? parsed.data.range : "4weeks",
    from: String(raw.from ?? "").slice(0, 20),
    to: String(raw.to ?? "").slice(0, 20),
    studio: String(raw.studio ?? "").slice(0, 60),
    provider: String(raw.provider ?? "").slice(0, 12),
    compare: raw.compare === "1",
  };
  const errors: Record<string, string> = {};
  if (!parsed.success) errors.range = "Choose one of the ranges.";
  const all = user.studios.map((s) => ({ slug: s.slug, name: s.name, tz: studioTimezone(s.slug, s.tz) }));
  const studios = values.studio ? all.filter((s) => s.slug === values.studio) : all;
  if (values.studio && !studios.length) throw new Response("Not found", { status: 404 });
  const providers = await providersOf(studios.map((s) => s.slug));
  let providerId: number | null = null;
  if (values.provider) {
    if (!/^\d{1,9}$/.test(values.provider) || !providers.some((p) => p.id === Number(values.provider))) throw new Response("Not found", { status: 404 });
    providerId = Number(values.provider);
  }
  let range: DayRange = { from: "", to: "" };
  if (values.range === "custom") {
    if (!isDayKey(values.from)) errors.from = "Enter the first day, like 2027-01-31.";
    if (!isDayKey(values.to)) errors.to = "Enter the last day, like 2027-03-31.";
    if (!errors.from && !errors.to) {
      range = { from: values.from, to: values.to };
      if (values.to < values.from) errors.to = "The last day is before the first.";
      else if (daysIn(range) > MAX_REPORT_DAYS) errors.to = "A report covers at most 2 years.";
    }
  } else if (!errors.range) {
    range = presetRange(values.range, todayFor(studios, now));
  }
  const options = { studios: all.map(({ slug, name }) => ({ slug, name })), providers };
  if (Object.keys(errors).length) return { ok: false as const, values, errors, options };
  const scope: ReportScope = { studios, providerId, range, previous: values.compare ? previousRange(range) : null };
  return { ok: true as const, values: { ...values, from: range.from, to: range.to }, scope, options };
}

async function providersOf(slugs: string[]) {
  if (!slugs.length) return [];
  const db = await getDb();
  return rowsOf<{ id: number; name: string; studio_slug: string }>(
    await db.execute(sql`select id, name, studio_slug from providers where studio_slug in (${sql.join(slugs.map((s) => sql`${s}`), sql`, `)}) order by studio_slug, name, id`),
  ).map((p) => ({ id: p.id, name: p.name, studioSlug: p.studio_slug }));
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const int = (v: unknown) => Number(v ?? 0);

/** The scope's studios with their zones, as a table the queries join on. */
function scopeTable(scope: ReportScope): SQL {
  return sql`(values ${sql.join(scope.studios.map((s) => sql`(${s.slug}::text, ${s.tz}::text)`), sql`, `)}) as sc(slug, tz)`;
}

/**
 * The visits of a range: each studio's local days `from`–`to`. The instants are read a day wider on each side (the
 * index on studio and start), then narrowed to the local days.
 */
function visitsOf(scope: ReportScope, range: DayRange): SQL {
  const lo = `${addDays(range.from, -1)}T00:00:00Z`;
  const hi = `${addDays(range.to, 2)}T00:00:00Z`;
  return sql`select a.*, sc.tz, (a.starts_at at time zone sc.tz) as local_start
    from appointments a join ${scopeTable(scope)} on sc.slug = a.studio_slug
    where a.starts_at >= ${lo}::timestamptz and a.starts_at < ${hi}::timestamptz
      and (a.starts_at at time zone sc.tz)::date between ${range.from}::date and ${range.to}::date
      ${scope.providerId ? sql`and a.provider_id = ${scope.providerId}` : sql``}`;
}

/** Each figure's visits, said once: the counts and the visit lists (CSV) read the same predicate on `v`. */
const IS_NO_SHOW = sql`v.status = 'NO_SHOW'`;
const IS_LATE_CANCEL = sql`v.status = 'CANCELLED' and v.cancelled_at > v.starts_at - make_interval(hours => ${CANCEL_NOTICE_HOURS}::int)`;
/** A patient row's first visit not cancelled (ties on the same instant: the lower id). */
const IS_FIRST_VISIT = sql`v.status <> 'CANCELLED'
  and not exists (select 1 from appointments b where b.patient_id = v.patient_id and b.status <> 'CANCELLED'
    and (b.starts_at < v.starts_at or (b.starts_at = v.starts_at and b.id < v.id)))`;
const SOURCE = sql`case when coalesce(v.details->>'referralCode', '') <> '' then 'referral' else 'none' end`;

export type Outcomes = { booked: number; kept: number; noShows: number; noShowRate: number | null; cancels: number; lateCancels: number; lateCancelRate: number | null };

async function outcomes(db: Db, scope: ReportScope, range: DayRange): Promise<Outcomes> {
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`select count(*)::int as booked,
        count(*) filter (where v.status <> 'CANCELLED')::int as kept,
        count(*) filter (where ${IS_NO_SHOW})::int as no_shows,
        count(*) filter (where v.status = 'CANCELLED')::int as cancels,
        count(*) filter (where ${IS_LATE_CANCEL})::int as late_cancels
      from (${visitsOf(scope, range)}) v`),
  );
  const booked = int(row?.booked);
  const kept = int(row?.kept);
  const noShows = int(row?.no_shows);
  const lateCancels = int(row?.late_cancels);
  return { booked, kept, noShows, noShowRate: percent(noShows, kept), cancels: int(row?.cancels), lateCancels, lateCancelRate: percent(lateCancels, booked) };
}

export type ChairUseRow = { studioSlug: string; providerId: number; provider: string; day: string; bookedMinutes: number; openMinutes: number };

/** Chair use per provider and local day (booked ÷ open minutes); a day with neither is left out. */
async function chairUse(db: Db, scope: ReportScope): Promise<ChairUseRow[]> {
  const { range } = scope;
  const slugs = scope.studios.map((s) => s.slug);
  const inStudios = sql.join(slugs.map((s) => sql`${s}`), sql`, `);
  const providerFilter = scope.providerId ? sql`and p.id = ${scope.providerId}` : sql``;
  const providers = rowsOf<{ id: number; name: string; studio_slug: string }>(
    await db.execute(sql`select p.id, p.name, p.studio_slug from providers p where p.studio_slug in (${inStudios}) ${providerFilter} order by p.studio_slug, p.name, p.id`),
  );
  if (!providers.length) return [];
  const ids = sql.join(providers.map((p) => sql`${p.id}`), sql`, `);
  const hours = rowsOf<{ provider_id: number; weekday: number; start_minute: number; end_minute: number }>(
    await db.execute(sql`select provider_id, weekday, start_minute, end_minute from provider_hours where provider_id in (${ids})`),
  );
  const lo = `${addDays(range.from, -1)}T00:00:00Z`;
  const hi = `${addDays(range.to, 2)}T00:00:00Z`;
  const offs = rowsOf<{ provider_id: number; starts_at: string | Date; ends_at: string | Date }>(
    await db.execute(sql`select provider_id, starts_at, ends_at from provider_time_off where provider_id in (${ids}) and ends_at > ${lo}::timestamptz and starts_at < ${hi}::timestamptz`),
  );
  const closures = rowsOf<{ studio_slug: string; day: string }>(
    await db.execute(sql`select studio_slug, to_char(day, 'YYYY-MM-DD') as day from studio_closures where studio_slug in (${inStudios}) and day between ${range.from}::date and ${range.to}::date`),
  );
  const booked = rowsOf<{ provider_id: number; day: string; minutes: number }>(
    await db.execute(sql`select v.provider_id, to_char(v.local_start, 'YYYY-MM-DD') as day,
        sum(extract(epoch from (v.ends_at - v.starts_at)) / 60)::int as minutes
      from (${visitsOf(scope, range)}) v where v.status <> 'CANCELLED' group by 1, 2`),
  );
  const bookedBy = new Map(booked.map((b) => [`${b.provider_id}|${b.day}`, int(b.minutes)]));
  const closed = new Set(closures.map((c) => `${c.studio_slug}|${c.day}`));
  const tzOf = new Map(scope.studios.map((s) => [s.slug, s.tz]));
  const days = eachDay(range);
  const out: ChairUseRow[] = [];
  for (const p of providers) {
    const mine = hours.filter((h) => h.provider_id === p.id).map((h) => ({ weekday: int(h.weekday), startMinute: int(h.start_minute), endMinute: int(h.end_minute) }));
    const off = offs.filter((o) => o.provider_id === p.id).map((o) => ({ startsAt: new Date(o.starts_at).getTime(), endsAt: new Date(o.ends_at).getTime() }));
    const tz = tzOf.get(p.studio_slug)!;
    for (const day of days) {
      const open = openMinutes(day, tz, mine, off, closed.has(`${p.studio_slug}|${day}`));
      const used = bookedBy.get(`${p.id}|${day}`) ?? 0;
      if (open || used) out.push({ studioSlug: p.studio_slug, providerId: p.id, provider: p.name, day, bookedMinutes: used, openMinutes: open });
    }
  }
  return out;
}

export type NotRebooked = { patientId: number; name: string; studioSlug: string; visitDay: string; service: string };

/** A CSV's rows are read this many at a time, each page after the last one's key (never the whole list at once). */
export const EXPORT_PAGE_ROWS = 1000;

/** Reads a list in keyset pages of `size` rows (`page(after)`: the rows after `after`, in key order), as they are asked for. */
export async function* keysetPages<T, K>(page: (after: K | null, size: number) => Promise<T[]>, keyOf: (row: T) => K, size = EXPORT_PAGE_ROWS): AsyncGenerator<T> {
  let after: K | null = null;
  for (;;) {
    const rows = await page(after, size);
    yield* rows;
    if (rows.length < size) return;
    after = keyOf(rows.at(-1)!);
  }
}

/**
 * Patients with a visit of the range cancelled and no visit booked from `now` on: the recapture list, in patient
 * order, `limit` of them after the patient `after` (a keyset page).
 */
async function notRebooked(db: Db, scope: ReportScope, now: Date, limit: number, after: number | null = null): Promise<NotRebooked[]> {
  const rows = rowsOf<{ patient_id: number; first_name: string; last_name: string; studio_slug: string; day: string; service: string }>(
    await db.execute(sql`select distinct on (v.patient_id) v.patient_id, p.first_name, p.last_name, v.studio_slug,
        to_char(v.local_start, 'YYYY-MM-DD') as day, s.name as service
      from (${visitsOf(scope, scope.range)}) v
      join patients p on p.id = v.patient_id
      join services s on s.code = v.service_type
      where v.status = 'CANCELLED' ${after === null ? sql`` : sql`and v.patient_id > ${after}`}
        and not exists (select 1 from appointments f where f.patient_id = v.patient_id and f.status = 'CONFIRMED' and f.starts_at >= ${now.toISOString()}::timestamptz)
      order by v.patient_id, v.starts_at desc
      limit ${limit}`),
  );
  return rows.map((r) => ({ patientId: int(r.patient_id), name: `${r.first_name} ${r.last_name}`.trim(), studioSlug: r.studio_slug, visitDay: r.day, service: r.service }));
}

/** The visits behind a figure, each a CSV of its own (managers and admins; audited: it names patients). */
export const VISIT_LISTS = {
  "no-shows": IS_NO_SHOW,
  "late-cancels": IS_LATE_CANCEL,
  "new-patients": IS_FIRST_VISIT,
} as const;
export type VisitList = keyof typeof VISIT_LISTS;

export type ListedVisit = {
  key: { startsAt: string; id: number };
  row: (string | number | null)[];
};

/** The columns of a visit list: the visit, who and how it was booked; nothing the patient told us about their health. */
export const VISIT_LIST_HEADER = ["visit_id", "studio", "day", "start_time", "provider", "service", "patient_id", "patient", "channel", "source", "status", "booked_day", "cancelled_at"];

/** One keyset page of a visit list, in start order (start, then id), in each studio's time. */
async function visitList(db: Db, scope: ReportScope, list: VisitList, after: { startsAt: string; id: number } | null, size: number): Promise<ListedVisit[]> {
  const rows = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`select v.id, v.studio_slug, to_char(v.local_start, 'YYYY-MM-DD') as day, to_char(v.local_start, 'HH24:MI') as time,
        pr.name as provider, s.name as service, v.patient_id, p.first_name, p.last_name, v.channel, ${SOURCE} as source, v.status,
        to_char(v.created_at at time zone v.tz, 'YYYY-MM-DD') as booked_day,
        to_char(v.cancelled_at at time zone v.tz, 'YYYY-MM-DD HH24:MI') as cancelled_at,
        to_char(v.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as start_key
      from (${visitsOf(scope, scope.range)}) v
      join patients p on p.id = v.patient_id
      join services s on s.code = v.service_type
      join providers pr on pr.id = v.provider_id
      where ${VISIT_LISTS[list]}
        ${after ? sql`and (v.starts_at, v.id) > (${after.startsAt}::timestamptz, ${after.id}::int)` : sql``}
      order by v.starts_at, v.id
      limit ${size}`),
  );
  return rows.map((r) => ({
    key: { startsAt: String(r.start_key), id: int(r.id) },
    row: [int(r.id), r.studio_slug, r.day, r.time, r.provider, r.service, int(r.patient_id), `${r.first_name} ${r.last_name}`.trim(), r.channel, r.source, r.status, r.booked_day, r.cancelled_at],
  }));
}

/** New patients: a patient row's first visit that was not cancelled, in the range; by channel and by source. */
async function newPatients(db: Db, scope: ReportScope, range: DayRange) {
  const rows = rowsOf<{ channel: string; source: string; n: number }>(
    await db.execute(sql`select v.channel, ${SOURCE} as source, count(*)::int as n
      from (${visitsOf(scope, range)}) v
      where ${IS_FIRST_VISIT}
      group by 1, 2`),
  );
  const sum = (pick: (r: { channel: string; source: string }) => string, keys: string[]) =>
    keys.map((key) => ({ key, count: rows.filter((r) => pick(r) === key).reduce((a, r) => a + int(r.n), 0) }));
  return {
    total: rows.reduce((a, r) => a + int(r.n), 0),
    byChannel: sum((r) => r.channel, ["online", "phone", "waitlist"]),
    bySource: sum((r) => r.source, ["referral", "none"]),
  };
}

/** Lead time: local days from booking to visit, of the range's visits not cancelled. */
async function leadTime(db: Db, scope: ReportScope) {
  const rows = rowsOf<{ days: number; n: number }>(
    await db.execute(sql`select ((v.starts_at at time zone v.tz)::date - (v.created_at at time zone v.tz)::date)::int as days, count(*)::int as n
      from (${visitsOf(scope, scope.range)}) v where v.status <> 'CANCELLED' group by 1`),
  );
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(Math.max(0, int(r.days)), (counts.get(Math.max(0, int(r.days))) ?? 0) + int(r.n));
  const buckets = LEAD_BUCKETS.map((b) => ({ key: b.label, count: 0 }));
  for (const [days, n] of counts) buckets[leadBucketOf(days)]!.count += n;
  return { median: medianOfCounts(counts), buckets };
}

/** Busy hours: visits not cancelled by local weekday (0 = Sunday) and hour. */
async function busyHours(db: Db, scope: ReportScope) {
  const rows = rowsOf<{ dow: number; hour: number; n: number }>(
    await db.execute(sql`select extract(dow from v.local_start)::int as dow, extract(hour from v.local_start)::int as hour, count(*)::int as n
      from (${visitsOf(scope, scope.range)}) v where v.status <> 'CANCELLED' group by 1, 2`),
  );
  return rows.map((r) => ({ weekday: int(r.dow), hour: int(r.hour), count: int(r.n) }));
}

export type Recall = { due: number; reminded: number; rebooked: number };

/**
 * Recall (decision 082), from the visit rows and the recall job's notices (`recall_notices`, decision 025): each
 * patient row and recall service whose due date — the last completed visit's local day plus the service's months,
 * as the recall job counts it — falls in the range (a completed visit followed by another completed one before its
 * due date is not due); reminded = a notice of that due date was sent; rebooked = a visit of that service (not
 * cancelled, any studio) was booked within RECALL_REBOOK_DAYS of the first notice sent.
 */
async function recall(db: Db, scope: ReportScope, now: Date): Promise<Recall> {
  const services = rowsOf<{ code: string; months: number }>(await db.execute(sql`select code, recall_months as months from services where recall_months is not null`));
  if (!services.length) return { due: 0, reminded: 0, rebooked: 0 };
  const { range } = scope;
  // Each service's completed visits whose due date can fall in the range: a day wider each side, and the end of a
  // month (31 August + 6 months is 28 February) a few days more — then narrowed on the due date itself.
  const windows = sql.join(
    services.map(
      (s) => sql`(a.service_type = ${s.code}
        and a.starts_at >= (${range.from}::date - make_interval(months => ${int(s.months)}::int, days => 5))::timestamp at time zone 'UTC'
        and a.starts_at < (${range.to}::date - make_interval(months => ${int(s.months)}::int) + make_interval(days => 2))::timestamp at time zone 'UTC')`,
    ),
    sql` or `,
  );
  const at = sql`${now.toISOString()}::timestamptz`;
  // Done as the recall job counts it: completed, or confirmed and over (the desk may never mark it).
  const done = (t: "a" | "n") => sql`(${sql.raw(t)}.status = 'COMPLETED' or (${sql.raw(t)}.status = 'CONFIRMED' and ${sql.raw(t)}.ends_at <= ${at}))`;
  const [row] = rowsOf<{ due: number; reminded: number; rebooked: number }>(
    await db.execute(sql`with due as (
        select a.patient_id, a.service_type, d.due_on, sc.tz
        from appointments a
        join ${scopeTable(scope)} on sc.slug = a.studio_slug
        join services s on s.code = a.service_type
        cross join lateral (select ((a.starts_at at time zone sc.tz)::date + make_interval(months => s.recall_months::int))::date as due_on) d
        where (${windows}) and ${done("a")}
          and d.due_on between ${range.from}::date and ${range.to}::date
          ${scope.providerId ? sql`and a.provider_id = ${scope.providerId}` : sql``}
          and not exists (select 1 from appointments n where n.patient_id = a.patient_id and n.service_type = a.service_type
            and ${done("n")} and n.starts_at > a.starts_at and n.starts_at < (d.due_on::timestamp at time zone sc.tz))
      ),
      reminded as (
        select due.*, (select min(r.sent_at) from recall_notices r
          where r.patient_id = due.patient_id and r.service_code = due.service_type and r.due_on = due.due_on and r.sent_at is not null) as first_sent
        from (select distinct patient_id, service_type, due_on, tz from due) due
      )
      select count(*)::int as due, count(first_sent)::int as reminded,
        count(*) filter (where exists (select 1 from appointments b where b.patient_id = reminded.patient_id and b.service_type = reminded.service_type
          and b.status <> 'CANCELLED' and b.created_at >= reminded.first_sent
          and b.created_at < reminded.first_sent + make_interval(days => ${RECALL_REBOOK_DAYS}::int)))::int as rebooked
      from reminded`),
  );
  return { due: int(row?.due), reminded: int(row?.reminded), rebooked: int(row?.rebooked) };
}

/** Late-cancel fees of the range's visits: amounts by state, and refunded. */
async function fees(db: Db, scope: ReportScope) {
  const rows = rowsOf<{ status: string; n: number; cents: number; refunded: number }>(
    await db.execute(sql`select f.status, count(*)::int as n, sum(f.amount_cents)::int as cents, sum(f.refunded_cents)::int as refunded
      from visit_fees f join (${visitsOf(scope, scope.range)}) v on v.id = f.appointment_id group by 1`),
  );
  const of = (status: string) => rows.find((r) => r.status === status);
  return {
    charged: { count: rows.reduce((a, r) => a + int(r.n), 0), cents: rows.reduce((a, r) => a + int(r.cents), 0) },
    paid: { count: int(of("paid")?.n), cents: int(of("paid")?.cents) },
    failed: { count: int(of("failed")?.n), cents: int(of("failed")?.cents) },
    pending: { count: int(of("due")?.n) + int(of("charging")?.n), cents: int(of("due")?.cents) + int(of("charging")?.cents) },
    refundedCents: rows.reduce((a, r) => a + int(r.refunded), 0),
  };
}

/** Every figure of a scope (and the headline figures of the previous period when asked). */
export async function reportFigures(scope: ReportScope, now = new Date()) {
  const db = await getDb();
  const chair = await chairUse(db, scope);
  const byProvider = new Map<number, { provider: string; studioSlug: string; booked: number; open: number }>();
  const byDay = new Map<string, { booked: number; open: number }>();
  for (const r of chair) {
    const p = byProvider.get(r.providerId) ?? { provider: r.provider, studioSlug: r.studioSlug, booked: 0, open: 0 };
    p.booked += r.bookedMinutes;
    p.open += r.openMinutes;
    byProvider.set(r.providerId, p);
    const d = byDay.get(r.day) ?? { booked: 0, open: 0 };
    d.booked += r.bookedMinutes;
    d.open += r.openMinutes;
    byDay.set(r.day, d);
  }
  const totalBooked = chair.reduce((a, r) => a + r.bookedMinutes, 0);
  const totalOpen = chair.reduce((a, r) => a + r.openMinutes, 0);
  return {
    range: scope.range,
    previousRange: scope.previous,
    outcomes: await outcomes(db, scope, scope.range),
    previousOutcomes: scope.previous ? await outcomes(db, scope, scope.previous) : null,
    chairUse: {
      rate: percent(totalBooked, totalOpen),
      bookedMinutes: totalBooked,
      openMinutes: totalOpen,
      byProvider: [...byProvider.entries()].map(([id, p]) => ({ providerId: id, ...p, rate: percent(p.booked, p.open) })),
      byDay: [...byDay.entries()].map(([day, d]) => ({ day, ...d, rate: percent(d.booked, d.open) })),
    },
    notRebooked: await notRebooked(db, scope, now, 200),
    recall: await recall(db, scope, now),
    newPatients: await newPatients(db, scope, scope.range),
    previousNewPatients: scope.previous ? (await newPatients(db, scope, scope.previous)).total : null,
    leadTime: await leadTime(db, scope),
    busyHours: await busyHours(db, scope),
    fees: await fees(db, scope),
  };
}



/** Viewing a report names patients (the recapture list): one audit line per view, with its scope. */
export async function auditReportView(user: StaffUser, scope: ReportScope, what: string, table?: string) {
  const db = await getDb();
  await appendAudit(db, {
    actor: "staff",
    staff: { id: user.id, email: user.email },
    action: what,
    studioSlug: scope.studios.length === 1 ? scope.studios[0]!.slug : null,
    note: `${table ? `${table} ` : ""}${scope.range.from}–${scope.range.to}${scope.studios.length > 1 ? ` (${scope.studios.length} studios)` : ""}${scope.providerId ? ` provider ${scope.providerId}` : ""}`,
  });
}

/** The tables a CSV can hold, each a header row and its rows; the recapture list streams from the database in pages. */
export const CSV_TABLES = ["outcomes", "chair-use", "not-rebooked", "new-patients", "lead-time", "busy-hours", "recall", "fees", "visits-no-shows", "visits-late-cancels", "visits-new-patients"] as const;
export type CsvTable = (typeof CSV_TABLES)[number];
/** The CSVs that name patients: audited as an export (`report.export`) with the table's name. */
const NAMES_PATIENTS: readonly CsvTable[] = ["not-rebooked", "visits-no-shows", "visits-late-cancels", "visits-new-patients"];

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * The rows of one table as the page shows them (header first). The lists that can be long (the recapture list, the
 * visits behind a figure) are read in keyset pages of `pageSize` as the stream asks for rows.
 */
export async function* csvRows(table: CsvTable, scope: ReportScope, now = new Date(), pageSize = EXPORT_PAGE_ROWS): AsyncGenerator<(string | number | null)[]> {
  const db = await getDb();
  if (table === "outcomes") {
    const o = await outcomes(db, scope, scope.range);
    yield ["from", "to", "visits_booked", "visits_not_cancelled", "no_shows", "no_show_rate_percent", "cancels", "late_cancels", "late_cancel_rate_percent"];
    yield [scope.range.from, scope.range.to, o.booked, o.kept, o.noShows, o.noShowRate, o.cancels, o.lateCancels, o.lateCancelRate];
    if (scope.previous) {
      const p = await outcomes(db, scope, scope.previous);
      yield [scope.previous.from, scope.previous.to, p.booked, p.kept, p.noShows, p.noShowRate, p.cancels, p.lateCancels, p.lateCancelRate];
    }
  } else if (table === "chair-use") {
    yield ["studio", "provider", "day", "booked_minutes", "open_minutes", "chair_use_percent"];
    for (const r of await chairUse(db, scope)) yield [r.studioSlug, r.provider, r.day, r.bookedMinutes, r.openMinutes, percent(r.bookedMinutes, r.openMinutes)];
  } else if (table === "not-rebooked") {
    yield ["patient_id", "patient", "studio", "cancelled_visit_day", "service"];
    const pages = keysetPages((after: number | null, size) => notRebooked(db, scope, now, size, after), (r) => r.patientId, pageSize);
    for await (const r of pages) yield [r.patientId, r.name, r.studioSlug, r.visitDay, r.service];
  } else if (table.startsWith("visits-")) {
    const list = table.slice("visits-".length) as VisitList;
    yield VISIT_LIST_HEADER;
    for await (const v of keysetPages((after: ListedVisit["key"] | null, size) => visitList(db, scope, list, after, size), (v) => v.key, pageSize)) yield v.row;
  } else if (table === "recall") {
    const r = await recall(db, scope, now);
    yield ["stage", "patients", "percent_of_due"];
    yield ["due", r.due, percent(r.due, r.due)];
    yield ["reminded", r.reminded, percent(r.reminded, r.due)];
    yield [`rebooked_within_${RECALL_REBOOK_DAYS}_days`, r.rebooked, percent(r.rebooked, r.due)];
  } else if (table === "new-patients") {
    const n = await newPatients(db, scope, scope.range);
    yield ["by", "value", "new_patients"];
    for (const c of n.byChannel) yield ["channel", c.key, c.count];
    for (const c of n.bySource) yield ["source", c.key, c.count];
  } else if (table === "lead-time") {
    const l = await leadTime(db, scope);
    yield ["days_ahead", "visits"];
    for (const b of l.buckets) yield [b.key, b.count];
    yield ["median_days", l.median];
  } else if (table === "busy-hours") {
    yield ["weekday", "hour", "visits"];
    const cells = await busyHours(db, scope);
    for (const c of cells.sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)) yield [WEEKDAYS[c.weekday]!, c.hour, c.count];
  } else {
    const f = await fees(db, scope);
    yield ["state", "fees", "amount_usd"];
    yield ["charged", f.charged.count, (f.charged.cents / 100).toFixed(2)];
    yield ["paid", f.paid.count, (f.paid.cents / 100).toFixed(2)];
    yield ["failed", f.failed.count, (f.failed.cents / 100).toFixed(2)];
    yield ["pending", f.pending.count, (f.pending.cents / 100).toFixed(2)];
    yield ["refunded", "", (f.refundedCents / 100).toFixed(2)];
  }
}

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused (spreadsheets). */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV table as a stream: UTF-8, a header row, CRLF lines, written as the rows come. */
export function csvStream(rows: AsyncGenerator<(string | number | null)[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`${next.value.map(csvField).join(",")}\r\n`));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}

/** The page's loader: the figures of the query's scope, audited; or the form's messages (400). */
export async function reportsPage(user: StaffUser, url: URL, now = new Date()) {
  if (!mayReadReports(user)) throw new Response("Not found", { status: 404 });
  const query = await readReportQuery(user, url.searchParams, now);
  const base = { values: query.values, options: query.options, definitions: FIGURE_DEFINITIONS, isAdmin: user.role === "admin" };
  if (!query.ok) return { status: 400, data: { ...base, errors: query.errors, figures: null, csvQuery: "" } };
  const figures = await reportFigures(query.scope, now);
  await auditReportView(user, query.scope, "report.view");
  const keep = new URLSearchParams();
  keep.set("range", "custom");
  keep.set("from", query.scope.range.from);
  keep.set("to", query.scope.range.to);
  if (query.values.studio) keep.set("studio", query.values.studio);
  if (query.values.provider) keep.set("provider", query.values.provider);
  if (query.values.compare) keep.set("compare", "1");
  return { status: 200, data: { ...base, errors: {} as Record<string, string>, figures, csvQuery: keep.toString() } };
}

/** The CSV route's work: the same scope rules as the page (404 outside them), audited when it names patients. */
export async function reportCsv(user: StaffUser, url: URL, now = new Date()): Promise<Response> {
  if (!mayReadReports(user)) throw new Response("Not found", { status: 404 });
  const table = url.searchParams.get("table") ?? "";
  if (!(CSV_TABLES as readonly string[]).includes(table)) throw new Response("Not found", { status: 404 });
  const query = await readReportQuery(user, url.searchParams, now);
  if (!query.ok) return new Response(Object.values(query.errors).join("\n"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (NAMES_PATIENTS.includes(table as CsvTable)) await auditReportView(user, query.scope, "report.export", table);
  const name = `${table}-${query.scope.range.from}-${query.scope.range.to}.csv`;
  return new Response(csvStream(csvRows(table as CsvTable, query.scope, now)), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "private, no-store" },
  });
}
