import { sweepExpiredRateLimits } from "~/auth/rate-limit.server";
import { removeExpiredRecords } from "~/account/close.server";
import { sweepOldCardSetups } from "~/booking/card-setup.server";
import type { Database } from "~/db/client.server";
import { startJob, wake, type Job } from "~/jobs/job.server";
import { EMAIL_TOPIC, outboxTick } from "~/platform/email.server";
import type { Env } from "~/platform/env.server";
import { chargeDueFees, LATE_CANCEL_FEES_TOPIC, refundExtraPayments } from "~/payments/fees.server";
import { sendDueRecalls } from "~/recall/recall.server";
import { sweepExpiredHolds } from "~/scheduling/holds.server";
import { VISIT_EVENTS_TOPIC } from "~/scheduling/visit-events.server";
import { waitlistTick } from "~/waitlist/sender.server";
import { nextDeliveryDue, webhooksTick } from "~/webhooks/deliveries.server";
import { nextTextDue, smsTick } from "~/sms/worker.server";
import { SMS_TOPIC } from "~/sms/outbox.server";
import { sendDueReminders } from "~/visit-notices/reminders.server";
import { sendVisitNotices } from "~/visit-notices/notices.server";

/** The channel the database's triggers NOTIFY on (migration 0027), each notice naming a job topic. */
const JOBS_CHANNEL = "dental_jobs";
/**
 * How often a job woken by the database looks anyway (decision 070): a safety net for a notice lost with a dropped
 * listening connection, not how soon work is done; work queued for later (a retry, a text held through the night)
 * runs when due (`nextDue`).
 */
const SAFETY_POLL_MS = 60_000;

/**
 * The background work of every container, each a job on the one helper (app/jobs, decisions 031 and 070): the email
 * outbox, the visit notices (emails and texts of each booking, move and cancel), the visit reminders, the recall
 * emails, sweeping expired slot holds, the waitlist's offers and the webhook deliveries, the late-cancel fees, the
 * texts. Each tick claims its rows with SKIP LOCKED: any number of containers run them all. Work written by this
 * process wakes its jobs at once (`wake`); work written by any process wakes them through the database's NOTIFY at
 * commit; nothing polls faster than the safety poll while there is nothing to do.
 */
export function startWorkers(database: Database, env: Env) {
  const { db } = database;
  const siteOrigin = env.SITE_ORIGIN;
  const outbox = outboxTick(db, env);
  const jobs: Job[] = [
    ...(outbox ? [startJob({ name: "email-outbox", everyMs: SAFETY_POLL_MS, tick: outbox, wakeOn: EMAIL_TOPIC })] : []),
    startJob({ name: "reminders", everyMs: 30_000, tick: (now) => sendDueReminders(db, { now, siteOrigin }) }),
    startJob({ name: "recall", everyMs: 300_000, tick: (now) => sendDueRecalls(db, { now, siteOrigin }) }),
    startJob({ name: "hold-sweeper", everyMs: 60_000, tick: async (now) => (await sweepExpiredHolds(db, now)).length }),
    // The shared rate limits' rows whose hour is long over (PostgreSQL; the embedded database counts in memory).
    startJob({ name: "rate-limit-sweeper", everyMs: 300_000, tick: (now) => sweepExpiredRateLimits(db, now) }),
    // The booking's trips to Stripe's page (card_setups) a day after their last write (decision 061).
    startJob({ name: "card-setup-sweeper", everyMs: 900_000, tick: (now) => sweepOldCardSetups(db, now) }),
    // Closed accounts' records past RECORD_RETENTION_YEARS (decision 078): hourly is soon enough for years.
    startJob({ name: "record-retention", everyMs: 3_600_000, tick: (now) => removeExpiredRecords(db, now, env.RECORD_RETENTION_YEARS) }),
    // The visit emails and texts of each booking, move and cancel (decision 070), woken by the change itself.
    startJob({ name: "visit-notices", everyMs: SAFETY_POLL_MS, tick: () => sendVisitNotices(db, { siteOrigin, mailFrom: env.MAIL_FROM }), wakeOn: VISIT_EVENTS_TOPIC }),
    startJob({
      name: "webhooks",
      everyMs: SAFETY_POLL_MS,
      tick: webhooksTick(db, { schedule: env.WEBHOOK_RETRY_SCHEDULE, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE, siteOrigin }),
      wakeOn: VISIT_EVENTS_TOPIC,
      nextDue: () => nextDeliveryDue(db),
    }),
    startJob({ name: "waitlist", everyMs: env.WAITLIST_EVERY_MS, tick: waitlistTick(db, siteOrigin), wakeOn: VISIT_EVENTS_TOPIC }),
    // Late-cancel fees recorded by a cancel, charged off-session (issue 32 B); a late cancel wakes it at once. A fee's
    // second payment whose refund failed when its event came is refunded here (decision 072).
    startJob({ name: "late-cancel-fees", everyMs: 30_000, tick: async (now) => (await chargeDueFees(db, now)) + (await refundExtraPayments(db, { now })), wakeOn: LATE_CANCEL_FEES_TOPIC }),
    // Texts (issue 31): queued by the notices, the reminders planned here (on the reminders' 30 s), the outbox's due
    // texts sent (they wait there when no provider is set).
    startJob({ name: "sms", everyMs: 30_000, tick: smsTick(db, env), wakeOn: SMS_TOPIC, nextDue: () => nextTextDue(db) }),
  ];
  // Other processes' writes, heard at their commit (a lost connection is made again; the safety poll covers the gap).
  // On the embedded database every write is this process's, and its visit events already woke their jobs (`wake`).
  const heard = (topic: string) => (database.kind === "pglite" && topic === VISIT_EVENTS_TOPIC ? undefined : wake(topic));
  const listening = database.listen(JOBS_CHANNEL, heard).catch((error: Error) => {
    console.error("[jobs] not listening for the database's notices:", error.message);
    return async () => {};
  });
  // Each job looks once soon after the start (work queued while no process ran), then waits to be woken.
  const firstLook = setTimeout(() => jobs.forEach((job) => job.nudge()), 1_000);
  firstLook.unref();
  return {
    /** No new ticks; resolves when the running ones have finished (shutdown). */
    stop: async () => {
      clearTimeout(firstLook);
      await (await listening)();
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
