import { desc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, emailOutbox } from "~/db/schema";

/** The development page /dev/outbox: the latest emails of the outbox and the latest visits booked. */
export async function latestOutboxAndVisits(db: Db, limit = 50) {
  const mails = await db
    .select({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, status: emailOutbox.status, createdAt: emailOutbox.createdAt })
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
