import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, emailOutbox } from "~/db/schema";

/** The development page /dev/outbox: the latest emails of the outbox and the latest visits booked. */
export async function latestOutboxAndVisits(db: Db, limit = 50) {
  const mails = await db
    .select({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, status: emailOutbox.status, createdAt: emailOutbox.createdAt, text: emailOutbox.text, html: emailOutbox.html, ics: emailOutbox.ics })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
  const visits = await db
    .select({
      token: appointments.token,
      studio: appointments.studioSlug,
      service: appointments.serviceType,
      startsAt: appointments.startsAt,
      status: appointments.status,
    })
    .from(appointments)
    .orderBy(desc(appointments.id))
    .limit(limit);
  return { mails, visits };
}

/** One outbox email with its parts (text, HTML, calendar file), for the dev pages. */
export async function outboxEmail(db: Db, id: number) {
  const [mail] = await db.select({ text: emailOutbox.text, html: emailOutbox.html, ics: emailOutbox.ics }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return mail ?? null;
}
