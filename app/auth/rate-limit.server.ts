import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type IRateLimiterOptions, type RateLimiterAbstract } from "rate-limiter-flexible";
import { lt } from "drizzle-orm";
import { getDatabase, type Db } from "~/db/client.server";
import { deleteBatch } from "~/db/delete-batch";
import { authRateLimits } from "~/db/schema";
import { getEnv } from "~/platform/env.server";
import { BoundedMap } from "~/rules/bounded-map";

/**
 * Rate limits on the account forms (decision 010), slot holds (decision 055), the card step's trips to Stripe
 * (decision 061) and the read API (decision 033). On
 * PostgreSQL the counters live in `auth_rate_limits`, so every container counts together; on the embedded database
 * (one process) they live in memory, each key deleted by its own timer when its window ends (bounded by time: at
 * most the keys counted in the last window).
 */
const LIMITS = {
  /** Every account form post from one address. */
  ip: { points: 100, duration: 15 * 60 },
  /** Wrong passwords for one account from one address: after 5, wait 15 minutes. */
  accountFromIp: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  /** Wrong passwords for one account from everywhere: a slow distributed guess, not a stranger's lock-out. */
  account: { points: 100, duration: 24 * 60 * 60 },
  /** Emails (codes, links, notices) to one address. */
  email: { points: 5, duration: 60 * 60 },
  /** Copies of their data an account asks for (decision 080): 5 download links a day. */
  dataExport: { points: 5, duration: 24 * 60 * 60 },
  /** Referral links a patient emails to friends, per patient per day. */
  invite: { points: 10, duration: 24 * 60 * 60 },
  /** Slot holds (decision 055): per booking, per device (its `device` cookie), per client address (a ceiling). */
  holdBooking: { points: 15, duration: 60 * 60 },
  holdDevice: { points: 30, duration: 60 * 60 },
  holdAddress: { points: 300, duration: 60 * 60 },
  holdAddressDay: { points: 10, duration: 60 * 60 },
  /**
   * Stripe Checkout Sessions the booking's card step makes (decision 061): per booking (a trip, a declined card and a
   * few retries), per device (its `device` cookie; a few bookings' worth).
   */
  cardTripBooking: { points: 10, duration: 60 * 60 },
  cardTripDevice: { points: 20, duration: 60 * 60 },
  /** Fetches of one staff calendar feed (issue 38 F): calendars poll every few minutes at most. */
  calendarFeed: { points: 120, duration: 60 * 60 },
  /** Read API requests per API key (API_REQUESTS_PER_MINUTE, decision 033). */
  api: { points: 120, duration: 60 },
} as const;
export type Name = keyof typeof LIMITS;

/** The operator's numbers for the hold and API limits (their defaults are LIMITS'). */
const OPERATOR_POINTS: Partial<Record<Name, () => number>> = {
  holdBooking: () => getEnv().SLOT_HOLDS_PER_BOOKING,
  holdDevice: () => getEnv().SLOT_HOLDS_PER_DEVICE_HOUR,
  holdAddress: () => getEnv().SLOT_HOLDS_PER_ADDRESS_HOUR,
  holdAddressDay: () => getEnv().SLOT_HOLDS_PER_ADDRESS_DAY,
  api: () => getEnv().API_REQUESTS_PER_MINUTE,
};

/** A limit's options, with the operator's number where there is one. */
const limitOf = (name: Name): { points: number; duration: number; blockDuration?: number } => ({ ...LIMITS[name], points: OPERATOR_POINTS[name]?.() ?? LIMITS[name].points });

/** Keys are hashed: no email or address is stored in the table, and a long one still fits its 255 characters. */
const hashKey = (key: string) => createHash("sha256").update(key.toLowerCase()).digest("base64url");

/**
 * Keys one limiter keeps in memory (the embedded database's process). Each key goes when its window ends (15 min –
 * 24 h), but made-up emails or a crowd of addresses could bring millions within a window: past the bound the oldest
 * key is forgotten (its count starts again), a limit that forgets a little rather than a process that runs out of
 * memory (decision 056). On PostgreSQL the counts live in `auth_rate_limits`, not in the process.
 */
export const MAX_LIMITER_KEYS = 20_000;

type Kept = { timeoutId?: NodeJS.Timeout };
/** A limit counted in memory, its keys bounded: rate-limiter-flexible's store is its `_storage` Map (the bound's test fails if that moves). */
export function boundedMemoryLimiter(name: Name, options: IRateLimiterOptions): RateLimiterMemory {
  const limiter = new RateLimiterMemory(options);
  const store = (limiter as unknown as { _memoryStorage: { _storage: Map<string, Kept> } })._memoryStorage;
  store._storage = new BoundedMap<string, Kept>(`rate limiter ${name} (embedded database)`, MAX_LIMITER_KEYS, (kept) => clearTimeout(kept.timeoutId));
  return limiter;
}

let limiters: Promise<Record<Name, RateLimiterAbstract>> | undefined;

async function build(): Promise<Record<Name, RateLimiterAbstract>> {
  const database = await getDatabase();
  const entries = await Promise.all(
    (Object.keys(LIMITS) as Name[]).map(async (name) => {
      const options = { ...limitOf(name), keyPrefix: `auth_${name}` };
      if (database.kind !== "postgres") return [name, boundedMemoryLimiter(name, options)] as const;
      const pool = (database.db as unknown as { $client: unknown }).$client;
      const limiter = new RateLimiterPostgres({ ...options, storeClient: pool, storeType: "pool", tableName: "auth_rate_limits", tableCreated: true, clearExpiredByTimeout: false });
      return [name, limiter] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Name, RateLimiterAbstract>;
}

/** As rate-limiter-flexible's own sweeper: a row an hour past its end, never one a count could still read. */
const SWEEP_AFTER_MS = 60 * 60_000;

/**
 * Deletes one batch of `auth_rate_limits` rows whose window ended over an hour ago; returns how many. The library's
 * own timer per limiter is off (one per limit per process); this runs on the job helper in every container instead —
 * a delete is safe to run twice. Without it every device and address ever counted stays a row (decision 055).
 */
export async function sweepExpiredRateLimits(db: Db, now: Date): Promise<number> {
  return deleteBatch(db, authRateLimits, authRateLimits.key, lt(authRateLimits.expire, now.getTime() - SWEEP_AFTER_MS));
}

/** Forget the limiters (tests install a new database per suite). */
export function resetRateLimiters() {
  limiters = undefined;
}

async function limiter(name: Name) {
  limiters ??= build();
  return (await limiters)[name];
}

export class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("rate limited");
  }
}

/** Counts one event; throws RateLimited when over the limit. A failing store lets the request through (logged). */
export async function consume(name: Name, key: string): Promise<void> {
  try {
    await (await limiter(name)).consume(hashKey(key));
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new RateLimited(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    console.error(`[auth] rate limiter ${name} unavailable:`, (error as Error).message);
  }
}

/** Throws RateLimited when the key is already over its limit, without counting. */
export async function assertNotLimited(name: Name, key: string): Promise<void> {
  try {
    const res = await (await limiter(name)).get(hashKey(key));
    const limit = limitOf(name).points;
    if (res && res.consumedPoints >= limit && res.msBeforeNext > 0) throw new RateLimited(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
  } catch (error) {
    if (error instanceof RateLimited) throw error;
    console.error(`[auth] rate limiter ${name} unavailable:`, (error as Error).message);
  }
}

/** Whether one more event fits (counts it when it does): for emails that are silently not sent when over. */
export async function tryConsume(name: Name, key: string): Promise<boolean> {
  try {
    await consume(name, key);
    return true;
  } catch {
    return false;
  }
}

/** Clears a key (a correct password clears its failures). */
export async function forget(name: Name, key: string): Promise<void> {
  await (await limiter(name)).delete(hashKey(key)).catch(() => {});
}
