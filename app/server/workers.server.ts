import type { Database } from "~/db/client.server";
import { startOutboxWorker } from "~/platform/email.server";
import type { Env } from "~/platform/env.server";
import { startHoldSweeper } from "~/scheduling/holds.server";
import { startReminderWorker } from "~/scheduling/reminders.server";

/** The background work of every container: sending the email outbox, the visit reminders, sweeping expired slot holds. */
export function startWorkers(database: Database, env: Env) {
  const outbox = startOutboxWorker(database.db, env);
  const reminders = startReminderWorker(database.db, { siteOrigin: env.SITE_ORIGIN });
  const holds = startHoldSweeper(database.db);
  return {
    stop() {
      outbox.stop();
      reminders.stop();
      holds.stop();
    },
  };
}
