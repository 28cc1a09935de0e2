/**
 * One person, one patient record (issue 38 B, decision 073): the rules that keep a caller the desk books and the
 * same person booking online from becoming two records.
 *
 * - A caller is "likely the same" as a record with the same phone (its 10 digits), the same email, or the same first
 *   and last name (any case) and date of birth: the desk is shown those before it may make a new record.
 * - A record the desk made without an email ('') is adopted by the first online booking that gives the same phone
 *   and the same first and last name (and date of birth, where both have one): the booking's email is written on
 *   it, so sign-up with that email later claims it (accounts.server.ts), and its visits appear in the account.
 */
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { patients } from "~/db/schema";
import { normalizePhone } from "~/rules/phone";

type Tx = Pick<Db, "select" | "update" | "insert">;
export type Patient = typeof patients.$inferSelect;

/** A phone's 10 digits, exactly as migration 0024's `patients_phone_digits_idx` spells it (so the index is used). */
export const phoneDigits = sql`right(regexp_replace(${patients.phone}, ${sql.raw("'\\D'")}, '', 'g'), 10)`;
const lowerEq = (column: typeof patients.firstName | typeof patients.lastName, value: string) => sql`lower(${column}) = ${value.trim().toLowerCase()}`;

export type Caller = { firstName: string; lastName: string; phone: string; dateOfBirth: string | null; email: string };

/** The records a new caller may already be (same phone, same email, or same name and date of birth), first 10. */
export async function likelyDuplicates(db: Pick<Db, "select">, caller: Caller): Promise<Patient[]> {
  const digits = normalizePhone(caller.phone);
  const email = caller.email.trim().toLowerCase();
  const same: SQL[] = [];
  if (digits) same.push(sql`${phoneDigits} = ${digits}`);
  if (email) same.push(eq(patients.email, email));
  if (caller.dateOfBirth) same.push(and(lowerEq(patients.lastName, caller.lastName), lowerEq(patients.firstName, caller.firstName), eq(patients.dateOfBirth, caller.dateOfBirth))!);
  if (!same.length) return [];
  return db
    .select()
    .from(patients)
    .where(and(isNull(patients.removedAt), or(...same)))
    .orderBy(patients.id)
    .limit(10);
}

export type CreateOutcome = { ok: true; patient: Patient } | { ok: false; code: "email_taken"; patient: Patient };

/** A caller made a patient by the desk: no login (no person), email optional (''); a taken email is that patient. */
export async function createDeskPatient(db: Db, caller: Caller, locale = "en-US"): Promise<CreateOutcome> {
  const email = caller.email.trim().toLowerCase();
  const [created] = await db
    .insert(patients)
    .values({
      email,
      firstName: caller.firstName.trim(),
      lastName: caller.lastName.trim(),
      phone: normalizePhone(caller.phone) ?? caller.phone,
      dateOfBirth: caller.dateOfBirth,
      type: "NEW",
      locale,
    })
    .onConflictDoNothing({ target: patients.email, where: sql.raw("family_of_person_id is null and email <> ''") })
    .returning();
  if (created) return { ok: true, patient: created };
  const [taken] = await db.select().from(patients).where(and(eq(patients.email, email), isNull(patients.familyOfPersonId)));
  return { ok: false, code: "email_taken", patient: taken };
}

/**
 * Inside a booking's transaction: the desk-made record without an email that this online booking's person is, given
 * the email now (null when there is none, or the email already has a record: that record is the patient).
 */
export async function adoptUnmailedPatient(tx: Tx, caller: Caller): Promise<Patient | null> {
  const digits = normalizePhone(caller.phone);
  if (!digits || !caller.email) return null;
  const [owner] = await tx.select({ id: patients.id }).from(patients).where(and(eq(patients.email, caller.email), isNull(patients.familyOfPersonId)));
  if (owner) return null;
  const [match] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        sql`${phoneDigits} = ${digits}`,
        eq(patients.email, ""),
        isNull(patients.familyOfPersonId),
        isNull(patients.personId),
        lowerEq(patients.firstName, caller.firstName),
        lowerEq(patients.lastName, caller.lastName),
        caller.dateOfBirth ? sql`(${patients.dateOfBirth} is null or ${patients.dateOfBirth} = ${caller.dateOfBirth})` : undefined,
      ),
    )
    .orderBy(patients.id)
    .limit(1)
    .for("update");
  if (!match) return null;
  const [adopted] = await tx.update(patients).set({ email: caller.email }).where(and(eq(patients.id, match.id), eq(patients.email, ""))).returning();
  return adopted ?? null;
}
