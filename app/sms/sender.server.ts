/**
 * Sends what is due in the SMS outbox (issue 31 B). `tick` claims due rows with FOR UPDATE SKIP LOCKED and a claim
 * time (claimed_until) in one short transaction — any number of processes run it; each row goes to one of them —
 * and hands the claimed texts to the provider outside it. Before sending it looks again: a visit's text for a start
 * the visit no longer has (moved, cancelled, begun) is skipped; so is one to a number that said STOP or that the
 * provider refused, and one over the number's daily cap; quiet hours in the studio's zone move it to 8 AM (or drop a
 * visit's text that would arrive after it began). A provider outage leaves the rows pending and retried with a
 * growing wait; it never touches a booking. A text whose process died mid-send is retried once its claim lapses
 * (at-least-once across a crash; at most once otherwise).
 */
import { and, asc, count, eq, gt, isNull, lt, lte, notInArray, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, smsNumbers, smsOutbox } from "~/db/schema";
import { inQuietHours, outsideQuietHours } from "./quiet-hours";
import { numberOpen, textableNumber } from "./consent.server";
import { ProviderRefused, UNSUBSCRIBED_ERROR, type SmsProvider } from "./provider.server";

/**
 * At most 6 texts we start to one number in 24 hours (answers to the patient's own texts and staff's answers are not
 * counted). Two family visits on one day take 6 (booked, 2-day and 2-hour reminder each); more than that is a bug or a
 * loop, and carriers filter numbers that text one person often.
 */
export const DAILY_CAP = 6;
const CLAIM_MS = 2 * 60_000;
const MAX_ATTEMPTS = 8;
/** The waits after failed attempts: 1, 2, 4… minutes, at most an hour. */
const retryAfterMs = (attempts: number) => Math.min(60, 2 ** (attempts - 1)) * 60_000;

/** Kinds about a visit that are void once it has another start, is cancelled or has begun. */
const VISIT_BOUND = new Set(["booked", "series_booked", "moved", "reminder_2d", "reminder_2h", "confirmed", "move_link"]);
/** Answers every number gets, whatever it said before (carriers require them). */
const ALWAYS_ANSWERED = new Set(["stop", "start", "help"]);

type Row = typeof smsOutbox.$inferSelect;

/** Why a due text is not sent now: a reason to skip it, a later time, or null (send it). */
async function verdict(tx: Db, row: Row, now: Date): Promise<{ skip: string } | { later: Date } | null> {
  if (row.appointmentId !== null && row.visitStartsAt) {
    const [visit] = await tx.select().from(appointments).where(eq(appointments.id, row.appointmentId));
    if (!visit) return { skip: "gone" };
    if (VISIT_BOUND.has(row.kind)) {
      if (visit.status !== "CONFIRMED") return { skip: "cancelled" };
      if (visit.startsAt.getTime() !== row.visitStartsAt.getTime()) return { skip: "moved" };
      if (visit.startsAt <= now) return { skip: "passed" };
    }
    // Consent withdrawn (or given to another number) since it was queued; answers go to who asked.
    if (row.quietZone !== null && (await textableNumber(tx, visit.patientId)) !== row.to) return { skip: "no_consent" };
  }
  if (!ALWAYS_ANSWERED.has(row.kind) && !(await numberOpen(tx, row.to))) return { skip: "number_closed" };
  if (row.quietZone && inQuietHours(now, row.quietZone)) {
    const later = outsideQuietHours(now, row.quietZone);
    if (VISIT_BOUND.has(row.kind) && row.visitStartsAt && later >= row.visitStartsAt) return { skip: "quiet_hours" };
    return { later };
  }
  if (row.capped) {
    const [sent] = await tx
      .select({ n: count() })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.to, row.to), eq(smsOutbox.status, "SENT"), eq(smsOutbox.capped, true), gt(smsOutbox.sentAt, new Date(now.getTime() - 86_400_000))));
    if (sent.n >= DAILY_CAP) return { skip: "daily_cap" };
  }
  return null;
}

/** Claims the due texts this process will send (others skip them while claimed). */
async function claimDue(db: Db, now: Date, limit: number): Promise<Row[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.status, "PENDING"), lte(smsOutbox.sendAt, now), or(isNull(smsOutbox.claimedUntil), lt(smsOutbox.claimedUntil, now))))
      .orderBy(asc(smsOutbox.sendAt), asc(smsOutbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    const claimed: Row[] = [];
    for (const row of due) {
      const v = await verdict(tx as unknown as Db, row, now);
      if (v && "skip" in v) await tx.update(smsOutbox).set({ status: "SKIPPED", skipped: v.skip }).where(eq(smsOutbox.id, row.id));
      else if (v) await tx.update(smsOutbox).set({ sendAt: v.later }).where(eq(smsOutbox.id, row.id));
      else {
        await tx.update(smsOutbox).set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: row.attempts + 1 }).where(eq(smsOutbox.id, row.id));
        claimed.push({ ...row, attempts: row.attempts + 1 });
      }
    }
    return claimed;
  });
}

/**
 * One run: claims due texts and sends them. Without a provider (nothing configured) it sends nothing: the texts wait
 * in the outbox. Returns how many the provider accepted.
 */
export async function tick(db: Db, now: Date, provider: SmsProvider | null, { siteOrigin, limit = 20 }: { siteOrigin: string; limit?: number }): Promise<number> {
  if (!provider) return 0;
  const claimed = await claimDue(db, now, limit);
  let sent = 0;
  for (const row of claimed) {
    try {
      const result = await provider.send({ to: row.to, body: row.body, statusCallback: `${siteOrigin}/sms/status` });
      await db
        .update(smsOutbox)
        .set({ status: "SENT", sentAt: now, providerSid: result.sid, delivery: result.status, claimedUntil: null })
        .where(eq(smsOutbox.id, row.id));
      sent++;
    } catch (error) {
      const refused = error instanceof ProviderRefused ? error : new ProviderRefused(null, false);
      if (refused.permanent) {
        await db.transaction(async (tx) => {
          await tx.update(smsOutbox).set({ status: "FAILED", errorCode: refused.code, claimedUntil: null }).where(eq(smsOutbox.id, row.id));
          // Never tried again: marked on the number (21610: the patient unsubscribed at the carrier, i.e. a STOP).
          const mark = refused.code === UNSUBSCRIBED_ERROR ? { stoppedAt: now } : { rejectedAt: now, rejectedCode: refused.code };
          await tx.insert(smsNumbers).values({ phone: row.to, ...mark }).onConflictDoUpdate({ target: smsNumbers.phone, set: mark });
        });
      } else {
        const failed = row.attempts >= MAX_ATTEMPTS;
        await db
          .update(smsOutbox)
          .set({ status: failed ? "FAILED" : "PENDING", errorCode: refused.code, claimedUntil: null, sendAt: new Date(now.getTime() + retryAfterMs(row.attempts)) })
          .where(eq(smsOutbox.id, row.id));
        // The outbox id and code only: never the number or the text.
        console.error(`[sms] sending outbox #${row.id} failed (attempt ${row.attempts}${refused.code ? `, code ${refused.code}` : ""})`);
      }
    }
  }
  return sent;
}

const DELIVERY = new Set(["queued", "sending", "sent", "delivered", "undelivered", "failed"]);
const FINAL = ["delivered", "undelivered", "failed"];

/** The provider's status callback: the delivery status recorded on the text (a final one is not overwritten by a late "sent"). */
export async function recordDelivery(db: Db, input: { sid: string; status: string; errorCode: number | null }): Promise<boolean> {
  if (!DELIVERY.has(input.status)) return false;
  const updated = await db
    .update(smsOutbox)
    .set({ delivery: input.status, ...(input.errorCode ? { errorCode: input.errorCode } : {}) })
    .where(and(eq(smsOutbox.providerSid, input.sid), FINAL.includes(input.status) ? undefined : or(isNull(smsOutbox.delivery), notInArray(smsOutbox.delivery, FINAL))))
    .returning({ id: smsOutbox.id });
  return updated.length > 0;
}
