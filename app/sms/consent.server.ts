/**
 * Consent to texts (issue 31 A, decision 036). Stored per patient row with the number (E.164), the time, the wording
 * version the patient saw and how it was given; withdrawn by one click on /profile or by STOP. No live consent, no
 * text. A family member's visits text the account holder's number unless the member has a number of their own.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { patients, smsConsents, smsNumbers } from "~/db/schema";
import { normalizePhone } from "~/rules/phone";

/**
 * The disclosure's version: bump it whenever the box's words change (booking.sms.* and account.sms.* in both
 * catalogues), so every stored consent says which words the patient agreed to.
 */
export const CONSENT_WORDING_VERSION = "2026-11-27.1";

type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;

/** "+15551234567" for a number the spec accepts (10 digits, US), else null. */
export function toE164(phone: string): string | null {
  const digits = normalizePhone(phone);
  return digits ? `+1${digits}` : null;
}

export type Consent = typeof smsConsents.$inferSelect;

export async function liveConsent(db: Pick<Db, "select">, patientId: number): Promise<Consent | null> {
  const [row] = await db.select().from(smsConsents).where(and(eq(smsConsents.patientId, patientId), isNull(smsConsents.withdrawnAt)));
  return row ?? null;
}

/**
 * Records consent for a patient row and number (the one live consent of the row: a new number replaces the old).
 * Also lifts a STOP on that number: ticking the box again is asking for texts again.
 */
export async function giveConsent(tx: Tx, input: { patientId: number; phone: string; via: "booking" | "profile" | "keyword" | "desk"; now: Date; staffId?: number }): Promise<void> {
  const phone = toE164(input.phone);
  if (!phone) return;
  const current = await liveConsent(tx, input.patientId);
  if (current?.phone === phone) return;
  if (current) await tx.update(smsConsents).set({ withdrawnAt: input.now, withdrawnVia: input.via === "keyword" ? "keyword" : "profile" }).where(eq(smsConsents.id, current.id));
  await tx
    .insert(smsConsents)
    .values({ patientId: input.patientId, phone, givenAt: input.now, wordingVersion: CONSENT_WORDING_VERSION, givenVia: input.via, givenByStaffId: input.staffId ?? null })
    .onConflictDoNothing();
  if (input.via !== "keyword") await tx.update(smsNumbers).set({ stoppedAt: null }).where(eq(smsNumbers.phone, phone));
}

export async function withdrawConsent(tx: Tx, patientId: number, now: Date): Promise<void> {
  await tx.update(smsConsents).set({ withdrawnAt: now, withdrawnVia: "profile" }).where(and(eq(smsConsents.patientId, patientId), isNull(smsConsents.withdrawnAt)));
}

/** STOP by text: every live consent on the number withdrawn, and the number marked (nothing more is sent to it). */
export async function stopNumber(tx: Tx, phone: string, now: Date): Promise<void> {
  await tx.update(smsConsents).set({ withdrawnAt: now, withdrawnVia: "keyword" }).where(and(eq(smsConsents.phone, phone), isNull(smsConsents.withdrawnAt)));
  await tx.insert(smsNumbers).values({ phone, stoppedAt: now }).onConflictDoUpdate({ target: smsNumbers.phone, set: { stoppedAt: now } });
}

/**
 * START by text: the consents STOP withdrew on this number (the latest per patient row, if none was given since)
 * given again, "by keyword"; the number unmarked.
 */
export async function startNumber(tx: Tx, phone: string, now: Date): Promise<void> {
  await tx.update(smsNumbers).set({ stoppedAt: null }).where(eq(smsNumbers.phone, phone));
  await tx.execute(sql`
    insert into sms_consents (patient_id, phone, given_at, wording_version, given_via)
    select distinct on (c.patient_id) c.patient_id, c.phone, ${now.toISOString()}::timestamptz, ${CONSENT_WORDING_VERSION}, 'keyword'
    from sms_consents c
    where c.phone = ${phone} and c.withdrawn_via = 'keyword'
      and not exists (select 1 from sms_consents l where l.patient_id = c.patient_id and l.withdrawn_at is null)
      and not exists (select 1 from sms_consents later where later.patient_id = c.patient_id and later.given_at > c.given_at)
    order by c.patient_id, c.given_at desc
    on conflict do nothing`);
}

/** Whether a number may be texted at all: not stopped, not refused by the provider. */
export async function numberOpen(db: Pick<Db, "select">, phone: string): Promise<boolean> {
  const [row] = await db.select().from(smsNumbers).where(eq(smsNumbers.phone, phone));
  return !row || (!row.stoppedAt && !row.rejectedAt);
}

/**
 * The number a patient row's texts go to, or null: its own consent for its own number; for a family member without a
 * number of their own (none, or the holder's), the holder's consent for the holder's number.
 */
export async function textableNumber(db: Pick<Db, "select">, patientId: number): Promise<string | null> {
  const [patient] = await db.select().from(patients).where(eq(patients.id, patientId));
  if (!patient) return null;
  const own = toE164(patient.phone);
  const consentOf = async (row: typeof patient, number: string | null) => {
    if (!number) return null;
    const consent = await liveConsent(db, row.id);
    return consent?.phone === number && (await numberOpen(db, number)) ? number : null;
  };
  if (patient.familyOfPersonId === null) return consentOf(patient, own);
  const [holder] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.personId, patient.familyOfPersonId), isNull(patients.familyOfPersonId)))
    .limit(1);
  const holderNumber = holder ? toE164(holder.phone) : null;
  if (own && own !== holderNumber) return consentOf(patient, own);
  return holder ? consentOf(holder, holderNumber) : null;
}

/**
 * The box ticked while booking: consent for the number typed, recorded on the visit's patient row when that is the
 * number on the row (a new patient's is), or on the holder's row for a family member who uses the holder's number.
 * A number typed for someone else's existing record is not taken: whoever types an email must not get that
 * patient's texts (the studio reconciles the details typed, as for email). `by`: the staff member who ticked "the
 * caller agreed to texts" on the phone (issue 38 C), recorded as given via the desk, with who and when.
 */
export async function consentAtBooking(tx: Tx, input: { patientId: number; typedPhone: string; now: Date; by?: { id: number } }): Promise<void> {
  const typed = toE164(input.typedPhone);
  if (!typed) return;
  const [patient] = await tx.select().from(patients).where(eq(patients.id, input.patientId));
  if (!patient) return;
  const via = input.by ? ("desk" as const) : ("booking" as const);
  if (toE164(patient.phone) === typed) return giveConsent(tx, { patientId: patient.id, phone: typed, via, now: input.now, staffId: input.by?.id });
  if (patient.familyOfPersonId === null || (patient.phone && toE164(patient.phone) !== null)) return;
  const [holder] = await tx
    .select()
    .from(patients)
    .where(and(eq(patients.personId, patient.familyOfPersonId), isNull(patients.familyOfPersonId)))
    .limit(1);
  if (holder && toE164(holder.phone) === typed) await giveConsent(tx, { patientId: holder.id, phone: typed, via, now: input.now, staffId: input.by?.id });
}

/** /profile's text-message section: the live consent (number, since when), or whether the number said STOP. */
export async function textsOverview(db: Pick<Db, "select">, patient: { id: number; phone: string } | null) {
  const number = patient ? toE164(patient.phone) : null;
  if (!patient || !number) return { hasPhone: false, on: false, since: null, stopped: false };
  const consent = await liveConsent(db, patient.id);
  const on = consent?.phone === number;
  const [row] = await db.select().from(smsNumbers).where(eq(smsNumbers.phone, number));
  return { hasPhone: true, on, since: on ? consent!.givenAt : null, stopped: Boolean(row?.stoppedAt) };
}

/** The box on /profile: ticked gives consent for the record's number; unticked (or "Stop texting me") withdraws it. */
export async function setTexts(db: Db, patient: { id: number; phone: string }, on: boolean, now: Date): Promise<boolean> {
  if (on && !toE164(patient.phone)) return false;
  await db.transaction(async (tx) => {
    if (on) await giveConsent(tx as unknown as Tx, { patientId: patient.id, phone: patient.phone, via: "profile", now });
    else await withdrawConsent(tx as unknown as Tx, patient.id, now);
  });
  return true;
}
