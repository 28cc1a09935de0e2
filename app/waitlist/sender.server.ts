/**
 * Offers freed times to the waitlist (issue 19 B, decision 022). Every process runs it (a job of
 * workers.server.ts, woken at once by a visit change in this process); the rows decide who sends:
 *
 * 1. The waitlist is a consumer of the visit record (visit_events, decision 031): a booked visit takes its patient off
 *    the list for that studio and service; a freed time (a cancel, a move's old time, a lapsed hold, grown staff
 *    availability) becomes a signal. A claim whose hold lapses records its own signal (`queueWaitlistSignal`).
 * 2. The sender takes due signals with FOR UPDATE SKIP LOCKED, reads the studio's free times in the freed range for
 *    each service somebody waits for there, and records each matching free time once as an opening.
 * 3. It takes due openings the same way and emails the next few matching entries (oldest first), each an offer with
 *    its own claim token; an offer is one row per opening and entry, so nobody is offered a time twice, whatever
 *    the number of processes. The next batch follows after OFFER_BATCH_WAIT_MINUTES unless the time went.
 *
 * With nothing freed, a run is three indexed reads (new visit events, due signals, due openings).
 */
import { and, asc, eq, gt, gte, inArray, isNull, lte, notExists, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, patients, waitlistEntries, waitlistOffers, waitlistOpenings, waitlistSignals } from "~/db/schema";
import { enqueueEmail } from "~/platform/email.server";
import { dayPartOf } from "~/rules/day-parts";
import { nextBatchAt, OFFER_BATCH_SIZE, OFFER_BATCH_WAIT_MINUTES, wishMatches } from "~/rules/waitlist";
import { addDays, localDayKey, localMidnight, localToday } from "~/rules/zoned-time";
import { getBookableStudio, getService, type Service, type Studio } from "~/scheduling/catalogue.server";
import { findSlots } from "~/scheduling/slots.server";
import { consumeVisitEvents, type VisitEvent } from "~/scheduling/visit-events.server";
import { offerEmail } from "./email";
import { leaveOnBooking } from "./entries.server";
import { queueOfferText } from "~/sms/outbox.server";
import { hashLinkToken, newLinkToken } from "./tokens.server";

type Tx = Pick<Db, "insert">;

/** Time may have freed up at a studio in [from, to): a `waitlist_signals` row, looked at by the sender from `dueAt`. */
export async function queueWaitlistSignal(tx: Tx, freed: { studioSlug: string; from: Date; to: Date; reason: "cancel" | "move" | "claim_lapsed" | "hold_lapsed" | "hours"; dueAt: Date }) {
  if (freed.from >= freed.to) return;
  await tx.insert(waitlistSignals).values({ studioSlug: freed.studioSlug, fromAt: freed.from, toAt: freed.to, reason: freed.reason, dueAt: freed.dueAt });
}

/** One visit event, as the waitlist hears it. */
async function hear(tx: Db, event: VisitEvent) {
  if (event.type === "visit.booked" && event.visitId !== null && event.serviceCode) {
    // Booked that service at that studio: off its waitlist (whichever way the visit was booked).
    const [patient] = await tx
      .select({ email: patients.email, personId: patients.personId })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(eq(appointments.id, event.visitId));
    if (patient) await leaveOnBooking(tx, { ...patient, studioSlug: event.studioSlug, serviceCode: event.serviceCode, now: event.at });
  }
  if (!event.freedFrom || !event.freedTo) return;
  if (event.freedReason !== "availability") {
    const reason = event.freedReason === "move" || event.freedReason === "hold_lapsed" ? event.freedReason : "cancel";
    // Due when the time was freed (the event's own time), not when this transaction began: the tick that hears it
    // (its clock read before this transaction) then offers it in the same run (decision 065).
    await queueWaitlistSignal(tx, { studioSlug: event.studioSlug, from: event.freedFrom, to: event.freedTo, reason, dueAt: event.at });
    return;
  }
  // Staff availability grew: looked at up to the last day anybody waits for there.
  const [waiting] = await tx
    .select({ lastDay: sql<string | null>`max(${waitlistEntries.lastDay})` })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.studioSlug, event.studioSlug), isNull(waitlistEntries.leftAt), gte(waitlistEntries.lastDay, localToday(event.freedFrom, "UTC"))));
  const studio = waiting?.lastDay ? await getBookableStudio(tx, event.studioSlug, { fresh: true }) : null;
  if (!studio || !waiting?.lastDay) return;
  const until = localMidnight(addDays(String(waiting.lastDay), 1), studio.tz);
  await queueWaitlistSignal(tx, { studioSlug: studio.slug, from: event.freedFrom, to: until < event.freedTo ? until : event.freedTo, reason: "hours", dueAt: event.at });
}

export const claimUrl = (siteOrigin: string, token: string) => `${siteOrigin}/waitlist/offer/${token}`;
const offerLeaveUrl = (siteOrigin: string, token: string) => `${siteOrigin}/waitlist/leave/${token}`;

/** Free times starting in [from, to), not overlapping each other (earliest first): a freed hour is one or two offers, not four. */
function distinctTimes(slots: { startsAt: Date; endsAt: Date }[]) {
  const chosen: { startsAt: Date; endsAt: Date }[] = [];
  for (const slot of slots) {
    const last = chosen.at(-1);
    if (!last || slot.startsAt >= last.endsAt) chosen.push(slot);
  }
  return chosen;
}

/** Signals → openings. Returns how many openings were recorded. */
async function openFreedTimes(db: Db, now: Date, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const signals = await tx
      .select()
      .from(waitlistSignals)
      .where(lte(waitlistSignals.dueAt, now))
      .orderBy(asc(waitlistSignals.dueAt), asc(waitlistSignals.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (signals.length === 0) return 0;
    let opened = 0;
    for (const signal of signals) {
      const studio = await getBookableStudio(tx as Db, signal.studioSlug, { fresh: true });
      if (studio) opened += await openAt(tx as Db, studio, signal.fromAt, signal.toAt, now);
    }
    await tx.delete(waitlistSignals).where(inArray(waitlistSignals.id, signals.map((s) => s.id)));
    return opened;
  });
}

async function openAt(tx: Db, studio: Studio, from: Date, to: Date, now: Date): Promise<number> {
  const firstDay = localDayKey(from, studio.tz);
  const lastDay = localDayKey(new Date(to.getTime() - 1), studio.tz);
  const waiting = await tx
    .select({ serviceCode: waitlistEntries.serviceCode, firstDay: waitlistEntries.firstDay, lastDay: waitlistEntries.lastDay, parts: waitlistEntries.parts })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.studioSlug, studio.slug), isNull(waitlistEntries.leftAt), lte(waitlistEntries.firstDay, lastDay), gte(waitlistEntries.lastDay, firstDay)));
  let opened = 0;
  for (const code of new Set(waiting.map((w) => w.serviceCode))) {
    const service = await getService(tx, code, { fresh: true });
    if (!service) continue;
    const slots = await findSlots(tx, studio, service, { from, to, now }, { fresh: true, now });
    const wishes = waiting.filter((w) => w.serviceCode === code);
    for (const time of distinctTimes(slots)) {
      if (!wishes.some((w) => wishMatches(w, time.startsAt, studio.tz))) continue;
      const rows = await tx
        .insert(waitlistOpenings)
        .values({ studioSlug: studio.slug, serviceCode: code, startsAt: time.startsAt, endsAt: time.endsAt, createdAt: now, nextBatchAt: now })
        .onConflictDoNothing()
        .returning({ id: waitlistOpenings.id });
      opened += rows.length;
    }
  }
  return opened;
}

/** Whether the opening's time is still free for its service (read fresh, inside the transaction). */
export async function stillFree(tx: Db, studio: Studio, service: Service, startsAt: Date, now: Date) {
  const endsAt = new Date(startsAt.getTime() + service.durationMinutes * 60_000);
  const slots = await findSlots(tx, studio, service, { from: startsAt, to: endsAt, now }, { fresh: true, now });
  return slots.some((s) => s.startsAt.getTime() === startsAt.getTime());
}

/** Due openings → the next batch of offers. Returns how many offers were queued. */
async function sendBatches(db: Db, now: Date, siteOrigin: string, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(waitlistOpenings)
      .where(and(isNull(waitlistOpenings.closedAt), lte(waitlistOpenings.nextBatchAt, now)))
      .orderBy(asc(waitlistOpenings.nextBatchAt), asc(waitlistOpenings.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    let sent = 0;
    for (const opening of due) {
      const close = (reason: "taken" | "nobody") =>
        tx.update(waitlistOpenings).set({ closedAt: now, closedReason: reason, nextBatchAt: null }).where(eq(waitlistOpenings.id, opening.id));
      const studio = await getBookableStudio(tx as Db, opening.studioSlug, { fresh: true });
      const service = await getService(tx as Db, opening.serviceCode, { fresh: true });
      if (!studio || !service || !(await stillFree(tx as Db, studio, service, opening.startsAt, now))) {
        await close("taken");
        continue;
      }
      const day = localDayKey(opening.startsAt, studio.tz);
      const part = dayPartOf(opening.startsAt, studio.tz).value;
      // Live entries waiting for this time that were not offered it yet, oldest first.
      const waiting = (ignoreRecent: boolean) =>
        tx
          .select({ id: waitlistEntries.id, email: waitlistEntries.email, locale: waitlistEntries.locale })
          .from(waitlistEntries)
          .where(
            and(
              eq(waitlistEntries.studioSlug, opening.studioSlug),
              eq(waitlistEntries.serviceCode, opening.serviceCode),
              isNull(waitlistEntries.leftAt),
              lte(waitlistEntries.firstDay, day),
              gte(waitlistEntries.lastDay, day),
              sql`${part} = any(${waitlistEntries.parts})`,
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(waitlistOffers)
                  .where(
                    and(
                      eq(waitlistOffers.entryId, waitlistEntries.id),
                      // One offer per entry per batch wait: several times freed at once go to several patients.
                      ignoreRecent ? eq(waitlistOffers.openingId, opening.id) : or(eq(waitlistOffers.openingId, opening.id), gt(waitlistOffers.sentAt, new Date(now.getTime() - OFFER_BATCH_WAIT_MINUTES * 60_000))),
                    ),
                  ),
              ),
            ),
          )
          .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
          .limit(OFFER_BATCH_SIZE);
      const batch = await waiting(false);
      if (batch.length === 0) {
        // Everyone left was just offered another time: try again after the wait; nobody left at all: close.
        if ((await waiting(true)).length === 0) await close("nobody");
        else await tx.update(waitlistOpenings).set({ nextBatchAt: nextBatchAt(now) }).where(eq(waitlistOpenings.id, opening.id));
        continue;
      }
      for (const entry of batch) {
        const token = newLinkToken();
        const [offer] = await tx.insert(waitlistOffers).values({ openingId: opening.id, entryId: entry.id, tokenHash: hashLinkToken(token), sentAt: now }).returning({ id: waitlistOffers.id });
        // And by text to a patient who agreed to texts (issue 31), with the same claim link.
        await queueOfferText(tx as unknown as Db, { offerId: offer.id, email: entry.email, locale: entry.locale, studio, startsAt: opening.startsAt, claimUrl: claimUrl(siteOrigin, token), now });
        await enqueueEmail(
          tx,
          offerEmail({
            to: entry.email,
            studio,
            service,
            startsAt: opening.startsAt,
            tz: studio.tz,
            claimUrl: claimUrl(siteOrigin, token),
            leaveUrl: offerLeaveUrl(siteOrigin, token),
            locale: entry.locale,
          }),
        );
        sent++;
      }
      await tx
        .update(waitlistOpenings)
        .set({ nextBatchAt: nextBatchAt(now), batches: opening.batches + 1 })
        .where(eq(waitlistOpenings.id, opening.id));
    }
    return sent;
  });
}

/** Ends the entries whose last day has passed everywhere (a day after UTC's, which is after every studio's). */
export async function expireEntries(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(waitlistEntries)
    .set({ leftAt: now, leftReason: "expired" })
    .where(and(isNull(waitlistEntries.leftAt), sql`${waitlistEntries.lastDay} < ${localToday(new Date(now.getTime() - 86_400_000), "UTC")}::date`))
    .returning({ id: waitlistEntries.id });
  return rows.length;
}

/** One run of the sender: the visit record's news heard, freed times become openings, due openings send their next batch. Returns the offers queued. */
export async function sendWaitlistOffers(db: Db, { now = new Date(), siteOrigin, limit = 20 }: { now?: Date; siteOrigin: string; limit?: number }): Promise<number> {
  await consumeVisitEvents(db, "waitlist", async (tx, events) => {
    for (const event of events) await hear(tx, event);
  });
  await openFreedTimes(db, now, limit);
  return sendBatches(db, now, siteOrigin, limit);
}

/** The sender's tick (workers.server.ts runs it on the job helper); entries past their last day end once an hour. */
export function waitlistTick(db: Db, siteOrigin: string) {
  let expiredAt = 0;
  return async (now: Date) => {
    if (now.getTime() - expiredAt > 3_600_000) {
      expiredAt = now.getTime();
      await expireEntries(db, now);
    }
    return sendWaitlistOffers(db, { now, siteOrigin });
  };
}
