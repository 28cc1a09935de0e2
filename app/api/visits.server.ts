/**
 * The read API's visits (issue 30 C, decision 033): one visit, or a studio's visits between two instants, with
 * the patient's contact details — for the key's studios only (anything else is the same "not found" as an
 * unknown id). Every visit returned is one audit line (actor "api", the key named), like a staff read.
 */
import { and, asc, eq, gt, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import type { Db } from "~/db/client.server";
import { appointments, patients, services, studios, visitSeries } from "~/db/schema";
import { appendAudits } from "~/platform/audit.server";
import { studioTimezone } from "~/rules/timezones";
import { isDayKey, isoWithOffset, localMidnight } from "~/rules/zoned-time";
import { visitStatus } from "~/scheduling/visit-events.server";
import type { ApiKey } from "./keys.server";

export const PAGE_MAX = 100;
const SPAN_MAX_DAYS = 92;

const row = {
  id: appointments.id,
  studioSlug: appointments.studioSlug,
  studioTz: studios.timezone,
  serviceCode: appointments.serviceType,
  serviceName: services.name,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  status: appointments.status,
  arrivedAt: appointments.arrivedAt,
  channel: appointments.channel,
  createdAt: appointments.createdAt,
  cancelledAt: appointments.cancelledAt,
  firstName: patients.firstName,
  lastName: patients.lastName,
  email: patients.email,
  phone: patients.phone,
  closedAt: patients.closedAt,
  seriesId: appointments.seriesId,
  seriesPosition: appointments.seriesPosition,
  seriesCount: visitSeries.occurrences,
};

function visitJson(r: Row) {
  const tz = studioTimezone(r.studioSlug, r.studioTz);
  return {
    id: String(r.id),
    studio: r.studioSlug,
    service: r.serviceCode,
    serviceName: r.serviceName,
    start: isoWithOffset(r.startsAt, tz),
    end: isoWithOffset(r.endsAt, tz),
    timezone: tz,
    status: visitStatus(r),
    channel: r.channel,
    bookedAt: r.createdAt.toISOString(),
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    // Its place in a series (issue 39, decision 081), or null for a single visit.
    series: r.seriesId !== null && r.seriesPosition !== null && r.seriesCount !== null ? { id: String(r.seriesId), position: r.seriesPosition, count: r.seriesCount } : null,
    // A closed account (decision 078): said, with no personal data.
    patient: r.closedAt ? { firstName: "", lastName: "", email: "", phone: "", accountClosed: true } : { firstName: r.firstName, lastName: r.lastName, email: r.email, phone: r.phone, accountClosed: false },
  };
}
export type ApiVisit = ReturnType<typeof visitJson>;
type Row = Awaited<ReturnType<typeof select>>[number];

function select(db: Db, where: SQL | undefined) {
  return db
    .select(row)
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(studios, eq(studios.slug, appointments.studioSlug))
    .innerJoin(services, eq(services.code, appointments.serviceType))
    .leftJoin(visitSeries, eq(visitSeries.id, appointments.seriesId))
    .where(where);
}

/** One audit line per visit read, in one insert. */
function audit(db: Db, key: ApiKey, rows: Row[], now: Date) {
  return appendAudits(
    db,
    rows.map((r) => ({ actor: "api" as const, action: "api.visit_read", studioSlug: r.studioSlug, appointmentId: r.id, note: `API key #${key.id} (${key.name})`, after: { apiKeyId: key.id }, at: now })),
  );
}

/** The visit if it is at one of the key's studios, else null (unknown and out of scope alike). */
export async function readVisit(db: Db, key: ApiKey, rawId: string, now = new Date()): Promise<ApiVisit | null> {
  if (!/^\d{1,9}$/.test(rawId)) return null;
  const [found] = await select(db, and(eq(appointments.id, Number(rawId)), inArray(appointments.studioSlug, key.studios)));
  if (!found) return null;
  await audit(db, key, [found], now);
  return visitJson(found);
}

const cursorShape = /^[A-Za-z0-9_-]{1,64}$/;
const encodeCursor = (r: Pick<Row, "startsAt" | "id">) => Buffer.from(`v1.${r.startsAt.getTime()}.${r.id}`).toString("base64url");
function decodeCursor(cursor: string): { startsAt: Date; id: number } | null {
  const match = /^v1\.(\d{1,15})\.(\d{1,9})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  return match ? { startsAt: new Date(Number(match[1])), id: Number(match[2]) } : null;
}

const instantSchema = z.iso.datetime({ offset: true });
/** An instant with its offset, or a date alone: that day's midnight at the studio (resolved by `listVisits`). */
const instantOrDay = (name: string) =>
  z
    .string(`${name} is required`)
    .max(40)
    // zod's offset check takes +25:00, which no clock has (Date.parse: NaN, a 500 the property test found).
    .refine((s) => isDayKey(s) || (instantSchema.safeParse(s).success && !Number.isNaN(Date.parse(s))), "a date-time with its offset (2027-03-01T09:00:00-05:00) or a date (2027-03-01: midnight at the studio)");
export const listQuerySchema = z.object({
  studio: z.string("studio is required").regex(/^[a-z0-9-]{1,60}$/, "studio must be a studio slug"),
  from: instantOrDay("from"),
  to: instantOrDay("to"),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_MAX),
  // Empty is no cursor (the first page); any other value is checked against what this API gives.
  cursor: z
    .string()
    .max(200)
    .optional()
    .transform((c) => c || undefined),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export type ListOutcome = { ok: true; data: ApiVisit[]; nextCursor: string | null } | { ok: false; code: "not_found" } | { ok: false; code: "bad_request"; message: string };

/** A page of a studio's visits starting in [from, to), by start then id; `nextCursor` while more follow. */
export async function listVisits(db: Db, key: ApiKey, q: ListQuery, now = new Date()): Promise<ListOutcome> {
  if (!key.studios.includes(q.studio)) return { ok: false, code: "not_found" };
  const [found] = await db.select({ timezone: studios.timezone }).from(studios).where(eq(studios.slug, q.studio));
  const tz = studioTimezone(q.studio, found?.timezone ?? null);
  const at = (value: string) => (isDayKey(value) ? localMidnight(value, tz) : new Date(value));
  const [from, to] = [at(q.from), at(q.to)];
  if (to < from) return { ok: false, code: "bad_request", message: "to must not be before from" };
  if (to.getTime() - from.getTime() > SPAN_MAX_DAYS * 86400_000) return { ok: false, code: "bad_request", message: `to: from and to at most ${SPAN_MAX_DAYS} days apart` };
  const after = q.cursor && cursorShape.test(q.cursor) ? decodeCursor(q.cursor) : null;
  if (q.cursor && !after) return { ok: false, code: "bad_request", message: "cursor: not one this API gave (a nextCursor, or none for the first page)" };
  const rows = await select(
    db,
    and(
      eq(appointments.studioSlug, q.studio),
      gte(appointments.startsAt, from),
      lt(appointments.startsAt, to),
      after ? or(gt(appointments.startsAt, after.startsAt), and(eq(appointments.startsAt, after.startsAt), gt(appointments.id, after.id))) : undefined,
    ),
  )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  await audit(db, key, page, now);
  return { ok: true, data: page.map(visitJson), nextCursor: rows.length > q.limit ? encodeCursor(page.at(-1)!) : null };
}
