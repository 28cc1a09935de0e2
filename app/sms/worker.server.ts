import type { Db } from "~/db/client.server";
import type { Env } from "~/platform/env.server";
import { redactForLog } from "~/platform/redact";
import { planReminders } from "./planner.server";
import { tick } from "./sender.server";
import { twilioConfig, twilioProvider, type SmsProvider } from "./provider.server";

/**
 * Every container runs this (issue 31): the reminders due are queued and the outbox's due texts sent, each once (the
 * rows decide who sends). Without a provider configured, texts wait in the outbox (/dev/outbox shows them).
 * `now` is injectable for tests that move the clock.
 */
export function startSmsWorker(db: Db, env: Env, { intervalMs = 5_000, now = () => new Date() }: { intervalMs?: number; now?: () => Date } = {}) {
  const config = twilioConfig(env);
  const provider: Promise<SmsProvider> | null = config ? twilioProvider(config) : null;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const at = now();
      await planReminders(db, at, env.SITE_ORIGIN);
      const ready = provider ? await provider : null;
      while ((await tick(db, at, ready, { siteOrigin: env.SITE_ORIGIN })) > 0) {
        // a backlog (after an outage) is drained in batches
      }
    } catch (error) {
      console.error("[sms] run failed:", redactForLog(error));
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
