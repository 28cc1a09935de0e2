/**
 * The open slot feed (SMART Scheduling Links, issue 30 D, decision 064): a `$bulk-publish` manifest listing NDJSON
 * files of Location (each bookable studio), Schedule (per studio and service) and Slot (one file per studio: the next
 * FEED_DAYS days, free and busy) — the times `/booking/times` offers, computed by the same code (scheduling `openTimes`).
 *
 * Served from a per-process cache, one per database handle, studio by studio: a change at one studio rebuilds that
 * studio's Slot file only (bench/fhir-feed.ts). Before answering, one read says what moved since the cache was built:
 * - the catalogue revision (studios, services, staff, hours, time off, closures: every console change bumps it):
 *   every file;
 * - each studio's visit events (bookings, moves, cancels, lapsed holds, grown availability) and live holds (placing
 *   and releasing a hold writes no event): that studio's Slot file;
 * - the clock: every 15 minutes a time passes its notice (every time is on a 15-minute grid) and at a studio's
 *   midnight the window moves: every Slot file.
 * Counting events (not only the newest id) also sees an event whose transaction committed after a higher id's.
 * ETags are of the bytes, so every process answers 304 alike.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { asc, count, eq, gt, max } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { services as servicesTable, slotHolds, studios as studiosTable, visitEvents } from "~/db/schema";
import { registerCache } from "~/rules/bounded-map";
import { studioTimezone } from "~/rules/timezones";
import { localToday, offsetMs } from "~/rules/zoned-time";
import { SLOT_STEP_MINUTES } from "~/scheduling/availability";
import { cachedCatalogue, catalogueRevisionNow, type Service } from "~/scheduling/catalogue.server";
import { openTimes } from "~/scheduling/slots.server";
import { locationResource, scheduleResource, slotLines, type FeedStudio } from "./resources";

/** How far ahead the feed lists times: two weeks, the times page's first two. */
export const FEED_DAYS = 14;
/** Clients (finders) may keep an answer this long; SMART clients poll at most once a minute. */
export const FEED_MAX_AGE_SECONDS = 60;
export const NDJSON = "application/fhir+ndjson";

/**
 * A file as the cache keeps it: gzip only (a studio's Slot file is ≈ 2 MB of text and ≈ 1/20 of that gzipped; all
 * studios' text would be 65 MB of a heap capped at 256 MB, decision 056). A client that does not take gzip gets it
 * unzipped per request (finders and browsers all take it).
 */
export type FeedFile = { gzip: Buffer; etag: string; type: string };

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const etagOf = (body: string) => `"${createHash("sha1").update(body).digest("base64url")}"`;
/** Zipped off the main thread (zlib's thread pool); the ETag is of the text, the same in every process. */
const file = async (body: string, type: string): Promise<FeedFile> => ({ gzip: await gzipAsync(body), etag: etagOf(body), type });
/** A file's text (for a client without gzip, and the bench). */
export const feedText = async (f: FeedFile) => (await gunzipAsync(f.gzip)).toString("utf8");

/** A studio's Slot file name (the route `/fhir/{name}`): one per studio, so a finder reads the ones it needs. */
export const slotFileName = (studio: string) => `Slot-${studio}.ndjson`;

type Catalogue = { studios: FeedStudio[]; services: Service[] };

function feedCatalogue(db: Db): Promise<Catalogue> {
  return cachedCatalogue(db, "fhir:catalogue", async () => {
    const rows = await db.select().from(studiosTable).where(eq(studiosTable.enabled, true)).orderBy(asc(studiosTable.slug));
    const services = await db.select().from(servicesTable).orderBy(asc(servicesTable.code));
    return {
      // A video consult has no place to go to: the feed lists places (the virtual studio books on /booking).
      studios: rows.filter((r) => !r.isVirtual).map((r) => ({ slug: r.slug, name: r.name, address: r.address, phone: r.phone, tz: studioTimezone(r.slug, r.timezone), latitude: r.latitude, longitude: r.longitude })),
      services,
    };
  });
}

/** One studio's Slot file at `now`: every service its staff can do, free and taken times in time order. */
export async function buildStudioSlots(db: Db, studio: FeedStudio, services: Service[], origin: string, now: Date): Promise<FeedFile> {
  const [{ times }] = await openTimes(db, [studio], services, now, FEED_DAYS);
  let body = "";
  for (const { service, offered, free, taken } of times) {
    if (!offered) continue;
    body += slotLines(studio, service, origin, inTimeOrder(free, taken), offsetMs);
  }
  return file(body, NDJSON);
}

/** Free and taken times merged in time order (each list is in time order already). */
function inTimeOrder(free: { startsAt: Date; endsAt: Date }[], taken: { startsAt: Date; endsAt: Date }[]) {
  const all: { startsAt: Date; endsAt: Date; free: boolean }[] = [];
  let i = 0;
  let j = 0;
  while (i < free.length || j < taken.length) {
    if (j >= taken.length || (i < free.length && free[i].startsAt.getTime() < taken[j].startsAt.getTime())) all.push({ ...free[i++], free: true });
    else all.push({ ...taken[j++], free: false });
  }
  return all;
}

/** Location.ndjson and Schedule.ndjson: the catalogue's part (a Schedule for each service a studio's staff can do). */
async function buildCatalogueFiles(db: Db, origin: string, now: Date) {
  const { studios, services } = await feedCatalogue(db);
  const open = await openTimes(db, studios, services, now, 0); // no days: only which services each studio offers
  let locations = "";
  let schedules = "";
  for (const { studio, times } of open) {
    locations += `${JSON.stringify(locationResource(studio))}\n`;
    for (const { service, offered } of times) if (offered) schedules += `${JSON.stringify(scheduleResource(studio, service, origin))}\n`;
  }
  return new Map([
    ["Location.ndjson", await file(locations, NDJSON)],
    ["Schedule.ndjson", await file(schedules, NDJSON)],
  ]);
}

type State = {
  revision: number;
  /** The 15-minute step of the clock the Slot files were built in. */
  step: number;
  /** Events with a higher id are counted per studio (rebased with every step: a margin for late commits). */
  eventBase: number;
  catalogue: Promise<Map<string, FeedFile>> | null;
  slots: Map<string, { key: string; file: Promise<FeedFile> }>;
};
const states = new WeakMap<object, State>();
/**
 * Studio files kept per database handle (decision 056: every cache named with its bound): one per studio, ~2 MB
 * each (bench/fhir-feed.ts), all dropped at every 15-minute step and catalogue change. Past the bound (a chain of more
 * studios than this) the oldest file goes first.
 */
const MAX_STUDIO_FILES = 200;
/** Events below the newest one that may still commit (their transactions were running): counted again each step. */
const LATE_COMMIT_MARGIN = 1000;
const STEP_MS = SLOT_STEP_MINUTES * 60_000;

/** Per studio: its events since the base (count and newest) and its live holds (count and newest). */
async function studioMarks(db: Db, base: number, now: Date): Promise<Map<string, string>> {
  const [events, holds] = await Promise.all([
    db.select({ studio: visitEvents.studioSlug, n: count(), last: max(visitEvents.id) }).from(visitEvents).where(gt(visitEvents.id, base)).groupBy(visitEvents.studioSlug),
    db.select({ studio: slotHolds.studioSlug, n: count(), last: max(slotHolds.id) }).from(slotHolds).where(gt(slotHolds.expiresAt, now)).groupBy(slotHolds.studioSlug),
  ]);
  const marks = new Map<string, string>();
  for (const e of events) marks.set(e.studio, `e${e.n}.${e.last}`);
  for (const h of holds) marks.set(h.studio, `${marks.get(h.studio) ?? ""}h${h.n}.${h.last}`);
  return marks;
}

async function stateAt(db: Db, now: Date): Promise<State> {
  const revision = await catalogueRevisionNow(db);
  // Every time is on the 15-minute grid and the notices are whole steps: the free times stay the same within a step.
  const step = Math.ceil(now.getTime() / STEP_MS);
  let state = states.get(db);
  if (!state || state.revision !== revision || state.step !== step) {
    if (!state) {
      const held = new WeakRef(db); // the registry must not keep a closed database's feed alive
      registerCache("open slot feed files (per database)", MAX_STUDIO_FILES, () => {
        const live = held.deref();
        return live ? (states.get(live)?.slots.size ?? 0) : 0;
      });
    }
    const [{ newest }] = await db.select({ newest: max(visitEvents.id) }).from(visitEvents);
    state = { revision, step, eventBase: Math.max(0, Number(newest ?? 0) - LATE_COMMIT_MARGIN), catalogue: state?.revision === revision ? state.catalogue : null, slots: new Map() };
    states.set(db, state);
  }
  return state;
}

const forgetFailure = <T,>(promise: Promise<T>, forget: () => void) => {
  promise.catch(forget); // never keep a failure
  return promise;
};

/** The manifest: the files, as of this minute (its own ETag changes at most once a minute; the files' ETags tell what changed). */
export async function feedManifest(db: Db, origin: string, now = new Date()): Promise<FeedFile> {
  const { studios } = await feedCatalogue(db);
  const base = `${origin}/fhir`;
  const manifest = {
    transactionTime: new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString(),
    request: `${base}/$bulk-publish`,
    output: [
      { type: "Location", url: `${base}/Location.ndjson` },
      { type: "Schedule", url: `${base}/Schedule.ndjson` },
      ...studios.map((s) => ({ type: "Slot", url: `${base}/${slotFileName(s.slug)}` })),
    ],
    error: [],
  };
  return file(JSON.stringify(manifest), "application/json");
}

/** A file the manifest lists, as of now (built again only if what it depends on moved); null for another name. */
export async function feedFile(db: Db, origin: string, name: string, now = new Date()): Promise<FeedFile | null> {
  const state = await stateAt(db, now);
  if (name === "Location.ndjson" || name === "Schedule.ndjson") {
    const catalogue = (state.catalogue ??= forgetFailure(buildCatalogueFiles(db, origin, now), () => (state.catalogue = null)));
    return (await catalogue).get(name) ?? null;
  }
  const { studios, services } = await feedCatalogue(db);
  const studio = studios.find((s) => slotFileName(s.slug) === name);
  if (!studio) return null;
  const marks = await studioMarks(db, state.eventBase, now);
  const key = `${origin}|${localToday(now, studio.tz)}|${marks.get(studio.slug) ?? ""}`;
  const cached = state.slots.get(studio.slug);
  if (cached?.key === key) return cached.file;
  const built = forgetFailure(buildStudioSlots(db, studio, services, origin, now), () => state.slots.get(studio.slug)?.file === built && state.slots.delete(studio.slug));
  state.slots.delete(studio.slug); // re-inserted last: the Map's order is the files' age
  if (state.slots.size >= MAX_STUDIO_FILES) state.slots.delete(state.slots.keys().next().value!);
  state.slots.set(studio.slug, { key, file: built });
  return built;
}
