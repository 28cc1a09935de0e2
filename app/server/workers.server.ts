import { sweepExpiredRateLimits } from "~/auth/rate-limit.server";
import { sweepOldCardSetups } from "~/booking/card-setup.server";
import type { Database } from "~/db/client.server";
import { startJob, type Job } from "~/jobs/job.server";
import { outboxTick } from "~/platform/email.server";
import type { Env } from "~/platform/env.server";
import { chargeDueFees, LATE_CANCEL_FEES_TOPIC, refundExtraPayments } from "~/payments/fees.server";
import { sendDueRecalls } from "~/recall/recall.server";
import { sweepExpiredHolds } from "~/scheduling/holds.server";
import { sendDueReminders } from "~/visit-notices/reminders.server";
import { VISIT_EVENTS_TOPIC } from "~/scheduling/visit-events.server";
import { waitlistTick } from "~/waitlist/sender.server";
import { webhooksTick } from "~/webhooks/deliveries.server";
import { smsTick } from "~/sms/worker.server";
import { sendDueReminders } from "~/visit-notices/reminders.server";
import { sendVisitNotices } from "~/visit-notices/notices.server";

/**
 * The background work of every container, each a job on the one helper (app/jobs, decision 031): the email outbox,
 * the visit reminders, the recall emails, sweeping expired slot holds, the waitlist's offers and the webhook deliveries
 * (both woken at once by a visit change in this process), the late-cancel fees, the texts. Each tick claims its rows
 * with SKIP LOCKED: any number of containers run them all.
 */
export function startWorkers(database: Database, env: Env) {
  const { db } = database;
  const siteOrigin = env.SITE_ORIGIN;
  const outbox = outboxTick(db, env);
  const jobs: Job[] = [
    ...(outbox ? [startJob({ name: "email-outbox", everyMs: 2_000, tick: outbox })] : []),
    startJob({ name: "reminders", everyMs: 30_000, tick: (now) => sendDueReminders(db, { now, siteOrigin }) }),
    startJob({ name: "recall", everyMs: 300_000, tick: (now) => sendDueRecalls(db, { now, siteOrigin }) }),
    startJob({ name: "hold-sweeper", everyMs: 60_000, tick: async (now) => (await sweepExpiredHolds(db, now)).length }),
    // The shared rate limits' rows whose hour is long over (PostgreSQL; the embedded database counts in memory).
    startJob({ name: "rate-limit-sweeper", everyMs: 300_000, tick: (now) => sweepExpiredRateLimits(db, now) }),
    // The booking's trips to Stripe's page (card_setups) a day after their last write (decision 061).
    startJob({ name: "card-setup-sweeper", everyMs: 900_000, tick: (now) => sweepOldCardSetups(db, now) }),
    // The visit emails and texts of each booking, move and cancel (decision 070), woken by the change itself.
    startJob({ name: "visit-notices", everyMs: 2_000, tick: () => sendVisitNotices(db, { siteOrigin, mailFrom: env.MAIL_FROM }), wakeOn: VISIT_EVENTS_TOPIC }),
    startJob({
      name: "webhooks",
      everyMs: 2_000,
      tick: webhooksTick(db, { schedule: env.WEBHOOK_RETRY_SCHEDULE, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE, siteOrigin }),
      wakeOn: VISIT_EVENTS_TOPIC,
    }),
    startJob({ name: "waitlist", everyMs: env.WAITLIST_EVERY_MS, tick: waitlistTick(db, siteOrigin), wakeOn: VISIT_EVENTS_TOPIC }),
    // Late-cancel fees recorded by a cancel, charged off-session (issue 32 B); a late cancel wakes it at once. A fee's
    // second payment whose refund failed when its event came is refunded here (decision 072).
    startJob({ name: "late-cancel-fees", everyMs: 30_000, tick: async (now) => (await chargeDueFees(db, now)) + (await refundExtraPayments(db, { now })), wakeOn: LATE_CANCEL_FEES_TOPIC }),
    // Texts (issue 31): the reminders due queued, the outbox's due texts sent (they wait there when no provider is set).
    startJob({ name: "sms", everyMs: 5_000, tick: smsTick(db, env) }),
  ];
  return {
    /** No new ticks; resolves when the running ones have finished (shutdown). */
    stop: () => Promise.all(jobs.map((job) => job.stop())).then(() => undefined),
  };
}
