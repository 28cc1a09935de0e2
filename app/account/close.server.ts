/**
 * "Close my account" (issue 41 B, decision 078). The Stripe Customers go first (outside the transaction: Stripe
 * failing leaves nothing closed, and a second run finds them gone); then one transaction removes the login, the
 * sessions and codes, the saved cards, the marketing data, the recall and text consents and the waitlist entries,
 * cancels the visits still ahead with no fee (the same cancel as any other: the studio's day, the visit events, the
 * webhooks saying `account_closed`), and marks the account's records and its family members' closed. Past visits and
 * the health and insurance details recorded for them stay, readable by staff only, until `removeExpiredRecords`.
 */
import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod/v4";
import { json, redirect } from "@remix-run/node";
import { passwordAgain } from "~/auth/accounts.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { RateLimited } from "~/auth/rate-limit.server";
import { passwordField } from "~/auth/schemas.server";
import { clearIdTokenCookie, requirePatient, type Patient } from "~/auth/sessions.server";
import { getDb, type Db } from "~/db/client.server";
import { appointments, authCodes, authSessions, feeCheckouts, feeExtraPayments, feeRefunds, patients, persons, visitFees, visitSeries, waitlistEntries } from "~/db/schema";
import { clientIp, readFormPost, tooMany, validateForm } from "~/flow/forms.server";
import { i18nOf } from "~/i18n/locale.server";
import { deleteCustomersOf, forgetPaymentsOf } from "~/payments/saved-cards.server";
import type { PaymentProvider } from "~/payments/provider.server";
import { appendAudit } from "~/platform/audit.server";
import { getEnv } from "~/platform/env.server";
import { cancelVisitsOfClosedAccount, visitChangesCommitted } from "~/scheduling/visit-changes.server";
import { withdrawConsent } from "~/sms/consent.server";

/** The booking details that are marketing data (decision 078), taken out of the account's visits. */
const MARKETING_KEYS = ["referralCode", "utm", "campaign"];

/** The account's own record and its family members (every member row is held, never a login of its own: decision 024). */
async function recordsOf(db: Pick<Db, "select">, personId: number) {
  return db
    .select({ id: patients.id, familyOfPersonId: patients.familyOfPersonId })
    .from(patients)
    .where(or(eq(patients.personId, personId), eq(patients.familyOfPersonId, personId)));
}

export type Closed = { cancelledVisits: number; records: number; cardsRemoved: number; customersDeleted: number };

/** Closes the account; safe to run twice (the second run finds it closed and does nothing). */
export async function closeAccount(db: Db, input: { personId: number; now?: Date; provider?: PaymentProvider }): Promise<Closed | "already_closed"> {
  const now = input.now ?? new Date();
  const { personId } = input;
  const customersDeleted = await deleteCustomersOf(db, personId, input.provider);
  const outcome = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [person] = await tx.select({ id: persons.id, email: persons.email, closedAt: persons.closedAt }).from(persons).where(eq(persons.id, personId)).for("update");
    if (!person || person.closedAt) return "already_closed" as const;
    const records = await recordsOf(tx, personId);
    const ids = records.map((r) => r.id);
    const cancelledVisits = await cancelVisitsOfClosedAccount(tx, ids, now);
    for (const id of ids) await withdrawConsent(tx, id, now);
    if (ids.length) {
      await tx
        .update(patients)
        .set({ email: "", closedAt: now, recallOptedOutAt: sql`coalesce(${patients.recallOptedOutAt}, ${now.toISOString()}::timestamptz)`, recallOptedOutVia: sql`case when ${patients.recallOptedOutAt} is null then 'account_closed' else ${patients.recallOptedOutVia} end` })
        .where(inArray(patients.id, ids));
      await tx
        .update(appointments)
        .set({ details: sql`${appointments.details} - ${sql.raw(`array[${MARKETING_KEYS.map((k) => `'${k}'`).join(", ")}]`)}` })
        .where(inArray(appointments.patientId, ids));
    }
    const waitlist = await tx
      .delete(waitlistEntries)
      .where(or(eq(waitlistEntries.personId, personId), and(eq(waitlistEntries.email, person.email), isNull(waitlistEntries.leftAt))))
      .returning({ id: waitlistEntries.id });
    const cardsRemoved = await forgetPaymentsOf(tx, personId);
    await tx.delete(authSessions).where(eq(authSessions.personId, personId));
    await tx.delete(authCodes).where(or(eq(authCodes.personId, personId), eq(authCodes.email, person.email)));
    // The row stays (its family members and visits point at it) without a login: its address is free for a new account.
    await tx
      .update(persons)
      .set({ email: `closed-${personId}@closed.invalid`, name: "", passwordHash: "", referralCode: null, lastMobileAppLogin: null, closedAt: now })
      .where(eq(persons.id, personId));
    const closed = { cancelledVisits, records: ids.length, cardsRemoved, customersDeleted };
    await appendAudit(tx, {
      actor: "patient",
      action: "person.closed",
      after: { personId, patientIds: ids, familyMembers: records.filter((r) => r.familyOfPersonId !== null).length, waitlistEntries: waitlist.length, ...closed },
      at: now,
    });
    return closed;
  });
  if (outcome !== "already_closed" && outcome.cancelledVisits) visitChangesCommitted(db);
  return outcome;
}

/**
 * The retention job (decision 078): a closed record whose closing and last visit are both more than
 * RECORD_RETENTION_YEARS ago is removed with its visits (their intake, card photos, reminders, texts and events go
 * with them) and its fee rows. The audit log stays. Safe to run twice and in any number of processes (one row each).
 */
export async function removeExpiredRecords(db: Db, now: Date, years = getEnv().RECORD_RETENTION_YEARS): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const expired = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(lt(patients.closedAt, cutoff), sql`not exists (select 1 from ${appointments} where ${appointments.patientId} = ${patients.id} and ${appointments.startsAt} >= ${cutoff.toISOString()}::timestamptz)`))
      .limit(50)
      .for("update", { skipLocked: true });
    if (!expired.length) return 0;
    const ids = expired.map((r) => r.id);
    const visits = tx.select({ id: appointments.id }).from(appointments).where(inArray(appointments.patientId, ids));
    const fees = tx.select({ id: visitFees.id }).from(visitFees).where(inArray(visitFees.appointmentId, visits));
    await tx.delete(feeRefunds).where(inArray(feeRefunds.feeId, fees));
    await tx.delete(feeExtraPayments).where(inArray(feeExtraPayments.feeId, fees));
    await tx.delete(feeCheckouts).where(inArray(feeCheckouts.feeId, fees));
    await tx.delete(visitFees).where(inArray(visitFees.appointmentId, visits));
    const gone = await tx.delete(appointments).where(inArray(appointments.patientId, ids)).returning({ id: appointments.id });
    await tx.delete(visitSeries).where(inArray(visitSeries.patientId, ids));
    await tx.delete(patients).where(inArray(patients.id, ids));
    await appendAudit(tx, { actor: "system", action: "records.retention_removed", after: { patientIds: ids, visits: gone.length, retentionYears: years }, at: now });
    return ids.length;
  });
}

/** `/profile/close`: what goes now and what is kept, with the visits ahead and the family members that close with it. */
export async function closePage(request: Request) {
  const patient = await requirePatient(request);
  const { t } = i18nOf(request);
  const db = await getDb();
  const records = await recordsOf(db, patient.personId);
  const ids = records.map((r) => r.id);
  const [ahead] = ids.length
    ? await db
        .select({ n: sql<number>`count(*)::int` })
        .from(appointments)
        .where(and(inArray(appointments.patientId, ids), eq(appointments.status, "CONFIRMED"), gt(appointments.startsAt, new Date())))
    : [{ n: 0 }];
  const members = records.filter((r) => r.familyOfPersonId !== null).length;
  return json({
    years: getEnv().RECORD_RETENTION_YEARS,
    ahead: ahead.n ? t("account.close.ahead", { count: ahead.n }) : null,
    members: members ? t("account.close.members", { count: members }) : null,
  }, { headers: PRIVATE_PAGE });
}

const closeSchema = z.object({ password: passwordField });

/** Its post: the password again (limited like sign-in), then closed, signed out, and the closed page. */
export async function closeAction(request: Request, context: { clientIp?: unknown }) {
  const patient: Patient = await requirePatient(request);
  const { t } = i18nOf(request);
  const { form } = await readFormPost(request);
  try {
    const result = await validateForm(form, closeSchema, t, async ({ password }) => ((await passwordAgain(patient, password, clientIp(context))) ? { ok: true } : { fieldErrors: { password: ["account.errors.passwordNotRight"] } }), { keep: [], headers: PRIVATE_PAGE });
    if (!result.ok) return result.response;
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error, {}, { t });
    throw error;
  }
  await closeAccount(await getDb(), { personId: patient.personId });
  const headers = new Headers(PRIVATE_PAGE);
  headers.append("Set-Cookie", clearIdTokenCookie());
  return redirect("/account-closed", { status: 303, headers });
}
