/**
 * Family members (issue 20 A, decision 024): people an account holder books for and manages — children (their
 * dependants), a partner, a parent. Each is a `patients` row with `family_of_person_id` = the holder's account,
 * carrying the holder's email, so every email about their visits reaches the holder. Every read and change here
 * is scoped to the holder's account: another account's member is simply not found. Shared by the patient area
 * and booking.
 */
import { and, asc, count, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { appointments, patients, services, studios } from "~/db/schema";
import { MAX_FAMILY_MEMBERS, type Relationship } from "~/rules/family";
import { studioTimezone } from "~/rules/timezones";
import { getBookableStudio, getService } from "./catalogue.server";
import { findSlots } from "./slots.server";

export type MemberInput = { firstName: string; lastName: string; dateOfBirth: string; relationship: Relationship };

export type FamilyMember = {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  relationship: Relationship;
  removedAt: Date | null;
  preferences: (typeof patients.$inferSelect)["preferences"];
};

const memberColumns = {
  id: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  dateOfBirth: patients.dateOfBirth,
  relationship: patients.relationship,
  removedAt: patients.removedAt,
  preferences: patients.preferences,
};

const asMember = (row: { relationship: string | null } & Omit<FamilyMember, "relationship">): FamilyMember => ({ ...row, relationship: (row.relationship ?? "other") as Relationship });

/** The account's family members, oldest added first; removed ones only when asked for (their visits stay). */
export async function familyMembers(db: Pick<Db, "select">, personId: number, { withRemoved = false } = {}): Promise<FamilyMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(patients)
    .where(and(eq(patients.familyOfPersonId, personId), withRemoved ? undefined : isNull(patients.removedAt)))
    .orderBy(asc(patients.createdAt), asc(patients.id));
  return rows.map(asMember);
}

/** One of the account's members (removed too when asked for), or null — for any other account's, or no one's. */
export async function familyMember(db: Pick<Db, "select">, personId: number, id: unknown, { withRemoved = false } = {}): Promise<FamilyMember | null> {
  const memberId = typeof id === "number" ? id : /^\d{1,9}$/.test(String(id ?? "")) ? Number(id) : NaN;
  if (!Number.isSafeInteger(memberId) || memberId <= 0) return null;
  const [row] = await db
    .select(memberColumns)
    .from(patients)
    .where(and(eq(patients.id, memberId), eq(patients.familyOfPersonId, personId), withRemoved ? undefined : isNull(patients.removedAt)));
  return row ? asMember(row) : null;
}

/** Adds a member under the holder's email; null when the account already keeps the most it may. */
export async function addFamilyMember(holder: { personId: number; email: string }, input: MemberInput): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Two adds at once must not both pass the count: the holder's own family rows are counted under a lock.
    await tx.execute(sqlLockFamily(holder.personId));
    const [{ n }] = await tx
      .select({ n: count() })
      .from(patients)
      .where(and(eq(patients.familyOfPersonId, holder.personId), isNull(patients.removedAt)));
    if (n >= MAX_FAMILY_MEMBERS) return null;
    const [row] = await tx
      .insert(patients)
      .values({ ...input, email: holder.email, familyOfPersonId: holder.personId, personId: null })
      .returning({ id: patients.id });
    return row.id;
  });
}

const sqlLockFamily = (personId: number) => sql`select pg_advisory_xact_lock(hashtext('family'), ${personId})`;

/** Saves a member's names, date of birth and relationship; false when it is not one of the account's members. */
export async function updateFamilyMember(personId: number, id: number, input: MemberInput): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(patients)
    .set(input)
    .where(and(eq(patients.id, id), eq(patients.familyOfPersonId, personId), isNull(patients.removedAt)))
    .returning({ id: patients.id });
  return rows.length === 1;
}

/**
 * Removes a member from the list: their visits stay (shown to the holder, marked removed), nothing new is booked
 * for them. Refused while they have a visit ahead (cancel it first: the studio keeps that time for them).
 */
export async function removeFamilyMember(personId: number, id: number, now = new Date()): Promise<"removed" | "upcoming" | "not_found"> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, id), eq(patients.familyOfPersonId, personId), isNull(patients.removedAt)))
      .for("update");
    if (!member) return "not_found";
    const [ahead] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.patientId, id), ne(appointments.status, "CANCELLED"), gt(appointments.endsAt, now)))
      .limit(1);
    if (ahead) return "upcoming";
    await tx.update(patients).set({ removedAt: now }).where(eq(patients.id, id));
    return "removed";
  });
}

/** Whether the account keeps any family member it can book for (the booking then asks who the visit is for). */
export async function hasFamily(personId: number): Promise<boolean> {
  const [row] = await (await getDb())
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.familyOfPersonId, personId), isNull(patients.removedAt)))
    .limit(1);
  return !!row;
}

/**
 * The times offered to book a second person beside a first visit (issue 20 A): the same time when another
 * eligible provider is free then, and the first free time starting when the first visit ends (within two hours).
 * Read fresh: a second person is booked at once after. `holder` is the first visit's booking, whose own hold
 * counts as free (its provider is one of the two the same time needs; decision 021).
 */
export async function pairOffers(
  db: Db,
  visit: { studioSlug: string; serviceCode: string; startsAt: Date; holder?: string },
  now = new Date(),
): Promise<{ sameTime: Date | null; after: Date | null }> {
  const [studio, service] = await Promise.all([getBookableStudio(db, visit.studioSlug), getService(db, visit.serviceCode)]);
  if (!studio || !service) return { sameTime: null, after: null };
  const ends = new Date(visit.startsAt.getTime() + service.durationMinutes * 60_000);
  const slots = await findSlots(db, studio, service, { from: visit.startsAt, to: new Date(ends.getTime() + 2 * 3_600_000 + service.durationMinutes * 60_000), now }, { fresh: true, holder: visit.holder });
  const same = slots.find((s) => s.startsAt.getTime() === visit.startsAt.getTime());
  const after = slots.find((s) => s.startsAt.getTime() >= ends.getTime());
  return { sameTime: same && same.providerIds.length >= 2 ? same.startsAt : null, after: after?.startsAt ?? null };
}

/**
 * Two visits booked together (issue 20 A), as their account sees them: each person's name, service and time,
 * latest-booked order kept; null unless the account manages both (nobody else learns who the other one is).
 */
export async function pairedVisits(db: Pick<Db, "select">, personId: number, tokens: [string, string]) {
  const rows = await db
    .select({
      token: appointments.token,
      startsAt: appointments.startsAt,
      status: appointments.status,
      firstName: patients.firstName,
      lastName: patients.lastName,
      serviceName: services.name,
      studioSlug: studios.slug,
      studioTimezone: studios.timezone,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(services, eq(services.code, appointments.serviceType))
    .innerJoin(studios, eq(studios.slug, appointments.studioSlug))
    .where(and(inArray(appointments.token, tokens), or(eq(patients.personId, personId), eq(patients.familyOfPersonId, personId))));
  if (rows.length !== 2) return null;
  return tokens.map((token) => {
    const row = rows.find((r) => r.token === token)!;
    return { token, name: `${row.firstName} ${row.lastName}`.trim(), serviceName: row.serviceName, status: row.status, startsAt: row.startsAt, tz: studioTimezone(row.studioSlug, row.studioTimezone) };
  });
}
