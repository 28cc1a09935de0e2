/**
 * A patient account's own records (issue 10): the patient record its verified email made, and its visits.
 * Shared by the patient area and booking (a logged-in booking is pre-filled from the record).
 */
import { and, desc, eq, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, patients, services, studios } from "~/db/schema";
import { studioTimezone } from "~/rules/timezones";
import { isVisitTokenShape } from "./book.server";

export type PatientRecord = typeof patients.$inferSelect;

/** The account's patient record: the newest one linked to it (an email change leaves the old one linked too). */
export async function accountPatient(db: Pick<Db, "select">, personId: number): Promise<PatientRecord | null> {
  const [row] = await db.select().from(patients).where(and(eq(patients.personId, personId), isNull(patients.familyOfPersonId))).orderBy(desc(patients.createdAt), desc(patients.id)).limit(1);
  return row ?? null;
}

export type AccountVisit = {
  id: number;
  patientId: number;
  token: string;
  startsAt: Date;
  endsAt: Date;
  status: "CONFIRMED" | "CANCELLED" | "COMPLETED" | "NO_SHOW";
  serviceCode: string;
  serviceName: string;
  serviceCategory: string;
  studioSlug: string;
  studioName: string;
  tz: string;
  isVirtual: boolean;
  needsInsurance: boolean;
  details: Record<string, unknown>;
};

/** Every visit of every patient record linked to the account, latest first (its family members' are not). */
export const accountVisits = (db: Pick<Db, "select">, personId: number) => visitsWhere(db, eq(patients.personId, personId));

/** Every visit of the account's family members, removed members' too, latest first (issue 20 A). */
export const familyVisits = (db: Pick<Db, "select">, personId: number) => visitsWhere(db, eq(patients.familyOfPersonId, personId));

async function visitsWhere(db: Pick<Db, "select">, where: SQL): Promise<AccountVisit[]> {
  const rows = await db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      token: appointments.token,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
      serviceCode: services.code,
      serviceName: services.name,
      serviceCategory: services.category,
      studioSlug: studios.slug,
      studioName: studios.name,
      studioTimezone: studios.timezone,
      isVirtual: studios.isVirtual,
      needsInsurance: appointments.needsInsurance,
      details: appointments.details,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(services, eq(services.code, appointments.serviceType))
    .innerJoin(studios, eq(studios.slug, appointments.studioSlug))
    .where(where)
    .orderBy(desc(appointments.startsAt));
  return rows.map(({ studioTimezone: zone, ...row }) => ({ ...row, tz: studioTimezone(row.studioSlug, zone) }));
}

/** Upcoming = confirmed and not yet started; everything else is history (past, cancelled, completed). */
export function splitVisits(visits: AccountVisit[], now: Date) {
  const upcoming = visits.filter((v) => v.status === "CONFIRMED" && v.startsAt > now).reverse(); // soonest first
  const past = visits.filter((v) => !upcoming.includes(v));
  return { upcoming, past };
}

/** Whether a patient row is the account's: its own record, or one of its family members' (issue 20 A). */
export const managedBy = (personId: number) => or(eq(patients.personId, personId), eq(patients.familyOfPersonId, personId));

/**
 * The visit with this token if the account manages it — its own, or a family member's (removed members' too:
 * their history stays) — else null (the caller answers 404 either way).
 */
export async function visitOfAccount(db: Pick<Db, "select">, token: string, personId: number) {
  if (!isVisitTokenShape(token)) return null;
  const [row] = await db
    .select({ appointment: appointments })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(and(eq(appointments.token, token), managedBy(personId)));
  return row?.appointment ?? null;
}
