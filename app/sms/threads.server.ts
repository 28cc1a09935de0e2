/**
 * A studio's conversations by text (issue 31 C, decision 062). A thread is one studio and one number: the studio is
 * the one whose text the number last got (inbound.server.ts), so a patient of two studios has two threads. Every
 * reply of the number to that studio is in it, and every text we sent the number for that studio. A reply for a
 * person (anything but the keywords) makes the thread wait (`waiting_since`) until staff answer it or mark it
 * handled; a reply that arrives after the page staff answered from was shown keeps it waiting.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { smsInbound, smsOutbox, smsThreads } from "~/db/schema";
import { numberOpen } from "./consent.server";
import { queueText, studioForText } from "./outbox.server";
import { composeStaffAnswer, type StaffAnswer } from "./templates";

type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;
export type Thread = typeof smsThreads.$inferSelect;

/** An opaque, unguessable id for URLs (never the number). */
const newPublicId = () => randomBytes(16).toString("base64url");
export const isThreadId = (raw: string | undefined): raw is string => typeof raw === "string" && /^[A-Za-z0-9_-]{16,40}$/.test(raw);

/** The thread of a studio and number, made on its first reply; a reply for a person makes it wait. Returns its id. */
export async function recordReplyInThread(tx: Tx, input: { studioSlug: string; phone: string; forStaff: boolean; now: Date }): Promise<number> {
  const [row] = await tx
    .insert(smsThreads)
    .values({ publicId: newPublicId(), studioSlug: input.studioSlug, phone: input.phone, lastInboundAt: input.now, waitingSince: input.forStaff ? input.now : null })
    .onConflictDoUpdate({
      target: [smsThreads.studioSlug, smsThreads.phone],
      set: {
        lastInboundAt: sql`greatest(${smsThreads.lastInboundAt}, excluded.last_inbound_at)`,
        waitingSince: input.forStaff ? sql`coalesce(${smsThreads.waitingSince}, excluded.last_inbound_at)` : sql`${smsThreads.waitingSince}`,
      },
    })
    .returning({ id: smsThreads.id });
  return row!.id;
}

export async function findThread(db: Pick<Db, "select">, publicId: string, studioSlugs: string[]): Promise<Thread | null> {
  if (!isThreadId(publicId) || studioSlugs.length === 0) return null;
  const [row] = await db.select().from(smsThreads).where(and(eq(smsThreads.publicId, publicId), inArray(smsThreads.studioSlug, studioSlugs)));
  return row ?? null;
}

/** How many of the studios' threads wait for a person: the console bar's count (the waiting index answers it). */
export async function waitingThreadCount(db: Pick<Db, "select">, studioSlugs: string[]): Promise<number> {
  if (studioSlugs.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsThreads)
    .where(and(inArray(smsThreads.studioSlug, studioSlugs), isNotNull(smsThreads.waitingSince)));
  return row?.n ?? 0;
}

/**
 * The studios' threads waiting for a person (longest first), and the latest others (most recent reply first). No
 * message text: reading one is opening the thread (audited, console/texts.server.ts).
 */
export async function listThreads(db: Pick<Db, "select">, studioSlugs: string[], { recent = 30 } = {}) {
  if (studioSlugs.length === 0) return { waiting: [], recent: [] };
  const [waiting, others] = await Promise.all([
    db
      .select()
      .from(smsThreads)
      .where(and(inArray(smsThreads.studioSlug, studioSlugs), isNotNull(smsThreads.waitingSince)))
      .orderBy(asc(smsThreads.waitingSince))
      .limit(200),
    db
      .select()
      .from(smsThreads)
      .where(and(inArray(smsThreads.studioSlug, studioSlugs), isNull(smsThreads.waitingSince)))
      .orderBy(desc(smsThreads.lastInboundAt))
      .limit(recent),
  ]);
  return { waiting, recent: others };
}

export type ThreadMessage = {
  direction: "in" | "out";
  id: number;
  at: Date;
  body: string;
  /** in: what the reply was taken as; out: the text's kind. */
  kind: string;
  appointmentId: number | null;
  staffId: number | null;
  status: string | null;
  skipped: string | null;
  delivery: string | null;
  errorCode: number | null;
};

const inbound = (r: typeof smsInbound.$inferSelect): ThreadMessage => ({
  direction: "in",
  id: r.id,
  at: r.receivedAt,
  body: r.body,
  kind: r.handledAs,
  appointmentId: r.appointmentId,
  staffId: null,
  status: null,
  skipped: null,
  delivery: null,
  errorCode: null,
});
const outbound = (r: typeof smsOutbox.$inferSelect): ThreadMessage => ({
  direction: "out",
  id: r.id,
  at: r.sentAt ?? r.createdAt,
  body: r.body,
  kind: r.kind,
  appointmentId: r.appointmentId,
  staffId: r.staffId,
  status: r.status,
  skipped: r.skipped,
  delivery: r.delivery,
  errorCode: r.errorCode,
});
const byTime = (a: ThreadMessage, b: ThreadMessage) => a.at.getTime() - b.at.getTime() || (a.direction === b.direction ? a.id - b.id : a.direction === "in" ? -1 : 1);

/** The thread's messages, oldest first (the latest 200 each way). */
export async function threadMessages(db: Pick<Db, "select">, thread: Thread): Promise<ThreadMessage[]> {
  const [ins, outs] = await Promise.all([
    db.select().from(smsInbound).where(eq(smsInbound.threadId, thread.id)).orderBy(desc(smsInbound.id)).limit(200),
    db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.to, thread.phone), eq(smsOutbox.studioSlug, thread.studioSlug)))
      .orderBy(desc(smsOutbox.id))
      .limit(200),
  ]);
  return [...ins.map(inbound), ...outs.map(outbound)].sort(byTime);
}

/** A visit's texts both ways (what we sent about it, what the patient answered about it), oldest first. */
export async function visitMessages(db: Pick<Db, "select">, appointmentId: number): Promise<ThreadMessage[]> {
  const [ins, outs] = await Promise.all([
    db.select().from(smsInbound).where(eq(smsInbound.appointmentId, appointmentId)).orderBy(asc(smsInbound.id)).limit(200),
    db.select().from(smsOutbox).where(eq(smsOutbox.appointmentId, appointmentId)).orderBy(asc(smsOutbox.id)).limit(200),
  ]);
  return [...ins.map(inbound), ...outs.map(outbound)].sort(byTime);
}

/** The thread of the studio with the numbers a visit's texts went to or came from (the latest reply's first). */
export async function threadOfVisit(db: Pick<Db, "select">, studioSlug: string, messages: ThreadMessage[]): Promise<Thread | null> {
  const phones = new Set<string>();
  const ids = messages.filter((m) => m.direction === "in").map((m) => m.id);
  const outIds = messages.filter((m) => m.direction === "out").map((m) => m.id);
  if (ids.length) for (const r of await db.select({ from: smsInbound.from }).from(smsInbound).where(inArray(smsInbound.id, ids))) phones.add(r.from);
  if (outIds.length) for (const r of await db.select({ to: smsOutbox.to }).from(smsOutbox).where(inArray(smsOutbox.id, outIds))) phones.add(r.to);
  if (phones.size === 0) return null;
  const [row] = await db
    .select()
    .from(smsThreads)
    .where(and(eq(smsThreads.studioSlug, studioSlug), inArray(smsThreads.phone, [...phones])))
    .orderBy(desc(smsThreads.lastInboundAt))
    .limit(1);
  return row ?? null;
}

/** The text a staff answer goes out as (the brand and studio first), its encoding and segments (templates.ts). */
export async function staffText(db: Pick<Db, "select">, thread: Thread, message: string): Promise<StaffAnswer> {
  const studio = await studioForText(db, thread.studioSlug);
  return composeStaffAnswer(studio?.name ?? "", message);
}

/**
 * Clears the thread's wait, unless a reply for a person came after the one staff saw (`seenInboundId`): that one
 * still waits. Returns whether the thread stopped waiting.
 */
async function clearWait(tx: Tx, thread: Thread, staffId: number, seenInboundId: number, now: Date): Promise<boolean> {
  const newer = tx
    .select({ one: sql`1` })
    .from(smsInbound)
    .where(and(eq(smsInbound.threadId, thread.id), eq(smsInbound.handledAs, "studio"), gt(smsInbound.id, seenInboundId)));
  const rows = await tx
    .update(smsThreads)
    .set({ waitingSince: null, handledAt: now, handledBy: staffId })
    .where(and(eq(smsThreads.id, thread.id), sql`not exists (${newer})`))
    .returning({ id: smsThreads.id });
  return rows.length > 0;
}

/**
 * Staff's answer (through the outbox, sent at once: the patient wrote; STOP still wins, sender.server.ts), once per
 * form (`nonce`: a second post of the same form queues nothing), and the thread no longer waiting.
 */
export async function answerThread(
  db: Db,
  input: { thread: Thread; body: string; staffId: number; nonce: string; seenInboundId: number; now: Date; /** The UCS-2 segment count the form showed. */ confirmedSegments?: number },
): Promise<{ ok: true; queued: boolean; outboxId: number | null } | { ok: false; code: "too_long" | "check"; answer: StaffAnswer } | { ok: false; code: "stopped" }> {
  const answer = await staffText(db, input.thread, input.body);
  if (!answer.fits) return { ok: false, code: "too_long", answer };
  // UCS-2 costs more segments than staff may expect: sent only once the form has shown this count.
  if (answer.encoding === "UCS-2" && input.confirmedSegments !== answer.segments) return { ok: false, code: "check", answer };
  const body = answer.text;
  if (!(await numberOpen(db, input.thread.phone))) return { ok: false, code: "stopped" };
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const dedupeKey = `staff:${input.thread.id}:${input.nonce}`;
    const queued = await queueText(tx, {
      dedupeKey,
      kind: "staff",
      to: input.thread.phone,
      body,
      studioSlug: input.thread.studioSlug,
      quietZone: null,
      staffId: input.staffId,
      now: input.now,
    });
    const [row] = await tx.select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.dedupeKey, dedupeKey));
    if (queued) await clearWait(tx, input.thread, input.staffId, input.seenInboundId, input.now);
    return { ok: true as const, queued, outboxId: row?.id ?? null };
  });
}

/** "Handled" without an answer (the patient was called back, or nothing to say). */
export function markThreadHandled(db: Db, input: { thread: Thread; staffId: number; seenInboundId: number; now: Date }): Promise<boolean> {
  return clearWait(db, input.thread, input.staffId, input.seenInboundId, input.now);
}

/** The latest reply in the thread (what the page showed last), for the forms' `seen`. */
export async function latestInboundId(db: Pick<Db, "select">, thread: Thread): Promise<number> {
  const [row] = await db
    .select({ id: smsInbound.id })
    .from(smsInbound)
    .where(eq(smsInbound.threadId, thread.id))
    .orderBy(desc(smsInbound.id))
    .limit(1);
  return row?.id ?? 0;
}
