/**
 * A text from a patient (issue 31 C), handled once per provider message id (sms_inbound_once): STOP words stop every
 * later text and get one confirmation; START/UNSTOP turn texts on again; HELP/AYUDA answer with the studio's name
 * and phone and how to stop; C/YES/SI/CONFIRMAR confirm the visit the last text was about; R answers with the link
 * to move it. Anything else (and C or R with no upcoming visit) goes to the studio's inbox. Answers go out through
 * the outbox at once (not held for quiet hours: the patient just wrote). Every reply joins the studio's thread with
 * the number (threads.server.ts); one for a person makes it wait for staff.
 */
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, smsInbound, smsOutbox, smsVisitConfirmations } from "~/db/schema";
import { intentOf, type Intent } from "./keywords";
import { startNumber, stopNumber } from "./consent.server";
import { queueText, queueVisitText, studioForText } from "./outbox.server";
import { composeText } from "./templates";
import { recordReplyInThread } from "./threads.server";

export type InboundText = { messageSid: string; from: string; body: string };

/** What the texts to this number were about: the visit of the latest visit text (if still upcoming and confirmed), the studio of the latest text. */
async function contextOf(tx: Db, from: string, now: Date) {
  const latest = (where: ReturnType<typeof and>) =>
    tx.select({ appointmentId: smsOutbox.appointmentId, studioSlug: smsOutbox.studioSlug }).from(smsOutbox).where(where).orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id)).limit(1);
  const [aboutVisit] = await latest(and(eq(smsOutbox.to, from), isNotNull(smsOutbox.appointmentId)));
  const [last] = await latest(and(eq(smsOutbox.to, from), isNotNull(smsOutbox.studioSlug)));
  const [visit] = aboutVisit?.appointmentId ? await tx.select().from(appointments).where(eq(appointments.id, aboutVisit.appointmentId)) : [];
  const upcoming = visit && visit.status === "CONFIRMED" && visit.startsAt > now ? visit : null;
  return { visit: upcoming, studioSlug: last?.studioSlug ?? null, locale: visit?.locale ?? "en-US" };
}

/** Handles a patient's text. Returns what it was taken as, or "duplicate" for a message id seen before. */
export async function handleInbound(db: Db, text: InboundText, { now, siteOrigin }: { now: Date; siteOrigin: string }): Promise<Intent | "duplicate"> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const context = await contextOf(tx, text.from, now);
    let intent = intentOf(text.body);
    if ((intent === "confirm" || intent === "move") && !context.visit) intent = "studio";
    const [row] = await tx
      .insert(smsInbound)
      .values({
        messageSid: text.messageSid,
        from: text.from,
        body: text.body.slice(0, 1600),
        receivedAt: now,
        handledAs: intent,
        studioSlug: context.studioSlug,
        appointmentId: context.visit?.id ?? null,
      })
      .onConflictDoNothing({ target: smsInbound.messageSid })
      .returning({ id: smsInbound.id });
    if (!row) return "duplicate";
    if (context.studioSlug) {
      const threadId = await recordReplyInThread(tx, { studioSlug: context.studioSlug, phone: text.from, forStaff: intent === "studio", now });
      await tx.update(smsInbound).set({ threadId }).where(eq(smsInbound.id, row.id));
    }
    const studio = context.studioSlug ? await studioForText(tx, context.studioSlug) : null;
    const answer = async (kind: "stop" | "start" | "help") => {
      const body = composeText(kind, context.locale, { studio: studio?.name ?? "", phone: studio?.phone ?? "" });
      if (body) await queueText(tx, { dedupeKey: `in:${row.id}:${kind}`, kind, to: text.from, body, studioSlug: context.studioSlug, quietZone: null, now });
    };
    switch (intent) {
      case "stop":
        await stopNumber(tx, text.from, now);
        await answer("stop");
        break;
      case "start":
        await startNumber(tx, text.from, now);
        await answer("start");
        break;
      case "help":
        await answer("help");
        break;
      case "confirm":
        await tx
          .insert(smsVisitConfirmations)
          .values({ appointmentId: context.visit!.id, visitStartsAt: context.visit!.startsAt, confirmedAt: now })
          .onConflictDoUpdate({ target: smsVisitConfirmations.appointmentId, set: { visitStartsAt: context.visit!.startsAt, confirmedAt: now } });
        await queueVisitText(tx, { appointmentId: context.visit!.id, kind: "confirmed", now, siteOrigin, to: text.from, answerTo: row.id });
        break;
      case "move":
        await queueVisitText(tx, { appointmentId: context.visit!.id, kind: "move_link", now, siteOrigin, to: text.from, answerTo: row.id });
        break;
      case "studio":
        break;
    }
    return intent;
  });
}

/** Whether the patient confirmed the visit by text, for its current start. */
export async function confirmedByText(db: Pick<Db, "select">, appointmentIds: number[]): Promise<Set<number>> {
  if (appointmentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: smsVisitConfirmations.appointmentId })
    .from(smsVisitConfirmations)
    .innerJoin(appointments, and(eq(appointments.id, smsVisitConfirmations.appointmentId), eq(appointments.startsAt, smsVisitConfirmations.visitStartsAt)))
    .where(inArray(smsVisitConfirmations.appointmentId, appointmentIds));
  return new Set(rows.map((r) => r.id));
}
