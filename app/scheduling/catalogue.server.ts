import { and, asc, eq, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { services, studios } from "~/db/schema";
import { studioTimezone } from "~/rules/timezones";

export type Studio = typeof studios.$inferSelect & { tz: string };
export type Service = typeof services.$inferSelect;

/**
 * The catalogue (studios, services, staff and their weekly hours) changes rarely: pages read it through a
 * 10-second per-process cache. Booking transactions always read it fresh.
 */
const CACHE_MS = 10_000;
const caches = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();
/** One cache per database handle, so two databases in one process (tests) never mix. */
export function cachedCatalogue<T>(db: object, key: string, load: () => Promise<T>, fresh = false): Promise<T> {
  if (fresh) return load();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && now - hit.at < CACHE_MS) return hit.value as Promise<T>;
  if (cache.size > 5_000) cache.clear();
  const value = load();
  cache.set(key, { at: now, value });
  value.catch(() => cache.delete(key)); // never cache a failure
  return value;
}

type Read = { fresh?: boolean };

const withTz = (row: typeof studios.$inferSelect): Studio => ({ ...row, tz: studioTimezone(row.slug, row.timezone) });

export function getService(db: Db, code: string, { fresh }: Read = {}): Promise<Service | null> {
  return cachedCatalogue(
    db,
    `service:${code}`,
    async () => (await db.select().from(services).where(eq(services.code, code)))[0] ?? null,
    fresh,
  );
}

export async function listServices(db: Db): Promise<Service[]> {
  return db.select().from(services).orderBy(asc(services.code));
}

/** An enabled studio by slug, or null (unknown and coming-soon studios cannot be booked). */
export function getBookableStudio(db: Db, slug: string, { fresh }: Read = {}): Promise<Studio | null> {
  return cachedCatalogue(
    db,
    `studio:${slug}`,
    async () => {
      const [row] = await db.select().from(studios).where(and(eq(studios.slug, slug), eq(studios.enabled, true)));
      return row ? withTz(row) : null;
    },
    fresh,
  );
}

export async function listAllStudios(db: Db): Promise<Studio[]> {
  return (await db.select().from(studios).orderBy(asc(studios.name))).map(withTz);
}

/** Enabled studios of a market, plus the virtual studio when the service can be done by video. */
export async function listBookableStudios(db: Db, market: string, service?: Service | null): Promise<Studio[]> {
  const rows = await db
    .select()
    .from(studios)
    .where(
      and(
        eq(studios.enabled, true),
        service?.virtualAllowed ? or(eq(studios.marketSlug, market), eq(studios.isVirtual, true)) : eq(studios.marketSlug, market),
      ),
    )
    .orderBy(asc(studios.isVirtual), asc(studios.name));
  return rows.map(withTz);
}
