/**
 * API keys (issue 30 C, decision 033): one per integration, made by an admin in the console, shown once.
 * A key is `dbk_` + 256 random bits (base64url). Stored as its SHA-256: with 256 bits of entropy nobody can
 * search the hash space, so a slow password hash (argon2) would only cost CPU on every request; a fast hash also
 * lets each request find its row by an indexed equality. Scoped to studios; revoked keys stop at once (every
 * request reads the row). Each change is one transaction with its audit line.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { apiKeys, studios } from "~/db/schema";
import { appendAudit } from "~/platform/audit.server";

const KEY = /^dbk_[A-Za-z0-9_-]{43}$/;
/** How often a key's "last used" is written at most (not on every read). */
const LAST_USED_EVERY_MS = 60_000;

export type ApiKey = typeof apiKeys.$inferSelect;
type Admin = { id: number; email: string };

export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** Makes a key for these studios; the key itself is returned once and never stored. */
export async function createApiKey(db: Db, input: { name: string; studios: string[] }, by: Admin, now = new Date()) {
  const key = `dbk_${randomBytes(32).toString("base64url")}`;
  const prefix = key.slice(0, 12);
  const studios = [...new Set(input.studios)].sort();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ name: input.name, prefix, keyHash: hashApiKey(key), studios, createdByStaffId: by.id, createdAt: now })
      .returning({ id: apiKeys.id });
    await appendAudit(tx, { actor: "staff", staff: by, action: "api_key.create", after: { id: row!.id, name: input.name, prefix, studios }, at: now });
    return row!.id;
  });
  return { id, key, prefix };
}

/** Revokes a key (once; a second revoke or an unknown id answers false). */
export async function revokeApiKey(db: Db, id: number, by: Admin, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, studios: apiKeys.studios });
    if (!row) return false;
    await appendAudit(tx, { actor: "staff", staff: by, action: "api_key.revoke", before: { ...row, revoked: false }, after: { id: row.id, revoked: true }, at: now });
    return true;
  });
}

export function listApiKeys(db: Db) {
  return db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, studios: apiKeys.studios, createdAt: apiKeys.createdAt, revokedAt: apiKeys.revokedAt, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .orderBy(asc(apiKeys.revokedAt), asc(apiKeys.id));
}

/**
 * The live key an `Authorization: Bearer …` header carries, or null (no header, another scheme, a malformed,
 * unknown or revoked key: one answer). Writes "last used" at most once a minute per key.
 */
export async function authenticateApiKey(db: Db, header: string | null, now = new Date()): Promise<ApiKey | null> {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  const key = match?.[1];
  if (!key || !KEY.test(key)) return null;
  const [row] = await db.select().from(apiKeys).where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`${now.toISOString()}::timestamptz - interval '60 seconds'`))));
  }
  return row;
}

/** The studios a key may be scoped to: every studio, by name. */
export function keyableStudios(db: Db) {
  return db.select({ slug: studios.slug, name: studios.name }).from(studios).orderBy(asc(studios.name));
}
