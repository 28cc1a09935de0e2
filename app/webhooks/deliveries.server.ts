/**
 * Webhook deliveries (issue 30 B, decision 032). Webhooks are a consumer of the visit record (decision 031):
 *
 * 1. `fanOut` reads new visit events through the "webhooks" cursor and writes one delivery per endpoint (enabled, or
 *    disabled for failing: kept for when it is enabled; not one an admin turned off) that
 *    wants the event's type and studio: its message id (`webhook-id`) and exact body are fixed then, so every retry
 *    sends the same id and bytes.
 * 2. `deliverDue` claims due deliveries with FOR UPDATE SKIP LOCKED (and a lease while the request is out), so two
 *    processes never send one delivery at once; a delivery waits while an earlier one of the same visit to the same
 *    endpoint is still pending (in order per visit). It signs with the `standardwebhooks` package (both secrets
 *    during a rotation's overlap) and POSTs through the guarded door (outbound.server.ts).
 * 3. Only a 2xx counts. A failure is retried after WEBHOOK_RETRY_SCHEDULE's next step (±10 % jitter); after the
 *    last, the delivery is given up, the endpoint disabled (an audit line, actor "system") and the admins emailed.
 * The job runs beside the request path (workers.server.ts): a slow receiver never delays a booking.
 */
import { randomBytes } from "node:crypto";
import { and, arrayContains, asc, eq, isNull, or, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db } from "~/db/client.server";
import { appointments, staff, visitSeries, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { appendAudit } from "~/platform/audit.server";
import { enqueueEmail } from "~/platform/email.server";
import { offsetMs } from "~/rules/zoned-time";
import { getStudioAnyState } from "~/scheduling/catalogue.server";
import { consumeVisitEvents, type VisitEvent } from "~/scheduling/visit-events.server";
import { postWebhook } from "./outbound.server";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookPayload } from "./payload";

/** How long a claimed delivery stays with the process sending it (longer than the 15 s a receiver has). */
const LEASE_MS = 60_000;

/** An instant written with the studio's offset: 2027-01-08T10:00:00-05:00. */
export function isoWithOffset(at: Date, tz: string): string {
  const offset = offsetMs(at.getTime(), tz);
  const local = new Date(at.getTime() + offset).toISOString().slice(0, 19);
  const minutes = Math.abs(offset) / 60_000;
  const pad = (n: number) => String(Math.floor(n)).padStart(2, "0");
  return `${local}${offset < 0 ? "-" : "+"}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}

const isWebhookType = (type: string): type is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);

/** The thin body of one event (payload.ts): what happened to which visit, nothing about the patient. */
export function payloadOf(event: VisitEvent, tz: string, series: WebhookPayload["data"]["series"] = null): WebhookPayload | null {
  if (!isWebhookType(event.type) || event.visitId === null || !event.serviceCode || !event.startsAt || !event.status) return null;
  return {
    type: event.type,
    timestamp: event.at.toISOString(),
    data: {
      visitId: String(event.visitId),
      studio: event.studioSlug,
      service: event.serviceCode,
      start: isoWithOffset(event.startsAt, tz),
      status: event.status as WebhookPayload["data"]["status"],
      ...(event.channel ? { channel: event.channel } : {}),
      series,
      changes: {
        ...(event.previousStartsAt ? { previousStart: isoWithOffset(event.previousStartsAt, tz) } : {}),
        ...(event.cancelledBy ? { cancelledBy: event.cancelledBy } : {}),
      },
    },
  };
}

/** The visit's place in its series for the body (decision 081), or null. */
async function seriesOf(tx: Db, visitId: number): Promise<WebhookPayload["data"]["series"]> {
  const [row] = await tx
    .select({ id: appointments.seriesId, position: appointments.seriesPosition, count: visitSeries.occurrences })
    .from(appointments)
    .innerJoin(visitSeries, eq(visitSeries.id, appointments.seriesId))
    .where(eq(appointments.id, visitId));
  return row && row.id !== null && row.position !== null ? { id: String(row.id), position: row.position, count: row.count } : null;
}

export const newMessageId = () => `msg_${randomBytes(18).toString("base64url")}`;

/** New visit events → one delivery per endpoint that wants them. Returns how many events were read. */
export async function fanOut(db: Db, now: Date): Promise<number> {
  return consumeVisitEvents(db, "webhooks", async (tx, events) => {
    for (const event of events) {
      if (!isWebhookType(event.type) || event.visitId === null) continue;
      const endpoints = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        // An endpoint disabled for failing still gets its deliveries queued (sent once it is enabled, as the admins'
        // email says); one an admin turned off gets none.
        .where(
          and(
            or(isNull(webhookEndpoints.disabledAt), eq(webhookEndpoints.disabledReason, "failing")),
            arrayContains(webhookEndpoints.eventTypes, [event.type]),
            arrayContains(webhookEndpoints.studios, [event.studioSlug]),
          ),
        );
      if (endpoints.length === 0) continue;
      const studio = await getStudioAnyState(tx, event.studioSlug);
      // A visit's series and place never change (a move keeps them): read from the visit now, as of the event.
      const payload = payloadOf(event, studio?.tz ?? "America/New_York", await seriesOf(tx, event.visitId));
      if (!payload) continue;
      const body = JSON.stringify(payload);
      await tx
        .insert(webhookDeliveries)
        .values(endpoints.map((e) => ({ endpointId: e.id, eventId: event.id, visitId: event.visitId!, messageId: newMessageId(), type: event.type, payload: body, nextAttemptAt: now })))
        .onConflictDoNothing();
    }
  });
}

/** The `webhook-signature` header: the current secret's signature, and the previous one's during a rotation's overlap. */
export function signatures(endpoint: { secret: string; previousSecret: string | null; previousSecretUntil: Date | null }, messageId: string, at: Date, body: string, now: Date) {
  const secrets = [endpoint.secret, ...(endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now ? [endpoint.previousSecret] : [])];
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(" ");
}

/** When the next try goes after `attempts` failed ones, or null: the schedule is spent (give up). */
export function nextTryAt(attempts: number, schedule: number[], now: Date, random = Math.random): Date | null {
  const wait = schedule[attempts - 1];
  if (wait === undefined) return null;
  return new Date(now.getTime() + Math.round(wait * (0.9 + 0.2 * random())));
}

type Settings = { schedule: number[]; allowPrivate: boolean; siteOrigin: string; mailFrom?: string };

/** Sends the due deliveries (claimed with SKIP LOCKED); returns how many were tried. */
export async function deliverDue(db: Db, now: Date, settings: Settings, limit = 20): Promise<number> {
  const claimed = (
    (await db.execute(sql`
      update webhook_deliveries set claimed_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
      where id in (
        select d.id from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id and e.disabled_at is null
        where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
          and (d.claimed_until is null or d.claimed_until < ${now.toISOString()}::timestamptz)
          and not exists (
            select 1 from webhook_deliveries earlier
            where earlier.endpoint_id = d.endpoint_id and earlier.visit_id = d.visit_id and earlier.id < d.id and earlier.status = 'pending')
        order by d.id
        limit ${limit}
        for update of d skip locked)
      returning id`)) as unknown as { rows: { id: string | number }[] }
  ).rows.map((r) => Number(r.id));
  await Promise.all(claimed.map((id) => attempt(db, id, now, settings)));
  return claimed.length;
}

async function attempt(db: Db, id: number, now: Date, settings: Settings) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  if (!row) return;
  const { delivery, endpoint } = row;
  // Signed at the moment it goes (receivers refuse timestamps more than 5 minutes off).
  const sentAt = new Date();
  const headers = {
    "webhook-id": delivery.messageId,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": signatures(endpoint, delivery.messageId, sentAt, delivery.payload, now),
  };
  const outcome = await postWebhook(endpoint.url, delivery.payload, headers, { allowPrivate: settings.allowPrivate });
  const attempts = delivery.attempts + 1;
  const common = { attempts, lastAttemptAt: now, lastStatusCode: outcome.status, lastError: outcome.error, claimedUntil: null };
  if (!outcome.error) {
    await db.update(webhookDeliveries).set({ ...common, status: "delivered", deliveredAt: now, nextAttemptAt: null }).where(eq(webhookDeliveries.id, id));
    return;
  }
  const next = nextTryAt(attempts, settings.schedule, now);
  if (next) {
    await db.update(webhookDeliveries).set({ ...common, nextAttemptAt: next }).where(eq(webhookDeliveries.id, id));
    return;
  }
  await db.transaction(async (tx) => {
    await tx.update(webhookDeliveries).set({ ...common, status: "failed", nextAttemptAt: null }).where(eq(webhookDeliveries.id, id));
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: now, disabledReason: "failing" })
      .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.disabledAt)))
      .returning({ id: webhookEndpoints.id });
    if (!disabled) return;
    await appendAudit(tx, {
      actor: "system",
      action: "webhook.disable",
      before: { id: endpoint.id, url: endpoint.url, disabled: false },
      after: { id: endpoint.id, url: endpoint.url, disabled: true, reason: "failing", attempts, deliveryId: id },
      at: now,
    });
    await emailAdmins(tx as unknown as Db, endpoint, attempts, settings);
  });
}

/** The admins hear that an endpoint was disabled after its deliveries kept failing (once, when it is disabled). */
async function emailAdmins(tx: Db, endpoint: { id: number; url: string }, attempts: number, settings: Settings) {
  const admins = await tx.select({ email: staff.email }).from(staff).where(and(eq(staff.role, "admin"), isNull(staff.disabledAt))).orderBy(asc(staff.id));
  const host = new URL(endpoint.url).host;
  for (const admin of admins) {
    await enqueueEmail(tx, {
      to: admin.email,
      subject: `Webhook endpoint disabled: ${host}`,
      text: [
        `A webhook endpoint stopped answering and was disabled after ${attempts} attempts of one delivery:`,
        "",
        endpoint.url,
        "",
        "Its deliveries are kept, and the events made while it is off are queued for it: once it is enabled they are",
        "sent, in order. The delivery that failed is not retried by itself: replay it from the endpoint's page.",
        `Fix the receiver, then enable the endpoint and replay the failed delivery: ${settings.siteOrigin}/staff/webhooks/${endpoint.id}`,
      ].join("\n"),
    });
  }
}

/** The webhooks job's tick: new events fanned out, then due deliveries sent. */
export function webhooksTick(db: Db, settings: Settings) {
  return async (now: Date) => {
    await fanOut(db, now);
    return deliverDue(db, now, settings);
  };
}

/**
 * When the next delivery waiting for later is due (its retry), or null: the job runs then (decision 070), not on a poll.
 * One already due but unclaimed (another process's) waits for the safety poll, never a busy loop.
 */
export async function nextDeliveryDue(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${webhookDeliveries.nextAttemptAt})` })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, "pending"), sql`${webhookDeliveries.nextAttemptAt} > now()`));
  return row?.at ? new Date(row.at) : null;
}
