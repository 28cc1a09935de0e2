/**
 * Webhook endpoints as admins manage them (decision 032): add (the signing secret shown once), rotate (the previous
 * secret still signs for ROTATION_OVERLAP_HOURS), replay a delivery. (The console pages are not built yet.) Every change
 * is one transaction with its audit line; the audit never holds a secret.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { appendAudit } from "~/platform/audit.server";

/** How long the previous secret keeps signing after a rotation: a day for receivers to take the new one. */
export const ROTATION_OVERLAP_HOURS = 24;

type Admin = { id: number; email: string };
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


/** Sends one delivery again (same webhook-id and body), from now, with a fresh schedule. */
export async function replayDelivery(db: Db, admin: Admin, endpointId: number, deliveryId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now, claimedUntil: null, deliveredAt: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .returning({ id: webhookDeliveries.id, type: webhookDeliveries.type, messageId: webhookDeliveries.messageId });
    if (!row) return false;
    await appendAudit(tx, { actor: "staff", staff: admin, action: "webhook.replay", before: null, after: { endpointId, deliveryId, type: row.type, messageId: row.messageId }, at: now });
    return true;
  });
}
