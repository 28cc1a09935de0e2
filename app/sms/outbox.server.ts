/**
 * The SMS outbox (issue 31 B, decision 036): every text is a row first, written in the transaction of what it
 * reports, under a key naming its purpose (`sms_outbox_once`), so it exists once however many processes queue it;
 * the sender (sender.server.ts) delivers it later. Quiet hours are the studio's; a visit's texts are for the visit's
 * start when queued and are dropped when the visit has another start, is cancelled or has begun.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, patients, smsConsents, smsOutbox, studios } from "~/db/schema";
import { formatPhone } from "~/rules/phone";
import { studioTimezone } from "~/rules/timezones";
import { outsideQuietHours } from "./quiet-hours";
import { composeText, type TextKind } from "./templates";
import { textableNumber } from "./consent.server";

type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;

/** The topic the texts' job wakes on (`wake` in app/jobs; the database's notice from other processes, decision 070). */
export const SMS_TOPIC = "sms";

/** Texts about a visit (their key: visit, kind and the visit's start). */
export type VisitTextKind = "booked" | "series_booked" | "moved" | "cancelled" | "series_cancelled" | "reminder_2d" | "reminder_2h" | "confirmed" | "move_link" | "card_link" | "intake_link";
/** Kinds we start (counted in the daily cap and kept out of the night); answers to a patient's own text are not. */
const STARTED_BY_US = new Set<TextKind>(["booked", "series_booked", "moved", "cancelled", "series_cancelled", "reminder_2d", "reminder_2h", "offer", "card_link", "intake_link"]);

export type QueuedText = {
  dedupeKey: string;
  kind: TextKind;
  to: string;
  body: string;
  appointmentId?: number | null;
  visitStartsAt?: Date | null;
  studioSlug?: string | null;
  /** The studio's zone for quiet hours; null: an answer to the patient, sent at once. */
  quietZone: string | null;
  staffId?: number | null;
  now: Date;
};

/** Inserts the text unless its key exists. Returns whether this call queued it. */
export async function queueText(tx: Pick<Db, "insert">, text: QueuedText): Promise<boolean> {
  const rows = await tx
    .insert(smsOutbox)
    .values({
      dedupeKey: text.dedupeKey,
      kind: text.kind,
      to: text.to,
      body: text.body,
      appointmentId: text.appointmentId ?? null,
      visitStartsAt: text.visitStartsAt ?? null,
      studioSlug: text.studioSlug ?? null,
      quietZone: text.quietZone,
      capped: STARTED_BY_US.has(text.kind),
      staffId: text.staffId ?? null,
      sendAt: text.quietZone ? outsideQuietHours(text.now, text.quietZone) : text.now,
      createdAt: text.now,
    })
    .onConflictDoNothing({ target: smsOutbox.dedupeKey })
    .returning({ id: smsOutbox.id });
  return rows.length > 0;
}

export const visitKey = (appointmentId: number, kind: string, startsAt: Date) => `visit:${appointmentId}:${kind}:${startsAt.toISOString()}`;

/** The visit's page (manage: move, cancel, calendar), by its unguessable token; the move page; booking again. */
export function visitLinks(siteOrigin: string, token: string) {
  return { manage: `${siteOrigin}/booking/confirmed/${token}`, move: `${siteOrigin}/booking/confirmed/${token}/reschedule`, book: `${siteOrigin}/booking` };
}

/** The studio's name, zone and phone, as the texts show them. */
export async function studioForText(db: Pick<Db, "select">, slug: string) {
  const [studio] = await db.select({ slug: studios.slug, name: studios.name, timezone: studios.timezone, phone: studios.phone }).from(studios).where(eq(studios.slug, slug));
  return studio ? { slug: studio.slug, name: studio.name, tz: studioTimezone(studio.slug, studio.timezone, () => undefined), phone: studio.phone ? formatPhone(studio.phone) : "" } : null;
}

/**
 * Queues a text about a visit to whoever has agreed to texts for it (textableNumber), in the visit's language.
 * `to` overrides the recipient (an answer to the number that asked); `link` is the card or intake link of those kinds
 * (the desk's, issue 38 C). Returns whether a text was queued.
 */
export async function queueVisitText(
  tx: Tx,
  input: { appointmentId: number; kind: VisitTextKind; now: Date; siteOrigin: string; to?: string; answerTo?: number; link?: string; startsAt?: Date; /** A series' text: how many visits it has. */ count?: number; /** Sent again by the desk (a new link): its own dedupe key. */ again?: boolean },
): Promise<boolean> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, input.appointmentId));
  if (!row) return false;
  // The visit's time as the change being told left it (a notice read after a later move still says its own time).
  const visit = input.startsAt ? { ...row, startsAt: input.startsAt } : row;
  const to = input.to ?? (await textableNumber(tx, visit.patientId));
  if (!to) return false;
  const studio = await studioForText(tx, visit.studioSlug);
  if (!studio) return false;
  const links = visitLinks(input.siteOrigin, visit.token);
  const link = input.link ?? (input.kind === "cancelled" || input.kind === "series_cancelled" ? links.book : input.kind === "move_link" ? links.move : links.manage);
  const body = composeText(input.kind, visit.locale, { studio: studio.name, at: visit.startsAt, tz: studio.tz, link, count: input.count });
  if (!body) return false;
  const answer = input.answerTo !== undefined;
  return queueText(tx, {
    dedupeKey: answer ? `in:${input.answerTo}:${input.kind}` : `${visitKey(visit.id, input.kind, visit.startsAt)}${input.again ? `:again:${input.now.getTime()}` : ""}`,
    kind: input.kind,
    to,
    body,
    appointmentId: visit.id,
    visitStartsAt: visit.startsAt,
    studioSlug: visit.studioSlug,
    quietZone: answer ? null : studio.tz,
    now: input.now,
  });
}

/** The number a waitlist entry's offers may be texted to: the consent of the patient record with that email. */
export async function textableNumberForEmail(db: Pick<Db, "select">, email: string): Promise<string | null> {
  const [row] = await db
    .select({ patientId: patients.id })
    .from(patients)
    .innerJoin(smsConsents, eq(smsConsents.patientId, patients.id))
    .where(and(eq(patients.email, email.trim().toLowerCase()), isNull(patients.familyOfPersonId), isNull(smsConsents.withdrawnAt)));
  return row ? textableNumber(db, row.patientId) : null;
}

/** A waitlist offer by text (issue 31 B), with its claim link, to the entry's patient if they agreed to texts. */
export async function queueOfferText(
  tx: Tx,
  input: { offerId: number; email: string; locale: string; studio: { slug: string; name: string; tz: string }; startsAt: Date; claimUrl: string; now: Date },
): Promise<boolean> {
  const to = await textableNumberForEmail(tx, input.email);
  if (!to) return false;
  const body = composeText("offer", input.locale, { studio: input.studio.name, at: input.startsAt, tz: input.studio.tz, link: input.claimUrl });
  if (!body) return false;
  return queueText(tx, { dedupeKey: `offer:${input.offerId}`, kind: "offer", to, body, studioSlug: input.studio.slug, quietZone: input.studio.tz, now: input.now });
}
