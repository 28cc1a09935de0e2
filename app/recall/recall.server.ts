/**
 * Recall (issue 20 B, decision 025): after a completed visit of a service with a recall interval
 * (services.recall_months), the patient row's next one is due that many months later; four weeks before, one
 * email, and on the due date one more if nothing is booked. Built like the reminders (decision 012): every
 * container runs the sender; a run first plans the notices that are due now (INSERT … ON CONFLICT DO NOTHING on
 * the unique patient/service/due date/kind key), then claims pending ones with FOR UPDATE SKIP LOCKED, queues the
 * email and marks the row sent in the same transaction, so each email is queued once however many containers
 * run. The clock is a parameter.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { appointments, patients, recallEmailDays, recallNotices, services } from "~/db/schema";
import { tFor } from "~/i18n/catalogues.server";
import { serviceName } from "~/scheduling/service-names";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import { enqueueEmail } from "~/platform/email.server";
import { appendAudit } from "~/platform/audit.server";
import { RECALL_GRACE_DAYS, RECALL_LEAD_DAYS, RECALL_SEND_TIME, dueSoonMissed, recallBookingHref, recallDueLine, recallSendTime } from "~/rules/recall";
import { addDays, localToday } from "~/rules/zoned-time";
import { getService, getStudioAnyState } from "~/scheduling/catalogue.server";
import { recallEmail } from "./recall-email";

/** A studio without a zone is read in New York's, as everywhere else (rules/timezones.ts). */
const TZ = sql.raw(`coalesce(st.timezone, 'America/New_York')`);

/**
 * A series of recall-type visits (a service with a recall interval: checkups, gum care) still ahead for the patient
 * (issue 39 B, decision 081): while it lasts it is their recall, and no recall of any service is sent. `patientId` and
 * `at` are SQL (a column, the clock); a single visit of another service does not count (it is not a course of care).
 */
const seriesReplacesRecall = (patientId: SQL, at: SQL) => sql`exists (
  select 1 from appointments sv
  join services ss on ss.code = sv.service_type and ss.recall_months is not null
  where sv.patient_id = ${patientId} and sv.series_id is not null and sv.status = 'CONFIRMED' and sv.starts_at > ${at})`;

/**
 * Each patient's last completed visit of each recall service — COMPLETED, or CONFIRMED and over by `now`; never
 * a cancelled or missed one — with its due date, unless a later visit of that service is booked or done, or a series
 * of recall-type visits is still ahead (`seriesReplacesRecall`).
 * `where` narrows the visits (a window of days for the sender, an account's patients for the profile).
 */
function lastRecallVisits(now: Date, where: SQL) {
  const at = instant(now);
  return sql`
    select a.id as visit_id, a.patient_id, a.service_type as service_code, a.studio_slug, a.starts_at,
      ${TZ} as tz,
      ((a.starts_at at time zone ${TZ})::date + make_interval(months => s.recall_months::int))::date as due_on
    from appointments a
    join services s on s.code = a.service_type and s.recall_months is not null
    join studios st on st.slug = a.studio_slug
    join patients p on p.id = a.patient_id
    where (a.status = 'COMPLETED' or (a.status = 'CONFIRMED' and a.ends_at <= ${at}))
      and ${where}
      and not exists (
        select 1 from appointments later
        where later.patient_id = a.patient_id and later.service_type = a.service_type
          and later.status in ('CONFIRMED', 'COMPLETED') and later.starts_at > a.starts_at
      )
      and not ${seriesReplacesRecall(sql`a.patient_id`, at)}`;
}

/** A clock reading as a query parameter (an ISO string cast by the database: the same on PGlite and node-postgres). */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Writes the notices whose time has come at `now` (idempotent: the unique key keeps one per kind and due date). */
async function planRecalls(db: Db, now: Date): Promise<void> {
  const at = instant(now);
  const recallServices = await db.select({ code: services.code, months: services.recallMonths }).from(services).where(sql`${services.recallMonths} is not null`);
  for (const { code, months } of recallServices) {
    // Visits whose due date is within the lead and grace days of now (a few days' margin for short months): the
    // index on (service_type, starts_at) reads those, not every visit ever.
    const window = sql`a.service_type = ${code}
      and a.starts_at >= ${at} - make_interval(months => ${months}::int, days => ${RECALL_GRACE_DAYS + 5}::int)
      and a.starts_at <= ${at} - make_interval(months => ${months}::int) + make_interval(days => ${RECALL_LEAD_DAYS + 5}::int)
      and p.recall_opted_out_at is null`;
    await db.execute(sql`
      insert into recall_notices (patient_id, service_code, visit_id, due_on, kind, send_at)
      select c.patient_id, c.service_code, c.visit_id, c.due_on, k.kind, k.send_at
      from (${lastRecallVisits(now, window)}) c
      cross join lateral (values
        ('due_soon', ((c.due_on - ${RECALL_LEAD_DAYS}::int) + ${RECALL_SEND_TIME}::time) at time zone c.tz),
        ('due', (c.due_on + ${RECALL_SEND_TIME}::time) at time zone c.tz)
      ) as k(kind, send_at)
      where k.send_at <= ${at}
        and case k.kind
          -- "due soon" on its own day only (rules/recall.ts dueSoonMissed): never weeks late, beside the due email
          when 'due_soon' then ${at} < ((c.due_on - ${RECALL_LEAD_DAYS - 1}::int)::timestamp) at time zone c.tz
          else ${at} < k.send_at + make_interval(days => ${RECALL_GRACE_DAYS}::int)
        end
      on conflict do nothing`);
  }
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Plans and queues the recall emails due at `now` (at most `limit` per run). Returns how many were queued. */
export async function sendDueRecalls(
  db: Db,
  { now = new Date(), siteOrigin, limit = 50 }: { now?: Date; siteOrigin: string; limit?: number },
): Promise<number> {
  await planRecalls(db, now);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        notice: recallNotices,
        email: patients.email,
        firstName: patients.firstName,
        locale: patients.locale,
        familyOf: patients.familyOfPersonId,
        optedOut: patients.recallOptedOutAt,
        studioSlug: appointments.studioSlug,
        visitStartsAt: appointments.startsAt,
      })
      .from(recallNotices)
      .innerJoin(patients, eq(patients.id, recallNotices.patientId))
      .innerJoin(appointments, eq(appointments.id, recallNotices.visitId))
      .where(and(isNull(recallNotices.sentAt), isNull(recallNotices.skipped), lte(recallNotices.sendAt, now)))
      .orderBy(asc(recallNotices.sendAt), asc(recallNotices.id))
      .limit(limit)
      .for("update", { of: recallNotices, skipLocked: true });
    let queued = 0;
    // In patient order: two containers claiming days of the same patients take their rows in one order (no deadlock).
    for (const row of [...due].sort((a, b) => a.notice.patientId - b.notice.patientId)) {
      const { notice } = row;
      const studio = await getStudioAnyState(tx as Db, row.studioSlug);
      const service = await getService(tx as Db, notice.serviceCode);
      if (!studio || !service) continue;
      const [later] = await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.patientId, notice.patientId),
            eq(appointments.serviceType, notice.serviceCode),
            sql`${appointments.status} in ('CONFIRMED', 'COMPLETED')`,
            sql`${appointments.startsAt} > ${row.visitStartsAt}`,
          ),
        )
        .limit(1);
      const [{ inSeries }] = rowsOf<{ inSeries: boolean }>(await tx.execute(sql`select ${seriesReplacesRecall(sql`${notice.patientId}::int`, instant(now))} as "inSeries"`));
      const today = localToday(now, studio.tz);
      const late = notice.kind === "due_soon" && dueSoonMissed(notice.dueOn, today);
      let skipped = row.optedOut ? "unsubscribed" : later ? "booked" : inSeries ? "series" : late ? "late" : null;
      if (!skipped && !(await claimRecallDay(tx as Db, notice.patientId, today, notice.id))) {
        // This patient had a recall email today (another service's, another container's): one a day. A "due
        // soon" would be late tomorrow; a due email goes tomorrow morning.
        if (notice.kind === "due_soon") skipped = "one_a_day";
        else {
          await tx.update(recallNotices).set({ sendAt: recallSendTime(addDays(today, 1), studio.tz) }).where(eq(recallNotices.id, notice.id));
          continue;
        }
      }
      const token = skipped ? null : randomBytes(24).toString("base64url");
      if (token) {
        await enqueueEmail(
          tx,
          recallEmail({
            to: row.email,
            // A family member's row carries the account holder's address (decision 024): the email is about them.
            firstName: row.familyOf === null ? row.firstName : "",
            forName: row.familyOf === null ? undefined : row.firstName,
            kind: notice.kind,
            dueOn: notice.dueOn,
            visitOn: localToday(row.visitStartsAt, studio.tz),
            service,
            studio,
            siteOrigin,
            bookUrl: siteOrigin + recallBookingHref(service.code, studio.slug),
            unsubscribeUrl: `${siteOrigin}/recall/unsubscribe/${token}`,
            locale: row.locale,
          }),
        );
        queued++;
      }
      await tx
        .update(recallNotices)
        .set(skipped ? { skipped } : { sentAt: now, unsubscribeTokenHash: hashToken(token!) })
        .where(eq(recallNotices.id, notice.id));
    }
    return queued;
  });
}

/**
 * Takes the patient row's recall day (`recall_email_days`' primary key): false when another notice has it. A
 * second container claiming the same day waits on the first one's row and then finds it taken.
 */
async function claimRecallDay(db: Db, patientId: number, day: string, noticeId: number): Promise<boolean> {
  const claimed = await db.insert(recallEmailDays).values({ patientId, sentOn: day, noticeId }).onConflictDoNothing().returning({ noticeId: recallEmailDays.noticeId });
  return claimed.length > 0;
}

/** /profile's recalls (decision 069: the page's query in its feature). */
export const profileRecalls = async (personId: number, now: Date, locale: string) => accountRecalls(await getDb(), personId, now, locale);

export type NextRecall = { patientName: string; line: string; bookHref: string; key: string };

/** /profile: each of the account's patient rows' next due visit of a recall service (none once one is booked). */
export async function accountRecalls(db: Db, personId: number, now = new Date(), locale = DEFAULT_LOCALE): Promise<NextRecall[]> {
  const t = tFor(locale);
  const rows = rowsOf<{ patient_id: number; service_code: string; studio_slug: string; due_on: string; tz: string; first_name: string; last_name: string; service_name: string }>(
    await db.execute(sql`
      select c.patient_id, c.service_code, c.studio_slug, c.due_on::text as due_on, c.tz, p.first_name, p.last_name, s.name as service_name
      from (${lastRecallVisits(now, sql`(p.person_id = ${personId} or (p.family_of_person_id = ${personId} and p.removed_at is null))`)}) c
      join patients p on p.id = c.patient_id
      join services s on s.code = c.service_code
      order by c.due_on, c.patient_id`),
  );
  return rows.map((r) => ({
    key: `${r.patient_id}-${r.service_code}`,
    patientName: [r.first_name, r.last_name].filter(Boolean).join(" "),
    line: recallDueLine({ code: r.service_code, name: serviceName(t, locale, { code: r.service_code, name: r.service_name }) }, r.due_on, localToday(now, r.tz), t, locale),
    bookHref: recallBookingHref(r.service_code, r.studio_slug),
  }));
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** The patient row a recall email's unsubscribe token was sent to, and whether it is unsubscribed; null if unknown. */
export async function recallSubscription(db: Db, token: string): Promise<{ patientId: number; optedOut: boolean } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ patientId: patients.id, optedOut: patients.recallOptedOutAt })
    .from(recallNotices)
    .innerJoin(patients, eq(patients.id, recallNotices.patientId))
    .where(eq(recallNotices.unsubscribeTokenHash, hashToken(token)));
  return row ? { patientId: row.patientId, optedOut: row.optedOut !== null } : null;
}

/** Stops (or restarts) recall emails for the token's patient row. Returns false for an unknown token. */
export async function setRecallOptOut(db: Db, token: string, optOut: boolean, now = new Date()): Promise<boolean> {
  const found = await recallSubscription(db, token);
  if (!found) return false;
  if (found.optedOut !== optOut) {
    await db.transaction(async (tx) => {
      await tx.update(patients).set({ recallOptedOutAt: optOut ? now : null, recallOptedOutVia: optOut ? "email_link" : null }).where(eq(patients.id, found.patientId));
      await appendAudit(tx, { actor: "patient", action: optOut ? "consents.recall_stopped" : "consents.recall_resumed", after: { patientId: found.patientId, via: "email_link" }, at: now });
    });
  }
  return true;
}
