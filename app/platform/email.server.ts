import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";

export type OutgoingEmail = { to: string; subject: string; text: string; html?: string; ics?: string; headers?: Record<string, string> };

/** The topic the outbox's job wakes on (`wake` in app/jobs; the database's notice from other processes, decision 070). */
export const EMAIL_TOPIC = "email-outbox";

/** Queues an email in the same transaction as the change it reports, so neither is lost without the other. */
export async function enqueueEmail(tx: Pick<Db, "insert">, email: OutgoingEmail) {
  await tx.insert(emailOutbox).values({ ...email, html: email.html ?? null, ics: email.ics ?? null, headers: email.headers ?? null });
}

const MAX_ATTEMPTS = 5;
/**
 * How long a claimed email stays with the worker that claimed it. While it is PENDING, `sent_at` holds the moment it
 * was claimed: another process's worker skips it until then, so an email being sent is not sent again by a second
 * container (before, the claim only bumped `attempts`, and the next poll of any other process claimed it again while
 * the first still talked to the SMTP server: every email went out twice with two processes). Longer than nodemailer's
 * own timeouts; a process that dies mid-send leaves the email to be sent by another after it.
 */
const CLAIM_MS = 15 * 60_000;

/** The calendar part's method must match the file's own (a cancel is METHOD:CANCEL, or calendars keep the event). */
const icsMethod = (ics: string) => /^METHOD:([A-Z]+)\r?$/m.exec(ics)?.[1] ?? "PUBLISH";

/** Sends what is pending in the outbox through SMTP. Returns how many were sent. */
export async function deliverPending(db: Db, smtpUrl: string, from: string, limit = 20, now = new Date()): Promise<number> {
  const transport = await transportFor(smtpUrl);
  const unclaimed = or(isNull(emailOutbox.sentAt), lt(emailOutbox.sentAt, new Date(now.getTime() - CLAIM_MS)));
  // Claimed in one statement: the rows locked by another process's claim are skipped, never sent twice.
  const claimable = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "PENDING"), lt(emailOutbox.attempts, MAX_ATTEMPTS), unclaimed))
    .orderBy(asc(emailOutbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, sentAt: now })
    .where(inArray(emailOutbox.id, claimable))
    .returning();
  let sent = 0;
  for (const mail of claimed.sort((a, b) => a.id - b.id)) {
    try {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        headers: mail.headers ?? undefined,
        // One calendar part: a text/calendar alternative beside the text and HTML (RFC 6047), which Gmail, Outlook
        // and Apple Mail show as the event. Not nodemailer's `icalEvent`, which also attaches the same event as
        // application/ics, so some clients listed the visit twice (issue 25, decision 017).
        alternatives: mail.ics
          ? [{ contentType: `text/calendar; charset=utf-8; method=${icsMethod(mail.ics)}`, content: mail.ics, contentTransferEncoding: "base64" }]
          : undefined,
      });
      await db.update(emailOutbox).set({ status: "SENT", sentAt: new Date() }).where(eq(emailOutbox.id, mail.id));
      sent++;
    } catch (error) {
      const failed = mail.attempts >= MAX_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({ lastError: (error as Error).message.slice(0, 500), status: failed ? "FAILED" : "PENDING", sentAt: null })
        .where(eq(emailOutbox.id, mail.id));
      console.error(`[email] delivery of outbox #${mail.id} failed (attempt ${mail.attempts})`);
    }
  }
  closeWhenIdle(smtpUrl);
  return sent;
}

/**
 * One SMTP connection kept between runs while emails keep coming (a pooled transport, one connection), closed after
 * IDLE_CLOSE_MS without a run: the outbox's job is woken by each email (decision 070), and a connection per email
 * (greeting, EHLO, QUIT) made a burst of bookings queue faster than they were sent.
 */
type Shared = { url: string; transport: import("nodemailer").Transporter; idle: NodeJS.Timeout | null };
let shared: Shared | null = null;
const IDLE_CLOSE_MS = 5_000;

async function transportFor(url: string) {
  const { createTransport } = await import("nodemailer");
  if (shared && shared.url !== url) {
    shared.transport.close();
    shared = null;
  }
  shared ??= { url, transport: createTransport({ url, pool: true, maxConnections: 1, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }), idle: null };
  if (shared.idle) clearTimeout(shared.idle);
  shared.idle = null;
  return shared.transport;
}

function closeWhenIdle(url: string) {
  const current = shared;
  if (!current || current.url !== url) return;
  if (current.idle) clearTimeout(current.idle);
  current.idle = setTimeout(() => {
    current.transport.close();
    if (shared === current) shared = null;
  }, IDLE_CLOSE_MS);
  current.idle.unref();
}

/** The outbox's tick (a job of workers.server.ts, every 2 s) when SMTP is configured; without it emails stay in the outbox (viewable in development). */
export function outboxTick(db: Db, env: { SMTP_URL?: string; MAIL_FROM: string }) {
  const smtpUrl = env.SMTP_URL;
  return smtpUrl ? (now: Date) => deliverPending(db, smtpUrl, env.MAIL_FROM, 20, now) : null;
}
