import { and, asc, eq, or } from "drizzle-orm";
import { isSingleProcessDb, type Db } from "~/db/client.server";
import { catalogueRevision, providerHours, providers, services, studios } from "~/db/schema";
import { isMarketSlug, type MarketSlug } from "~/rules/markets";
import { studioTimezone } from "~/rules/timezones";
import { currentRequest } from "~/platform/request-scope.server";
import { BoundedMap, registerCache } from "~/rules/bounded-map";

export type Studio = typeof studios.$inferSelect & { tz: string; mapUrl: string | null };
export type Service = typeof services.$inferSelect;

/**
 * A small per-process read cache, one per database handle (so two databases in one process never mix).
 * The catalogue (studios, services, staff, weekly hours, closures) is kept 10 s, time off and visits 3 s
 * (slots.server.ts); booking transactions always read fresh. Every entry is keyed on the catalogue revision
 * (decision 023): staff changes to availability bump it in their transaction, so the next request on every
 * process reads the new revision and, with it, the new catalogue at once. On PGlite (one process per data dir) the
 * revision is this process's own count of committed changes: no read at all.
 */
export const CATALOGUE_TTL_MS = 10_000;
/**
 * Reads kept per database handle (decision 029): a booking holding a time has a week of its own, so entries come and
 * go with patients. Past the bound the expired ones go, then the oldest: memory stays flat, not a saw-tooth.
 */
export const MAX_CACHED_READS = 500;
type Cache = { revision: number; entries: Map<string, { until: number; value: Promise<unknown> }> };
const caches = new WeakMap<object, Cache>();

/** The revision read by this request, per database: one primary-key read per request at most. */
const requestRevisions = new WeakMap<object, WeakMap<object, Promise<number>>>();

/** Changes this process committed, per database handle: all there is to know on a database only it can write. */
const localRevisions = new WeakMap<object, number>();

/** Tells this process's caches of the catalogue that a change to it has just been committed (and the revision bumped). */
export function catalogueChanged(db: object) {
  localRevisions.set(db, (localRevisions.get(db) ?? 0) + 1);
}

async function readRevision(db: object): Promise<number> {
  // PGlite: one process per data dir, so no other process can change the catalogue; no read needed.
  if (isSingleProcessDb(db)) return localRevisions.get(db) ?? 0;
  const [row] = await (db as Db).select({ revision: catalogueRevision.revision }).from(catalogueRevision).where(eq(catalogueRevision.id, 1));
  return row?.revision ?? 0;
}

/** The catalogue revision as this request sees it (read once per request; every call outside a request reads). */
export function catalogueRevisionNow(db: object): Promise<number> {
  const request = currentRequest();
  if (!request) return readRevision(db);
  let perDb = requestRevisions.get(request);
  if (!perDb) requestRevisions.set(request, (perDb = new WeakMap()));
  let revision = perDb.get(db);
  if (!revision) {
    revision = readRevision(db);
    perDb.set(db, revision);
    revision.catch(() => perDb.delete(db));
  }
  return revision;
}

export async function cachedRead<T>(db: object, key: string, ttlMs: number, load: () => Promise<T>, fresh = false): Promise<T> {
  if (fresh) return load();
  const revision = await catalogueRevisionNow(db);
  let cache = caches.get(db);
  if (!cache) {
    caches.set(db, (cache = { revision, entries: new Map() }));
    const held = new WeakRef(cache); // the registry must not keep a closed database's cache alive
    registerCache("catalogue reads (per database)", MAX_CACHED_READS, () => held.deref()?.entries.size ?? 0);
  }
  // A newer revision: nothing cached before it may answer again (a newer entry is never thrown away for an older one).
  if (revision > cache.revision) {
    cache.entries.clear();
    cache.revision = revision;
  }
  const entries = cache.entries;
  const keyed = `${key}#${revision}`;
  const hit = entries.get(keyed);
  const now = Date.now();
  if (hit && now < hit.until) return hit.value as Promise<T>;
  if (entries.size >= MAX_CACHED_READS) trim(entries, now);
  // A real promise: a Drizzle query is a thenable that runs again on every `then` (each waiter, and the `catch`
  // below, would each send the query).
  const value = Promise.resolve(load());
  entries.set(keyed, { until: now + ttlMs, value });
  value.catch(() => entries.delete(keyed)); // never cache a failure
  return value;
}

function trim(entries: Cache["entries"], now: number) {
  for (const [key, entry] of entries) if (entry.until <= now) entries.delete(key);
  for (const key of entries.keys()) {
    if (entries.size < MAX_CACHED_READS) break;
    entries.delete(key); // the oldest first: a Map iterates in insertion order
  }
}

/** How many reads are kept for a database handle (tests: the bound holds). */
export const cachedReadCount = (db: object) => caches.get(db)?.entries.size ?? 0;

/** Drops cached reads whose key starts with the prefix (after a write this process made). */
export function forgetCached(db: object, prefix: string) {
  const entries = caches.get(db)?.entries;
  for (const key of entries?.keys() ?? []) if (key.startsWith(prefix)) entries!.delete(key);
}

export const cachedCatalogue = <T,>(db: object, key: string, load: () => Promise<T>, fresh = false) =>
  cachedRead(db, key, CATALOGUE_TTL_MS, load, fresh);

type Read = { fresh?: boolean };

/** A map search for the studio's address (no API key, opens the patient's map app on a phone). */
const mapUrlOf = (studio: { name: string; address: string }) =>
  studio.address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${studio.name}, ${studio.address}`)}` : null;

const withTz = (row: typeof studios.$inferSelect): Studio => {
  if (row.phone) lastKnownPhones.set(row.slug, row.phone);
  return { ...row, tz: studioTimezone(row.slug, row.timezone), mapUrl: mapUrlOf(row) };
};

/**
 * Each studio's phone as this process last read it, for the page that says the database is away (decision 028):
 * then nothing can be read, and the studio's number is what a patient can still use. One entry per studio.
 */
const lastKnownPhones = new BoundedMap<string, string>("last known studio phones", 500);
export const lastKnownStudioPhone = (slug: string): string | null => lastKnownPhones.get(slug) ?? null;

export function getService(db: Db, code: string, { fresh }: Read = {}): Promise<Service | null> {
  return cachedCatalogue(
    db,
    `service:${code}`,
    async () => (await db.select().from(services).where(eq(services.code, code)))[0] ?? null,
    fresh,
  );
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

/** Enabled studios of a market, plus the virtual studio when the service can be done by video. */
export function listBookableStudios(db: Db, market: string, service?: Service | null, { fresh }: Read = {}): Promise<Studio[]> {
  const virtual = Boolean(service?.virtualAllowed);
  return cachedCatalogue(
    db,
    `bookable-studios:${market}|${virtual}`,
    async () => {
      const rows = await db
        .select()
        .from(studios)
        .where(and(eq(studios.enabled, true), virtual ? or(eq(studios.marketSlug, market), eq(studios.isVirtual, true)) : eq(studios.marketSlug, market)))
        .orderBy(asc(studios.isVirtual), asc(studios.name));
      return rows.map(withTz);
    },
    fresh,
  );
}

/** Any studio by slug, enabled or not (a booked visit stays viewable if its studio closes). */
export async function getStudioAnyState(db: Db, slug: string): Promise<Studio | null> {
  const [row] = await db.select().from(studios).where(eq(studios.slug, slug));
  return row ? withTz(row) : null;
}

/** Each enabled studio's market, for deep links that name a studio (`/booking?studio=fenway`). */
export async function bookableStudioMarkets(db: Db): Promise<Record<string, MarketSlug | null>> {
  const rows = await db.select({ slug: studios.slug, market: studios.marketSlug }).from(studios).where(eq(studios.enabled, true));
  return Object.fromEntries(rows.map((r) => [r.slug, isMarketSlug(r.market) ? r.market : null]));
}

/** Every studio patients can visit, open or coming soon (not the virtual one), for the studios directory. */
export async function listStudioDirectory(db: Db): Promise<Studio[]> {
  return cachedCatalogue(db, "studio-directory", async () => {
    const rows = await db.select().from(studios).where(eq(studios.isVirtual, false)).orderBy(asc(studios.name));
    return rows.map(withTz);
  });
}

/**
 * The weekly hours the booking offers at each studio: its active providers' hours (the times page's source),
 * per studio slug. Search engines get these as opening hours (`/studios` JSON-LD), so the two never disagree.
 */
export function bookableWeeklyHours(db: Db): Promise<Map<string, { weekday: number; startMinute: number; endMinute: number }[]>> {
  return cachedCatalogue(db, "bookable-weekly-hours", async () => {
    const rows = await db
      .select({ studioSlug: providers.studioSlug, weekday: providerHours.weekday, startMinute: providerHours.startMinute, endMinute: providerHours.endMinute })
      .from(providerHours)
      .innerJoin(providers, eq(providers.id, providerHours.providerId))
      .where(eq(providers.active, true));
    const byStudio = new Map<string, { weekday: number; startMinute: number; endMinute: number }[]>();
    for (const { studioSlug, ...h } of rows) byStudio.set(studioSlug, [...(byStudio.get(studioSlug) ?? []), h]);
    return byStudio;
  });
}
