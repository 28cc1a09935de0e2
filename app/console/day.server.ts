/**
 * A studio's day for the front desk (issue 18 B): every visit by provider and time in the studio's zone, with
 * what the desk needs at a glance — new or returning, intake, insurance, the late-cancel fee recorded — and the
 * visits a closure or a provider's time off now stands over ("to move": never deleted, the studio decides).
 * Three queries whatever the number of visits.
 */
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, intakes, patients, providers, providerTimeOff, services, studioClosures } from "~/db/schema";
import { formatUsd } from "~/rules/currency";
import { CARRIERS } from "~/rules/insurance";
import { requiresIntake } from "~/rules/intake";
import { appointmentNeedsInsurance } from "~/rules/needs-insurance";
import { addDays, formatLocalDate, formatLocalTime, localMidnight } from "~/rules/zoned-time";

export type VisitStatus = "booked" | "arrived" | "completed" | "no_show" | "cancelled";
export const STATUS_LABELS: Record<VisitStatus, string> = { booked: "Booked", arrived: "Arrived", completed: "Completed", no_show: "No-show", cancelled: "Cancelled" };

export function visitStatus(row: { status: string; arrivedAt: Date | null }): VisitStatus {
  if (row.status === "CANCELLED") return "cancelled";
  if (row.status === "COMPLETED") return "completed";
  if (row.status === "NO_SHOW") return "no_show";
  return row.arrivedAt ? "arrived" : "booked";
}

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

export const isDayKey = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

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
      })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .innerJoin(providers, eq(providers.id, appointments.providerId))
      .innerJoin(services, eq(services.code, appointments.serviceType))
      .leftJoin(intakes, eq(intakes.appointmentId, appointments.id))
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
  const visits = rows.map((row) => {
    const status = visitStatus(row);
    const live = status === "booked" || status === "arrived";
    const off = timeOff.some((t) => t.providerId === row.providerId && t.startsAt < row.endsAt && t.endsAt > row.startsAt);
    const needed = requiresIntake(row.serviceType) || appointmentNeedsInsurance({ needsInsurance: row.needsInsurance, serviceType: row.serviceType, preferences: row.preferences });
    return {
      id: row.id,
      time: formatLocalTime(row.startsAt, studio.tz),
      endTime: formatLocalTime(row.endsAt, studio.tz),
      provider: { id: row.providerId, name: row.providerName, role: row.providerRole },
      service: row.serviceName,
      patient: `${row.firstName} ${row.lastName}`.trim() || "(no name)",
      returning: Boolean(row.returning),
      intake: intakeState(needed, row.intakeStatus),
      insurance: insuranceStatus(row.details as Details, row.planCheck as PlanCheck),
      status,
      statusLabel: STATUS_LABELS[status],
      fee: row.lateCancelFeeCents ? formatUsd(row.lateCancelFeeCents) : null,
      toMove: live && (closed !== null || off) ? (closed ? `Studio closed${closed.reason ? `: ${closed.reason}` : ""}` : "Provider off") : null,
    };
  });
  const byProvider: { provider: (typeof visits)[number]["provider"]; visits: typeof visits }[] = [];
  for (const visit of visits) {
    const last = byProvider.at(-1);
    if (last?.provider.id === visit.provider.id) last.visits.push(visit);
    else byProvider.push({ provider: visit.provider, visits: [visit] });
  }
  return {
    day,
    label: formatLocalDate(new Date(from.getTime() + 12 * 3600_000), studio.tz),
    previous: addDays(day, -1),
    next: addDays(day, 1),
    closed: closed ? { reason: closed.reason } : null,
    byProvider,
    toMove: visits.filter((v) => v.toMove),
    counts: { total: visits.length, live: visits.filter((v) => v.status !== "cancelled").length },
  };
}
