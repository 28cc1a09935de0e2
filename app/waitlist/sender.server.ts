/**
 * Offers freed times to the waitlist (issue 19 B, decision 022). Every process runs it; the rows decide who sends:
 *
 * 1. A transaction that frees time (a cancel, a move's old time, a claim whose hold lapsed) records a signal
 *    (`recordFreedTime`), in that same transaction. Staff changing hours bumps the catalogue revision, which the
 *    sender notices and turns into one signal per studio that has live entries.
 * 2. The sender takes due signals with FOR UPDATE SKIP LOCKED, reads the studio's free times in the freed range for
 *    each service somebody waits for there, and records each matching free time once as an opening.
 * 3. It takes due openings the same way and emails the next few matching entries (oldest first), each an offer with
 *    its own claim token; an offer is one row per opening and entry, so nobody is offered a time twice, whatever
 *    the number of processes. The next batch follows after OFFER_BATCH_WAIT_MINUTES unless the time went.
 *
 * With nothing freed, a run is three indexed reads (due signals, due openings, the catalogue revision).
 */
import { and, asc, eq, gt, gte, inArray, isNull, lte, notExists, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { catalogueRevision, waitlistCursor, waitlistEntries, waitlistOffers, waitlistOpenings, waitlistSignals } from "~/db/schema";
import { enqueueEmail } from "~/platform/email.server";
import { redactForLog } from "~/platform/redact";
import { dayPartOf } from "~/rules/day-parts";
import { nextBatchAt, OFFER_BATCH_SIZE, OFFER_BATCH_WAIT_MINUTES, wishMatches } from "~/rules/waitlist";
import { addDays, localDayKey, localMidnight, localToday } from "~/rules/zoned-time";
import { getBookableStudio, getService, type Service, type Studio } from "~/scheduling/catalogue.server";
import { findSlots } from "~/scheduling/slots.server";
import { offerEmail } from "./email";
import { queueOfferText } from "~/sms/outbox.server";
import { hashLinkToken, newLinkToken } from "./tokens.server";

type Tx = Pick<Db, "insert">;

/** Time may have freed up at a studio in [from, to): looked at by the sender from `dueAt` (default: at once). */
export async function recordFreedTime(tx: Tx, freed: { studioSlug: string; from: Date; to: Date; reason: "cancel" | "move" | "claim_lapsed" | "hold_lapsed" | "hours"; dueAt?: Date }) {
  if (freed.from >= freed.to) return;
  await tx.insert(waitlistSignals).values({ studioSlug: freed.studioSlug, fromAt: freed.from, toAt: freed.to, reason: freed.reason, dueAt: freed.dueAt ?? sql`now()` });
}

/** Held times that lapsed unbooked (the hold sweeper's rows): looked at like any freed time. */
export async function recordLapsedHolds(db: Db, holds: { studioSlug: string; startsAt: Date; endsAt: Date }[]) {
  for (const hold of holds) await recordFreedTime(db, { studioSlug: hold.studioSlug, from: hold.startsAt, to: hold.endsAt, reason: "hold_lapsed" });
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

/**
 * Staff changed hours, time off or closures (the catalogue revision moved): every studio with live entries is looked at
 * again, once, by whichever process takes the cursor row first.
 */
async function noticeCatalogueChange(db: Db, now: Date): Promise<void> {
  const [current] = await db.select({ revision: catalogueRevision.revision }).from(catalogueRevision).where(eq(catalogueRevision.id, 1));
  if (!current) return;
  const [cursor] = await db.select().from(waitlistCursor).where(eq(waitlistCursor.id, 1));
  if (!cursor) {
    await db.insert(waitlistCursor).values({ id: 1, seenRevision: current.revision }).onConflictDoNothing();
    return;
  }
  if (cursor.seenRevision === current.revision) return;
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(waitlistCursor).where(eq(waitlistCursor.id, 1)).for("update", { skipLocked: true });
    if (!locked || locked.seenRevision === current.revision) return;
    const studios = await tx
      .select({ studioSlug: waitlistEntries.studioSlug, lastDay: sql<string>`max(${waitlistEntries.lastDay})` })
      .from(waitlistEntries)
      .where(and(isNull(waitlistEntries.leftAt), gte(waitlistEntries.lastDay, localToday(now, "UTC"))))
      .groupBy(waitlistEntries.studioSlug);
    for (const s of studios) {
      const studio = await getBookableStudio(tx as Db, s.studioSlug, { fresh: true });
      if (studio) await recordFreedTime(tx, { studioSlug: s.studioSlug, from: now, to: localMidnight(addDays(String(s.lastDay), 1), studio.tz), reason: "hours", dueAt: now });
    }
    await tx.update(waitlistCursor).set({ seenRevision: current.revision }).where(eq(waitlistCursor.id, 1));
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

/** One run of the sender: freed times become openings, due openings send their next batch. Returns the offers queued. */
export async function sendWaitlistOffers(db: Db, { now = new Date(), siteOrigin, limit = 20 }: { now?: Date; siteOrigin: string; limit?: number }): Promise<number> {
  await noticeCatalogueChange(db, now);
  await openFreedTimes(db, now, limit);
  return sendBatches(db, now, siteOrigin, limit);
}

let nudge: (() => void) | null = null;
/** Time was just freed in this process (its transaction committed): look now rather than at the next tick. */
export function nudgeWaitlistSender() {
  nudge?.();
}

/** Every container runs this; the rows make sure each offer goes once. */
export function startWaitlistWorker(db: Db, { siteOrigin, intervalMs = 15_000 }: { siteOrigin: string; intervalMs?: number }) {
  let running = false;
  let expiredAt = 0;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const now = new Date();
      if (now.getTime() - expiredAt > 3_600_000) {
        expiredAt = now.getTime();
        await expireEntries(db, now);
      }
      while ((await sendWaitlistOffers(db, { siteOrigin })) > 0) {
        // a backlog is sent in batches
      }
    } catch (error) {
      console.error("[waitlist] run failed:", redactForLog(error));
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  nudge = () => void run();
  return {
    stop: () => {
      clearInterval(timer);
      nudge = null;
    },
  };
}
