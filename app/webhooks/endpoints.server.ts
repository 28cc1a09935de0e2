/**
 * Webhook endpoints as admins manage them (decisions 032, 058; the console's pages are /staff/webhooks): add (the
 * signing secret shown once), rotate (the previous secret still signs for ROTATION_OVERLAP_HOURS), disable and enable,
 * replay a delivery. Every change is one transaction with its audit line; the audit never holds a secret.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { appendAudit } from "~/platform/audit.server";
import type { WebhookEventType } from "./payload";
import { visitEventsCommitted } from "~/scheduling/visit-events.server";

/** How long the previous secret keeps signing after a rotation: a day for receivers to take the new one. */
export const ROTATION_OVERLAP_HOURS = 24;

type Admin = { id: number; email: string };

/** The event types as the console names them (the payload's `type` beside each). */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  "visit.booked": "Booked",
  "visit.moved": "Moved",
  "visit.cancelled": "Cancelled",
  "visit.arrived": "Checked in",
  "visit.completed": "Completed",
  "visit.no_show": "No-show",
};
export type Endpoint = typeof webhookEndpoints.$inferSelect;

/** A Standard Webhooks signing secret: whsec_ + 32 random bytes, base64. */
export const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** What the audit keeps of an endpoint (never its secrets). */
const audited = (e: Pick<Endpoint, "url" | "eventTypes" | "studios" | "disabledAt" | "description">) => ({
  url: e.url,
  description: e.description,
  eventTypes: e.eventTypes,
  studios: e.studios,
  disabled: e.disabledAt !== null,
});

type EndpointInput = { url: string; description: string; eventTypes: string[]; studios: string[] };


/** Adds an endpoint; answers it with its secret (shown once: the page says so). */
export async function addEndpoint(db: Db, admin: Admin, value: EndpointInput): Promise<{ endpoint: Endpoint; secret: string }> {
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const [endpoint] = await tx.insert(webhookEndpoints).values({ ...value, secret }).returning();
    await appendAudit(tx, { actor: "staff", staff: admin, action: "webhook.add", before: null, after: { id: endpoint!.id, ...audited(endpoint!) } });
    return { endpoint: endpoint!, secret };
  });
}

/** A new secret; the previous one signs too until the overlap ends. Answers the new secret (shown once). */
export async function rotateSecret(db: Db, admin: Admin, id: number, now = new Date()): Promise<string | null> {
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!current) return null;
    const until = new Date(now.getTime() + ROTATION_OVERLAP_HOURS * 3_600_000);
    await tx.update(webhookEndpoints).set({ secret, previousSecret: current.secret, previousSecretUntil: until }).where(eq(webhookEndpoints.id, id));
    await appendAudit(tx, { actor: "staff", staff: admin, action: "webhook.rotate", before: { id }, after: { id, previousSecretUntil: until.toISOString() }, at: now });
    return secret;
  });
}


/**
 * Sends one delivery again (same webhook-id and body), from now, with a fresh schedule. Not while a process has it
 * out (its lease): two copies would race; answers false then, as for an unknown delivery.
 */
export async function replayDelivery(db: Db, admin: Admin, endpointId: number, deliveryId: number, now = new Date()): Promise<boolean> {
  const replayed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now, claimedUntil: null, deliveredAt: null })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.endpointId, endpointId),
          or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, now)),
        ),
      )
      .returning({ id: webhookDeliveries.id, type: webhookDeliveries.type, messageId: webhookDeliveries.messageId });
    if (!row) return false;
    await appendAudit(tx, { actor: "staff", staff: admin, action: "webhook.replay", before: null, after: { endpointId, deliveryId, type: row.type, messageId: row.messageId }, at: now });
    return true;
  });
  // The sender sleeps until its next due delivery (decision 070): this one is due now, so this process's sender looks now.
  if (replayed) visitEventsCommitted();
  return replayed;
}

/** Disables (nothing more is sent or queued for it) or enables an endpoint; false when it already was so or is unknown. */
export async function setEndpointEnabled(db: Db, admin: Admin, id: number, enabled: boolean, now = new Date()): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set(enabled ? { disabledAt: null, disabledReason: null } : { disabledAt: now, disabledReason: "admin" })
      .where(and(eq(webhookEndpoints.id, id), enabled ? sql`${webhookEndpoints.disabledAt} is not null` : isNull(webhookEndpoints.disabledAt)))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!row) return false;
    await appendAudit(tx, {
      actor: "staff",
      staff: admin,
      action: enabled ? "webhook.enable" : "webhook.disable",
      before: { id, url: row.url, disabled: enabled },
      after: { id, url: row.url, disabled: !enabled },
      at: now,
    });
    return true;
  });
  // Enabled again: what waited while it was disabled is due now (the sender sleeps until its next due delivery).
  if (changed && enabled) visitEventsCommitted();
  return changed;
}

/** What the console shows of an endpoint, on the list and its page alike: never a secret. */
const shownColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  eventTypes: webhookEndpoints.eventTypes,
  studios: webhookEndpoints.studios,
  disabledAt: webhookEndpoints.disabledAt,
  disabledReason: webhookEndpoints.disabledReason,
};

/** Every endpoint (enabled first), with how many of its deliveries wait and how many were given up; never a secret. */
export function listEndpoints(db: Db) {
  return db
    .select({
      ...shownColumns,
      pending: sql<number>`(select count(*)::int from webhook_deliveries d where d.endpoint_id = ${webhookEndpoints.id} and d.status = 'pending')`,
      failed: sql<number>`(select count(*)::int from webhook_deliveries d where d.endpoint_id = ${webhookEndpoints.id} and d.status = 'failed')`,
    })
    .from(webhookEndpoints)
    .orderBy(sql`${webhookEndpoints.disabledAt} is not null`, asc(webhookEndpoints.id));
}

/** One endpoint as its page shows it (never its secrets: only until when the previous one still signs). */
export async function findEndpoint(db: Db, id: number) {
  const [row] = await db
    .select({
      ...shownColumns,
      previousSecretUntil: webhookEndpoints.previousSecretUntil,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

export const DELIVERIES_PER_PAGE = 50;

/** An endpoint's deliveries, newest first, a page at a time (`before`: the last id of the page before). */
export function listDeliveries(db: Db, endpointId: number, before?: number) {
  return db
    .select({
      id: webhookDeliveries.id,
      type: webhookDeliveries.type,
      visitId: webhookDeliveries.visitId,
      messageId: webhookDeliveries.messageId,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      claimedUntil: webhookDeliveries.claimedUntil,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), before ? lt(webhookDeliveries.id, before) : undefined))
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERIES_PER_PAGE + 1);
}
