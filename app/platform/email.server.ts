import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { redactForLog } from "./redact";

export type OutgoingEmail = { to: string; subject: string; text: string; html?: string; ics?: string; headers?: Record<string, string> };

/** Queues an email in the same transaction as the change it reports, so neither is lost without the other. */
export async function enqueueEmail(tx: Pick<Db, "insert">, email: OutgoingEmail) {
  await tx.insert(emailOutbox).values({ ...email, html: email.html ?? null, ics: email.ics ?? null, headers: email.headers ?? null });
}

const MAX_ATTEMPTS = 5;
/**
 * A claimed email is another process's for this long: while PENDING, `sent_at` is when its delivery began. Longer
 * than any one delivery can last (the transport's timeouts below); a process that died mid-send leaves the email
 * to be sent again after it.
 */
const CLAIM_LEASE_SECONDS = 300;
const claimLapsed = sql`now() - make_interval(secs => ${CLAIM_LEASE_SECONDS})`;

/** The calendar part's method must match the file's own (a cancel is METHOD:CANCEL, or calendars keep the event). */
const icsMethod = (ics: string) => /^METHOD:([A-Z]+)\r?$/m.exec(ics)?.[1] ?? "PUBLISH";

/** Sends what is pending in the outbox through SMTP. Returns how many were sent. */
export async function deliverPending(db: Db, smtpUrl: string, from: string, limit = 20): Promise<number> {
  const { createTransport } = await import("nodemailer");
  const transport = createTransport({ url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  const unclaimed = or(isNull(emailOutbox.sentAt), lt(emailOutbox.sentAt, claimLapsed));
  const pending = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "PENDING"), lt(emailOutbox.attempts, MAX_ATTEMPTS), unclaimed))
    .orderBy(asc(emailOutbox.id))
    .limit(limit);
  let sent = 0;
  for (const mail of pending) {
    // Claim the row so that several containers never send the same email twice: the claim stands while the email
    // is being sent (a process that read the row before this claim, or after it but before SENT, finds it taken).
    const claimed = await db
      .update(emailOutbox)
      .set({ attempts: mail.attempts + 1, sentAt: sql`now()` })
      .where(and(eq(emailOutbox.id, mail.id), eq(emailOutbox.attempts, mail.attempts), eq(emailOutbox.status, "PENDING"), unclaimed))
      .returning({ id: emailOutbox.id });
    if (claimed.length === 0) continue;
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
      const failed = mail.attempts + 1 >= MAX_ATTEMPTS;
      await db
        .update(emailOutbox)
        // A refused email is tried again at the next run (the claim ends with the attempt).
        .set({ lastError: (error as Error).message.slice(0, 500), status: failed ? "FAILED" : "PENDING", sentAt: null })
        .where(eq(emailOutbox.id, mail.id));
      console.error(`[email] delivery of outbox #${mail.id} failed (attempt ${mail.attempts + 1})`);
    }
  }
  transport.close();
  return sent;
}

/** Polls the outbox when SMTP is configured; without it emails stay in the outbox (viewable in development). */
export function startOutboxWorker(db: Db, env: { SMTP_URL?: string; MAIL_FROM: string }) {
  if (!env.SMTP_URL) return { stop() {} };
  const smtpUrl = env.SMTP_URL;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverPending(db, smtpUrl, env.MAIL_FROM);
    } catch (error) {
      console.error("[email] outbox run failed:", redactForLog(error));
    } finally {
      running = false;
    }
  }, 2_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
