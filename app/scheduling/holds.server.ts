/**
 * Slot holds (issue 19 A, decision 021): the time a patient chose is theirs for SLOT_HOLD_MINUTES while they finish
 * booking, in the database, so every process sees it.
 *
 * The API (stable; the waitlist's claim links place holds through it too):
 * - `newBookingId()`: the id of one booking attempt (one browser's funnel), kept in the encrypted booking cookie.
 *   A booking has at most one hold (`slot_holds.booking_id` is unique).
 * - `placeHold(db, { bookingId, studioSlug, serviceCode, startsAt })`: holds that time for the booking on one free
 *   provider, releasing the booking's earlier hold in the same transaction (choosing another time releases the
 *   first). Choosing the time it already holds keeps that hold as it is (`placed: false`, not extended). Answers
 *   `taken` when the time is not free for this booking (booked, held by another booking, or never offered).
 *   Race-safe across processes: it takes the booking's studio-day lock (decision 007) and the exclusion constraint
 *   `slot_holds_no_provider_overlap` refuses two live holds on one provider's time whatever the code above does.
 * - `heldSlot(hold)`: the booking cookie's `slot` for it (with `heldUntil`), saved with `bookingId`.
 * - `readHold(db, bookingId)`: the booking's hold row, live or expired (`isLive(hold, now)` tells which), or null.
 * - `releaseHold(db, bookingId)`: deletes it (a booking made deletes its hold inside the booking's transaction).
 * - `sweepExpiredHolds(db, now)`: deletes expired rows, each by one process (SKIP LOCKED), records each one's time as
 *   freed (visit_events: the waitlist offers it again) and returns them.
 * - The exclusion used by availability: `liveHolds` (slots.server.ts) is read in the same union as time off and
 *   appointments, and `findSlots(…, { holder: bookingId })` treats every live hold but that booking's own as busy.
 *   Holds are not visits: no visit list reads slot_holds.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { slotHolds } from "~/db/schema";
import { getEnv } from "~/platform/env.server";
import { errorCode, lockStudioDay, RETRYABLE, violatedConstraint, withRetries } from "./book.server";
import { forgetCached, getBookableStudio, getService } from "./catalogue.server";
import { findSlots } from "./slots.server";
import { recordTimeFreedEvent, visitEventsCommitted } from "./visit-events.server";

export { liveHolds } from "./slots.server";

export type Hold = typeof slotHolds.$inferSelect;

/** A booking id: 192 random bits, base64url (32 characters); the database checks the same shape. */
export const BOOKING_ID = /^[A-Za-z0-9_-]{32}$/;
export const newBookingId = () => randomBytes(24).toString("base64url");

/** SLOT_HOLD_MINUTES (1–60, default 10). */
export const holdMinutes = () => getEnv().SLOT_HOLD_MINUTES;

export const isLive = (hold: Pick<Hold, "expiresAt">, now: Date = new Date()) => hold.expiresAt.getTime() > now.getTime();

/**
 * The booking cookie's `slot` for a placed hold (its time, and until when it is held in epoch seconds, which the later
 * steps show): whoever places a hold for a booking (the times step, a waitlist claim) saves this with the booking id.
 */
export const heldSlot = (hold: Pick<Hold, "startsAt" | "endsAt" | "expiresAt">) => ({
  startsAt: hold.startsAt.toISOString(),
  endsAt: hold.endsAt.toISOString(),
  heldUntil: Math.floor(hold.expiresAt.getTime() / 1000),
});

export type PlaceHoldRequest = {
  bookingId: string;
  studioSlug: string;
  serviceCode: string;
  startsAt: Date;
  now?: Date;
  /** Default SLOT_HOLD_MINUTES. */
  minutes?: number;
  /** Hold it on this provider only (the console's "with this provider", issue 38 A); any free one by default. */
  providerId?: number;
  /** Times this many days ahead may be held (a series' occurrences, issue 39); default the booking window. */
  horizonDays?: number;
  /** Placed by claiming a waitlist offer: the booking made on it is the waitlist's channel (issue 38 E). */
  via?: "waitlist";
};

export type PlaceHoldOutcome =
  | { ok: true; hold: Hold; /** false: the booking already held this very time (kept, not extended). */ placed: boolean }
  | { ok: false; code: "taken" | "generic_error" };

class Taken extends Error {}

/** Holds a time for a booking (see the module's comment). */
export function placeHold(db: Db, request: PlaceHoldRequest): Promise<PlaceHoldOutcome> {
  if (!BOOKING_ID.test(request.bookingId)) throw new Error("placeHold: not a booking id");
  return withRetries("hold", () => placeOnce(db, request), { ok: false, code: "generic_error" } as PlaceHoldOutcome);
}

async function placeOnce(db: Db, request: PlaceHoldRequest): Promise<PlaceHoldOutcome | "retry"> {
  const now = request.now ?? new Date();
  const minutes = request.minutes ?? holdMinutes();
  try {
    const outcome = await db.transaction(async (tx) => {
      const service = await getService(tx as Db, request.serviceCode, { fresh: true });
      const studio = await getBookableStudio(tx as Db, request.studioSlug, { fresh: true });
      if (!service || !studio) throw new Taken();
      // Holds and bookings of one studio-day take their turn: whoever comes second reads the first one's row.
      await lockStudioDay(tx, studio, request.startsAt);
      const [own] = await tx.select().from(slotHolds).where(eq(slotHolds.bookingId, request.bookingId)).for("update");
      if (
        own &&
        isLive(own, now) &&
        own.studioSlug === studio.slug &&
        own.serviceType === service.code &&
        own.startsAt.getTime() === request.startsAt.getTime()
      ) {
        if ((request.via ?? null) !== own.via) await tx.update(slotHolds).set({ via: request.via ?? null }).where(eq(slotHolds.id, own.id));
        return { ok: true as const, hold: own, placed: false };
      }
      const endsAt = new Date(request.startsAt.getTime() + service.durationMinutes * 60_000);
      // Choosing another time releases the first (kept if this one cannot be held: the transaction rolls back).
      if (own) await tx.delete(slotHolds).where(eq(slotHolds.id, own.id));
      // Expired holds in the way hold nothing: deleted here, under the lock, so the constraint sees live ones only.
      await tx
        .delete(slotHolds)
        .where(and(eq(slotHolds.studioSlug, studio.slug), lt(slotHolds.startsAt, endsAt), gt(slotHolds.endsAt, request.startsAt), lte(slotHolds.expiresAt, now)));
      const slot = (
        await findSlots(tx as Db, studio, service, { from: request.startsAt, to: endsAt, now }, { fresh: true, holder: request.bookingId, now, horizonDays: request.horizonDays })
      ).find((s) => s.startsAt.getTime() === request.startsAt.getTime());
      if (!slot) throw new Taken();
      const expiresAt = new Date(now.getTime() + minutes * 60_000);
      const free = request.providerId === undefined ? slot.providerIds : slot.providerIds.filter((id) => id === request.providerId);
      if (!free.length) throw new Taken();
      for (const providerId of [...free].sort((a, b) => a - b)) {
        try {
          // A savepoint per try: a refused insert must not abort the whole transaction.
          const hold = await tx.transaction(async (sp) => {
            const [row] = await sp
              .insert(slotHolds)
              .values({ bookingId: request.bookingId, studioSlug: studio.slug, serviceType: service.code, providerId, startsAt: request.startsAt, endsAt, expiresAt, via: request.via ?? null })
              .returning();
            return row;
          });
          return { ok: true as const, hold, placed: true };
        } catch (error) {
          if (violatedConstraint(error) !== "slot_holds_no_provider_overlap") throw error;
          // that provider's time was just held by another booking: try the next free one
        }
      }
      throw new Taken();
    });
    forgetCached(db, "live:"); // this process's pages stop offering it at once
    return outcome;
  } catch (error) {
    if (error instanceof Taken) return { ok: false, code: "taken" };
    if (RETRYABLE.has(errorCode(error) ?? "")) return "retry";
    if (violatedConstraint(error) === "slot_holds_no_provider_overlap") return { ok: false, code: "taken" };
    console.error(`[hold] failed: ${error instanceof Error ? error.name : "unknown"} ${errorCode(error) ?? ""}`);
    return { ok: false, code: "generic_error" };
  }
}

/** The booking's hold, live or expired (see `isLive`), or null. A malformed id is no booking's: no query. */
export async function readHold(db: Pick<Db, "select">, bookingId: string | undefined | null): Promise<Hold | null> {
  if (!bookingId || !BOOKING_ID.test(bookingId)) return null;
  const [row] = await db.select().from(slotHolds).where(eq(slotHolds.bookingId, bookingId));
  return row ?? null;
}

/** Deletes the booking's hold; answers the row deleted (null: it had none). */
export async function releaseHold(db: Pick<Db, "delete">, bookingId: string | undefined | null): Promise<Hold | null> {
  if (!bookingId || !BOOKING_ID.test(bookingId)) return null;
  const [row] = await db.delete(slotHolds).where(eq(slotHolds.bookingId, bookingId)).returning();
  if (row) forgetCached(db, "live:");
  return row ?? null;
}

/** How long a hold may live in all, from when its time was chosen, however often it is extended (extendHold). */
export const HOLD_MAX_LIFE_MINUTES = 90;

/**
 * Keeps a booking's live hold until `until` (a trip to the card processor's page: Stripe's Checkout Session lives at
 * least 30 minutes, decision 060), never shortening it and never past HOLD_MAX_LIFE_MINUTES from its creation, so
 * going back and forth cannot keep a time off the calendar for good. An expired or absent hold is not revived (the
 * booking then books the time if it is still free, as after any lapse). Answers the hold as it now is, or null.
 */
export async function extendHold(db: Pick<Db, "update">, bookingId: string | undefined | null, until: Date, now: Date = new Date()): Promise<Hold | null> {
  if (!bookingId || !BOOKING_ID.test(bookingId)) return null;
  const cap = sql`${slotHolds.createdAt} + make_interval(mins => ${HOLD_MAX_LIFE_MINUTES})`;
  const [row] = await db
    .update(slotHolds)
    .set({ expiresAt: sql`greatest(${slotHolds.expiresAt}, least(${until.toISOString()}::timestamptz, ${cap}))` })
    .where(and(eq(slotHolds.bookingId, bookingId), gt(slotHolds.expiresAt, now)))
    .returning();
  return row ?? null;
}

/**
 * Deletes up to `limit` expired holds, oldest expiry first, and returns them; each one's time is recorded as freed
 * (visit_events, in the same transaction: the waitlist looks at it). Processes sweeping at once never return one row
 * twice (each row is locked by one and skipped by the others).
 */
export async function sweepExpiredHolds(db: Db, now: Date = new Date(), limit = 500): Promise<Hold[]> {
  const swept = await db.transaction(async (tx) => {
    const expired = tx
      .select({ id: slotHolds.id })
      .from(slotHolds)
      .where(lte(slotHolds.expiresAt, now))
      .orderBy(slotHolds.expiresAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    const rows = await tx.delete(slotHolds).where(sql`${slotHolds.id} in (${expired})`).returning();
    for (const hold of rows) await recordTimeFreedEvent(tx, { studioSlug: hold.studioSlug, from: hold.startsAt, to: hold.endsAt, reason: "hold_lapsed", at: now });
    return rows;
  });
  if (swept.length > 0) visitEventsCommitted();
  return swept;
}
