/**
 * A studio's day for the front desk (issue 18 B): every visit by provider and time in the studio's zone, with
 * what the desk needs at a glance — new or returning, intake, insurance, the late-cancel fee recorded — and the
 * visits a closure or a provider's time off now stands over ("to move": never deleted, the studio decides).
 * Four queries whatever the number of visits.
 */
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { getBookableStudio } from "~/scheduling/catalogue.server";
import { freeTimesOfDay } from "./desk.server";
import { appointments, cardRequests, intakes, patients, providers, providerTimeOff, services, staff, studioClosures } from "~/db/schema";
import { formatUsd } from "~/rules/currency";
import { CARRIERS } from "~/rules/insurance";
import { requiresIntake } from "~/rules/intake";
import { appointmentNeedsInsurance } from "~/rules/needs-insurance";
import { addDays, formatLocalDate, formatLocalTime, isDayKey, localMidnight } from "~/rules/zoned-time";
import { type VisitStatus, visitStatus } from "~/scheduling/visit-events.server";
import { confirmedByText } from "~/sms/inbound.server";
import { viewerStudio } from "./scope.server";
import type { StaffUser } from "./staff.server";

export { visitStatus, type VisitStatus };
export const STATUS_LABELS: Record<VisitStatus, string> = { booked: "Booked", arrived: "Arrived", completed: "Completed", no_show: "No-show", cancelled: "Cancelled" };

/** The status tag's class on the day page (the tones of ui/console.tsx's Tag). */
const STATUS_CLASS: Record<VisitStatus, string> = { booked: "tag", arrived: "tag tag-good", completed: "tag tag-good", no_show: "tag tag-bad", cancelled: "tag tag-warn" };

type Details = { insurance?: { kind?: string; carrier?: string; memberId?: string } };
type PlanCheck = { outcome: "accepted" | "not_accepted" | "unavailable" } | null;

/** The insurance column: what the patient said, and what the plan check found (not an eligibility check). */
export function insuranceStatus(details: Details, planCheck: PlanCheck): string {
  const insurance = details.insurance;
  if (insurance?.kind === "self-pay") return "Self-pay";
  if (insurance?.kind !== "carrier") return "Not given";
  const carrier = CARRIERS.find((c) => c.value === insurance.carrier)?.label ?? "Other plan";
  if (planCheck?.outcome === "accepted") return `${carrier}: plan accepted`;
  if (planCheck?.outcome === "not_accepted") return `${carrier}: plan not accepted`;
  return insurance.memberId ? `${carrier}: to check` : `${carrier}: no member ID`;
}

export function intakeState(needed: boolean, status: "IN_PROGRESS" | "COMPLETE" | null): string {
  if (!needed) return "Not needed";
  if (status === "COMPLETE") return "Complete";
  return status === "IN_PROGRESS" ? "Started" : "Not started";
}


export const CHANNEL_LABELS: Record<"online" | "phone" | "waitlist", string> = { online: "Online", phone: "Phone", waitlist: "Waitlist" };

/** "Online", "Phone, desk@studio.example" — how a visit was booked and by whom (the day view and the visit page). */
export const bookedLabel = (channel: "online" | "phone" | "waitlist", by: string | null) => (by ? `${CHANNEL_LABELS[channel]}, ${by}` : CHANNEL_LABELS[channel]);

export async function studioDay(db: Db, studio: { slug: string; tz: string }, day: string) {
  const from = localMidnight(day, studio.tz);
  const to = localMidnight(addDays(day, 1), studio.tz);
  const earlier = db
    .select({ one: sql`1` })
    .from(sql`appointments as earlier`)
    .where(sql`earlier.patient_id = ${appointments.patientId} and earlier.starts_at < ${appointments.startsAt} and earlier.status <> 'CANCELLED'`);
  const [rows, closure, timeOff] = await Promise.all([
    db
      .select({
        id: appointments.id,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        status: appointments.status,
        arrivedAt: appointments.arrivedAt,
        needsInsurance: appointments.needsInsurance,
        serviceType: appointments.serviceType,
        details: appointments.details,
        lateCancelFeeCents: appointments.lateCancelFeeCents,
        providerId: appointments.providerId,
        providerName: providers.name,
        providerRole: providers.role,
        serviceName: services.name,
        firstName: patients.firstName,
        lastName: patients.lastName,
        preferences: patients.preferences,
        intakeStatus: intakes.status,
        planCheck: intakes.planCheck,
        returning: sql<boolean>`exists (${earlier})`,
        channel: appointments.channel,
        bookedBy: staff.email,
        squeezeReason: appointments.squeezeReason,
        cardRequestedAt: cardRequests.requestedAt,
        cardAddedAt: cardRequests.cardAddedAt,
      })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .innerJoin(providers, eq(providers.id, appointments.providerId))
      .innerJoin(services, eq(services.code, appointments.serviceType))
      .leftJoin(intakes, eq(intakes.appointmentId, appointments.id))
      .leftJoin(staff, eq(staff.id, appointments.bookedByStaffId))
      .leftJoin(cardRequests, eq(cardRequests.appointmentId, appointments.id))
      .where(and(eq(appointments.studioSlug, studio.slug), lt(appointments.startsAt, to), gt(appointments.endsAt, from)))
      .orderBy(asc(providers.name), asc(appointments.startsAt)),
    db.select({ reason: studioClosures.reason }).from(studioClosures).where(and(eq(studioClosures.studioSlug, studio.slug), eq(studioClosures.day, day))),
    db
      .select({ providerId: providerTimeOff.providerId, startsAt: providerTimeOff.startsAt, endsAt: providerTimeOff.endsAt })
      .from(providerTimeOff)
      .innerJoin(providers, eq(providers.id, providerTimeOff.providerId))
      .where(and(eq(providers.studioSlug, studio.slug), lt(providerTimeOff.startsAt, to), gt(providerTimeOff.endsAt, from))),
  ]);
  const closed = closure[0] ?? null;
  // The patient's "C" by text, for the visit's current start (a move unconfirms it).
  const byText = await confirmedByText(db, rows.map((r) => r.id));
  // The rows' strings are made here, once, so that the page draws each row as plain cells (bench/console-day.ts):
  // many visits share a start or end time, and a service its intake rule, so those are worked out once per value.
  const times = new Map<number, string>();
  const timeOf = (at: Date) => {
    let text = times.get(at.getTime());
    if (text === undefined) times.set(at.getTime(), (text = formatLocalTime(at, studio.tz)));
    return text;
  };
  type Row = (typeof rows)[number];
  const toMove: { id: number; href: string; time: string; patient: string; provider: string; reason: string }[] = [];
  const visitOf = (row: Row) => {
    const status = visitStatus(row);
    const live = status === "booked" || status === "arrived";
    const off = timeOff.length > 0 && timeOff.some((t) => t.providerId === row.providerId && t.startsAt < row.endsAt && t.endsAt > row.startsAt);
    const needed = requiresIntake(row.serviceType) || appointmentNeedsInsurance({ needsInsurance: row.needsInsurance, serviceType: row.serviceType, preferences: row.preferences });
    const time = timeOf(row.startsAt);
    const moveReason = live && (closed !== null || off) ? (closed ? `Studio closed${closed.reason ? `: ${closed.reason}` : ""}` : "Provider off") : null;
    const fee = row.lateCancelFeeCents ? formatUsd(row.lateCancelFeeCents) : null;
    return {
      id: row.id,
      href: `/staff/visits/${row.id}`,
      time,
      when: `${time}–${timeOf(row.endsAt)}`,
      service: row.serviceName,
      patient: `${row.firstName} ${row.lastName}`.trim() || "(no name)",
      /** "New" is a tag (the desk greets a new patient differently); "Returning" is plain text. */
      isNew: !row.returning,
      intake: intakeState(needed, row.intakeStatus),
      insurance: insuranceStatus(row.details as Details, row.planCheck as PlanCheck),
      status,
      statusLabel: STATUS_LABELS[status],
      statusClass: STATUS_CLASS[status],
      /** What follows the status tag: the late-cancel fee recorded (the "To move" tag is drawn beside it). */
      fee: fee ? ` late-cancel fee ${fee}` : null,
      toMove: moveReason,
      /** How it was booked (issue 38 E): online, or the phone with the staff member; a squeeze-in's reason. */
      booked: bookedLabel(row.channel, row.bookedBy),
      squeeze: row.squeezeReason,
      /** The desk asked for a card by link (issue 38 C) and it has not arrived: no fee rule applies yet. */
      cardRequested: live && row.cardRequestedAt !== null && row.cardAddedAt === null,
      confirmedByText: live && byText.has(row.id),
    };
  };
  const byProvider: { provider: { id: number; name: string; role: string }; visits: ReturnType<typeof visitOf>[] }[] = [];
  let live = 0;
  for (const row of rows) {
    const visit = visitOf(row);
    if (visit.status !== "cancelled") live++;
    if (visit.toMove) toMove.push({ id: visit.id, href: visit.href, time: visit.time, patient: visit.patient, provider: row.providerName, reason: visit.toMove });
    const last = byProvider.at(-1);
    if (last?.provider.id === row.providerId) last.visits.push(visit);
    else byProvider.push({ provider: { id: row.providerId, name: row.providerName, role: row.providerRole }, visits: [visit] });
  }
  return {
    day,
    label: formatLocalDate(new Date(from.getTime() + 12 * 3600_000), studio.tz),
    previous: addDays(day, -1),
    next: addDays(day, 1),
    closed: closed ? { reason: closed.reason } : null,
    byProvider,
    toMove,
    counts: { total: rows.length, live },
  };
}

/** The day page: a studio of the viewer's (any other: 404) on a day (a malformed one: 404), and the viewer's studios. */
export async function dayPage(user: StaffUser, slug: string | undefined, day: string | undefined) {
  const studio = viewerStudio(user, slug ?? "");
  if (!day || !isDayKey(day)) throw new Response("Not found", { status: 404 });
  const db = await getDb();
  const bookable = await getBookableStudio(db, studio.slug);
  const [visits, free] = await Promise.all([studioDay(db, studio, day), bookable ? freeTimesOfDay(db, bookable, day) : Promise.resolve([] as Awaited<ReturnType<typeof freeTimesOfDay>>)]);
  return {
    studio: { slug: studio.slug, name: studio.name },
    studios: user.studios.map((s) => ({ slug: s.slug, name: s.name })),
    day: visits,
    /** Each provider's free times that day, each a link into the desk's booking (issue 38 A). */
    free,
  };
}
