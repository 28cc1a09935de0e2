import type { Database } from "~/db/client.server";
import { startOutboxWorker } from "~/platform/email.server";
import type { Env } from "~/platform/env.server";
import { startReminderWorker } from "~/scheduling/reminders.server";
import { startWaitlistWorker } from "~/waitlist/sender.server";

/** The background work of every container: sending the email outbox, the visit reminders and the waitlist's offers. */
export function startWorkers(database: Database, env: Env) {
  const outbox = startOutboxWorker(database.db, env);
  const reminders = startReminderWorker(database.db, { siteOrigin: env.SITE_ORIGIN });
  const waitlist = startWaitlistWorker(database.db, { siteOrigin: env.SITE_ORIGIN });
  return {
    stop() {
      outbox.stop();
      reminders.stop();
      waitlist.stop();
    },
  };
}
