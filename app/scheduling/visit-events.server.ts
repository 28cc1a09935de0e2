/**
 * The record of what happened to each visit (issue 30 A, decision 031). Every change of a visit writes its event
 * here, inside the change's own transaction: booked (each visit of a family pair), moved, cancelled (by the patient or
 * the studio), arrived, completed, no-show; and every freed time (a cancel, a move's old time, a lapsed hold, staff
 * availability) says so. Rows are never updated (a trigger refuses it) and go only with their visit.
 *
 * Whoever acts on a change later — the visit emails and texts (app/visit-notices), the waitlist's offers, webhook
 * deliveries — is a consumer: it reads the record in commit order through its own cursor (`consumeVisitEvents`).
 * Scheduling imports none of them; after a commit it only says "there is news" (`visitEventsCommitted`), which wakes
 * the consumers' jobs in this process at once (other processes hear the insert's NOTIFY at commit, decision 070). The
 * one thing of a change that is not a consumer's is the late-cancel fee: recorded in the cancel's own transaction
 * (payments' `recordFeeDue`), so a late cancel is never free by racing its own fee (decision 070).
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, visitEventCursors, visitEvents, type VisitEventType } from "~/db/schema";
import { wake } from "~/jobs/job.server";

export type VisitEvent = typeof visitEvents.$inferSelect;
export type VisitStatus = "booked" | "arrived" | "completed" | "no_show" | "cancelled";

/** A visit's status as people say it (the console's tags, webhook payloads). */
export function visitStatus(row: { status: string; arrivedAt: Date | null }): VisitStatus {
  if (row.status === "CANCELLED") return "cancelled";
  if (row.status === "COMPLETED") return "completed";
  if (row.status === "NO_SHOW") return "no_show";
  return row.arrivedAt ? "arrived" : "booked";
}

/** The topic the consumers' jobs wake on (job.server.ts `wake`). */
export const VISIT_EVENTS_TOPIC = "visit-events";

type Tx = Pick<Db, "insert">;
type Visit = Pick<typeof appointments.$inferSelect, "id" | "studioSlug" | "serviceType" | "startsAt" | "endsAt" | "status" | "arrivedAt">;
export type FreedReason = "cancel" | "move" | "hold_lapsed" | "availability";

/**
 * Appends one event of a visit (its state after the change), numbered after the visit's last one. Called under the
 * visit's row lock (or right after its insert), so a visit's numbers follow the order of its changes. `at` is the
 * change's own clock (the `now` it was decided at), never the database's: the consumers compare it with theirs.
 */
export async function recordVisitEvent(
  tx: Tx,
  type: Exclude<VisitEventType, "time.freed">,
  visit: Visit,
  change: { at: Date; previousStartsAt?: Date; cancelledBy?: "patient" | "staff" | "account_closed"; freed?: { from: Date; to: Date; reason: FreedReason }; channel?: "online" | "phone" | "waitlist" },
) {
  await tx.insert(visitEvents).values({
    visitId: visit.id,
    seq: sql`(select coalesce(max(seq), 0) + 1 from visit_events where visit_id = ${visit.id})`,
    type,
    studioSlug: visit.studioSlug,
    serviceCode: visit.serviceType,
    startsAt: visit.startsAt,
    status: visitStatus(visit),
    previousStartsAt: change.previousStartsAt ?? null,
    cancelledBy: change.cancelledBy ?? null,
    freedFrom: change.freed?.from ?? null,
    freedTo: change.freed?.to ?? null,
    freedReason: change.freed?.reason ?? null,
    channel: change.channel ?? null,
    at: change.at,
  });
}

/** A `time.freed` visit event: time freed at a studio by no visit's change (a hold that lapsed unbooked, staff availability that grew). */
export async function recordTimeFreedEvent(tx: Tx, freed: { studioSlug: string; from: Date; to: Date; reason: "hold_lapsed" | "availability"; at: Date }) {
  if (freed.from >= freed.to) return;
  await tx.insert(visitEvents).values({ type: "time.freed", studioSlug: freed.studioSlug, freedFrom: freed.from, freedTo: freed.to, freedReason: freed.reason, at: freed.at });
}

/** One wake of this process's consumers a moment from now, however many of them found events still settling. */
let lookingAgain: NodeJS.Timeout | null = null;
function lookAgainSoon() {
  if (lookingAgain) return;
  lookingAgain = setTimeout(() => {
    lookingAgain = null;
    visitEventsCommitted();
  }, 250);
  lookingAgain.unref();
}

/** After the commit of a transaction that wrote events: this process's consumers look now, not at their next tick. */
export function visitEventsCommitted() {
  wake(VISIT_EVENTS_TOPIC);
}

/**
 * The transaction ids below which every transaction of this database has ended (committed or rolled back): no event
 * with a smaller `tx_id` can still appear. The horizon is read first, then the transactions still running here (a
 * transaction not yet listed then gets a larger id than the horizon). Only this database's client backends count:
 * transaction ids are shared by the whole server, and an unrelated database's long transaction must not hold us up;
 * nor may autovacuum's ANALYZE, which takes an id to write its statistics but never writes an event (seen holding a
 * consumer back under load, 2026-12-02).
 */
async function settledBelow(tx: Pick<Db, "execute">): Promise<number> {
  const rows = async (query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [{ horizon }] = await rows(sql`select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as horizon`);
  const h = Number(horizon);
  // backend_xid is 32 bits: placed below the horizon (ids wrap at 2^32; a running transaction is never 2^32 old).
  const [{ oldest }] = await rows(sql`
    select min(${h}::bigint - (((${h}::bigint & 4294967295) - backend_xid::text::bigint + 4294967296) % 4294967296)) as oldest
    from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid() and backend_xid is not null`);
  return oldest === null || oldest === undefined ? h : Math.min(h, Number(oldest));
}

/**
 * Gives `consumer` its next events (at most `limit`, in commit order) inside one transaction with its cursor, and
 * advances the cursor when `handle` succeeds: each event is handled once per consumer, whatever the number of
 * processes (the cursor row is claimed with SKIP LOCKED; another process finds it taken and does nothing). Only events
 * of transactions that have ended are read (`settledBelow`): an event whose transaction commits late is never passed
 * over. Returns how many events were handled.
 */
export async function consumeVisitEvents(db: Db, consumer: string, handle: (tx: Db, events: VisitEvent[]) => Promise<void>, limit = 200): Promise<number> {
  await db.insert(visitEventCursors).values({ consumer }).onConflictDoNothing();
  return db.transaction(async (tx) => {
    const [cursor] = await tx.select().from(visitEventCursors).where(eq(visitEventCursors.consumer, consumer)).for("update", { skipLocked: true });
    if (!cursor) return 0;
    const settled = await settledBelow(tx);
    const events = await tx
      .select()
      .from(visitEvents)
      .where(sql`(${visitEvents.txId}, ${visitEvents.id}) > (${cursor.txId}::bigint, ${cursor.eventId}::bigint) and ${visitEvents.txId} < ${settled}::bigint`)
      .orderBy(visitEvents.txId, visitEvents.id)
      .limit(limit);
    if (events.length === 0) {
      // Newer events whose transactions are still ending (another writer's transaction was open at this read): looked
      // at again in a moment, not at the consumer's next tick (a woken waitlist would otherwise wait its whole period).
      const [held] = await tx
        .select({ id: visitEvents.id })
        .from(visitEvents)
        .where(sql`(${visitEvents.txId}, ${visitEvents.id}) > (${cursor.txId}::bigint, ${cursor.eventId}::bigint)`)
        .limit(1);
      if (held) lookAgainSoon();
      return 0;
    }
    await handle(tx as unknown as Db, events);
    const last = events[events.length - 1];
    await tx.update(visitEventCursors).set({ txId: last.txId, eventId: last.id }).where(eq(visitEventCursors.consumer, consumer));
    return events.length;
  });
}
