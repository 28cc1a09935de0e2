import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { authCodes } from "~/db/schema";
import { getEnv } from "~/platform/env.server";

/**
 * One-time codes by email (decision 010): 6 digits from a CSPRNG plus a 256-bit link token, both stored as
 * HMAC-SHA-256 keyed with SESSION_SECRET (a leaked table cannot be brute-forced offline), single use,
 * 10 minutes, 5 tries per code; a new code for the same purpose and address replaces the old one.
 */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;
export const RESEND_COOLDOWN_MS = 60_000;

type Purpose = (typeof authCodes.$inferSelect)["purpose"];

function keyedHash(value: string, secret = getEnv().sessionSecrets[0]): string {
  return createHmac("sha256", secret).update(value).digest("hex");
}

function matches(value: string, stored: string): boolean {
  return getEnv().sessionSecrets.some((secret) => {
    const a = Buffer.from(keyedHash(value, secret), "hex");
    const b = Buffer.from(stored, "hex");
    return a.length === b.length && timingSafeEqual(a, b);
  });
}

export type IssuedCode = { code: string; linkToken: string };

/**
 * A new code for this purpose and address (replacing any earlier one), or null while the earlier one is
 * younger than the resend cooldown.
 */
export async function issueCode(db: Db, input: { purpose: Purpose; email: string; personId?: number | null; now?: Date }): Promise<IssuedCode | null> {
  const now = input.now ?? new Date();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const linkToken = randomBytes(32).toString("base64url");
  const values = {
    purpose: input.purpose,
    email: input.email,
    personId: input.personId ?? null,
    codeHash: keyedHash(code),
    linkHash: keyedHash(linkToken),
    attempts: 0,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    usedAt: null,
    createdAt: now,
  };
  const cooldownStart = new Date(now.getTime() - RESEND_COOLDOWN_MS);
  const rows = await db
    .insert(authCodes)
    .values(values)
    .onConflictDoUpdate({
      target: [authCodes.purpose, authCodes.email],
      set: values,
      // Within the cooldown an unused code stays as it is (nothing new is sent).
      setWhere: sql`${authCodes.createdAt} < ${cooldownStart.toISOString()} or ${authCodes.usedAt} is not null`,
    })
    .returning({ id: authCodes.id });
  return rows.length > 0 ? { code, linkToken } : null;
}

export type CodeCheck =
  | { ok: true; email: string; personId: number | null }
  | { ok: false; reason: "wrong" | "expired" | "too-many-tries" };

/** Checks a typed code for the address; a wrong one uses up a try. A right one is consumed (single use). */
export async function consumeCode(db: Db, input: { purpose: Purpose; email: string; code: string; now?: Date }): Promise<CodeCheck> {
  const now = input.now ?? new Date();
  const [row] = await db.select().from(authCodes).where(and(eq(authCodes.purpose, input.purpose), eq(authCodes.email, input.email)));
  if (!row || row.usedAt) return { ok: false, reason: "wrong" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };
  if (row.attempts >= CODE_MAX_TRIES) return { ok: false, reason: "too-many-tries" };
  if (!matches(input.code, row.codeHash)) {
    // Counted atomically: two posts at once cannot both get the fifth try.
    await db.update(authCodes).set({ attempts: sql`${authCodes.attempts} + 1` }).where(eq(authCodes.id, row.id));
    return { ok: false, reason: row.attempts + 1 >= CODE_MAX_TRIES ? "too-many-tries" : "wrong" };
  }
  return claim(db, row, now);
}

/** Checks an emailed link's token (of this purpose) and consumes it. */
export async function consumeLink(db: Db, input: { purpose: Purpose; token: string; now?: Date }): Promise<CodeCheck> {
  const row = await findLink(db, input);
  if (!row) return { ok: false, reason: "wrong" };
  const now = input.now ?? new Date();
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };
  if (row.attempts >= CODE_MAX_TRIES) return { ok: false, reason: "too-many-tries" };
  return claim(db, row, now);
}

/** The live row a link points to (for a page that shows what the link will do, without using it). */
export async function findLink(db: Db, input: { purpose: Purpose; token: string; now?: Date }) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(input.token)) return null;
  const candidates = getEnv().sessionSecrets.map((secret) => keyedHash(input.token, secret));
  for (const linkHash of candidates) {
    const [row] = await db.select().from(authCodes).where(and(eq(authCodes.linkHash, linkHash), eq(authCodes.purpose, input.purpose)));
    if (row && !row.usedAt && row.expiresAt > (input.now ?? new Date())) return row;
  }
  return null;
}

async function claim(db: Db, row: typeof authCodes.$inferSelect, now: Date): Promise<CodeCheck> {
  // Single use even under a race: only the post that flips used_at wins.
  const claimed = await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(eq(authCodes.id, row.id), sql`${authCodes.usedAt} is null`))
    .returning({ id: authCodes.id });
  if (claimed.length === 0) return { ok: false, reason: "wrong" };
  return { ok: true, email: row.email, personId: row.personId };
}
