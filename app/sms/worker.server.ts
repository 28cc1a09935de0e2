import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { smsOutbox } from "~/db/schema";
import type { Env } from "~/platform/env.server";
import { planReminders } from "./planner.server";
import { tick } from "./sender.server";
import { twilioConfig, twilioProvider, type SmsProvider } from "./provider.server";

/**
 * The texts' job (issue 31), run on the one job helper (app/jobs, decision 031) by every container: the reminders
 * due are queued, then the outbox's due texts sent, each once (the rows decide who sends). Without a provider
 * configured, texts wait in the outbox (/dev/outbox shows them). Returns how many texts were queued or sent.
 */
export function smsTick(db: Db, env: Env): (now: Date) => Promise<number> {
  const config = twilioConfig(env);
  let provider: Promise<SmsProvider> | null = null;
  return async (now) => {
    provider ??= config ? twilioProvider(config) : null;
    const planned = await planReminders(db, now, env.SITE_ORIGIN);
    return planned + (await tick(db, now, provider ? await provider : null, { siteOrigin: env.SITE_ORIGIN }));
  };
}

/**
 * When the next text queued for later may be sent (one held through the night, a retry), or null: the job runs then
 * (decision 070). Texts already due but unsent (no provider set, a provider down) wait for the safety poll, never a busy loop.
 */
export async function nextTextDue(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${smsOutbox.sendAt})` })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.status, "PENDING"), sql`${smsOutbox.sendAt} > now()`));
  return row?.at ? new Date(row.at) : null;
}
