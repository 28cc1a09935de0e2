/**
 * The embedded default's development pages (issue 31 D): with no provider configured, texts wait in the SMS outbox;
 * /dev/outbox shows them beside the emails, and /dev/sms lets a developer reply as a patient — the same handling as
 * a signed /sms/inbound post (handleInbound), with a message id made here instead of the provider's.
 */
import { randomBytes } from "node:crypto";
import { desc } from "drizzle-orm";
import { z } from "zod/v4";
import type { Db } from "~/db/client.server";
import { smsInbound, smsOutbox } from "~/db/schema";
import { toE164 } from "./consent.server";
import { handleInbound } from "./inbound.server";
import type { Intent } from "./keywords";
import { segmentsOf } from "./segments";

/** The latest texts of the outbox, with their segments (what the provider would bill). */
export async function latestTexts(db: Db, limit = 50) {
  const rows = await db
    .select({ id: smsOutbox.id, to: smsOutbox.to, kind: smsOutbox.kind, body: smsOutbox.body, status: smsOutbox.status, skipped: smsOutbox.skipped, delivery: smsOutbox.delivery, createdAt: smsOutbox.createdAt, sendAt: smsOutbox.sendAt })
    .from(smsOutbox)
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, segments: segmentsOf(r.body).segments }));
}

export async function latestReplies(db: Db, limit = 20) {
  return db
    .select({ id: smsInbound.id, from: smsInbound.from, body: smsInbound.body, handledAs: smsInbound.handledAs, receivedAt: smsInbound.receivedAt })
    .from(smsInbound)
    .orderBy(desc(smsInbound.id))
    .limit(limit);
}

/** /dev/sms's form: a US number (10 digits, any punctuation) and the words, as a provider would deliver them. */
export const devReplySchema = z.object({
  from: z
    .string("Enter the patient’s number, 10 digits.")
    .trim()
    .transform((v, ctx) => {
      const e164 = toE164(v);
      if (!e164) ctx.addIssue({ code: "custom", message: "Enter the patient’s number, 10 digits." });
      return e164 ?? "";
    }),
  body: z.string("Write the text.").min(1, "Write the text.").max(1600, "A text is at most 1,600 characters."),
});

/** A reply as a patient: handled as a signed /sms/inbound post would be. */
export function replyAsPatient(db: Db, input: { from: string; body: string }, { now, siteOrigin }: { now: Date; siteOrigin: string }): Promise<Intent | "duplicate"> {
  const messageSid = `SM${randomBytes(16).toString("hex")}`;
  return handleInbound(db, { messageSid, from: input.from, body: input.body }, { now, siteOrigin });
}
