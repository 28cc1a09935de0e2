import type { Database } from "~/db/client.server";
import { startOutboxWorker } from "~/platform/email.server";
import type { Env } from "~/platform/env.server";
import { startFeeCharger } from "~/payments/fees.server";
import { startRecallWorker } from "~/recall/recall.server";
import { startHoldSweeper } from "~/scheduling/holds.server";
import { startReminderWorker } from "~/scheduling/reminders.server";
import { recordLapsedHolds, startWaitlistWorker } from "~/waitlist/sender.server";

/** The background work of every container: sending the email outbox, the visit reminders, the recall emails, sweeping expired slot holds, the waitlist's offers, the late-cancel fees. */
export function startWorkers(database: Database, env: Env) {
  const outbox = startOutboxWorker(database.db, env);
  const reminders = startReminderWorker(database.db, { siteOrigin: env.SITE_ORIGIN });
  const recalls = startRecallWorker(database.db, { siteOrigin: env.SITE_ORIGIN });
  // A held time that lapsed unbooked is freed: the waitlist looks at it.
  const holds = startHoldSweeper(database.db, { onExpired: (swept) => recordLapsedHolds(database.db, swept) });
  const waitlist = startWaitlistWorker(database.db, { siteOrigin: env.SITE_ORIGIN });
  // Late-cancel fees recorded by a cancel, charged off-session (issue 32 B).
  const fees = startFeeCharger(database.db);
  return {
    stop() {
      outbox.stop();
      reminders.stop();
      recalls.stop();
      holds.stop();
      waitlist.stop();
      fees.stop();
    },
  };
}
