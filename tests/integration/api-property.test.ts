// Issue 42 E (decision 033, amended by 072): the read API against its own OpenAPI document, property-style, as
// Schemathesis would try it. Every operation the document lists is sent generated inputs — valid ones (this
// fixture's studios, visits, instants, a real cursor) and invalid ones (missing, malformed, too long, other
// alphabets, made-up keys) — from a small seeded generator, so a failure replays; every method the document does not
// list (POST, PUT, DELETE, OPTIONS, PATCH) is sent through the server's request guards. Every answer must be below
// 500, JSON, with a status the operation documents and a body matching that status's schema; a 405 carries a true
// `Allow` (the document's methods). PGlite and PostgreSQL.
import type { AddressInfo } from "node:net";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hashApiKey } from "~/api/keys.server";
import { openApiDocument } from "~/api/openapi";
import { PAGE_MAX } from "~/api/visits.server";
import { resetRateLimiters } from "~/auth/rate-limit.server";
import { apiKeys, appointments, authRateLimits } from "~/db/schema";
import { loader as listLoader } from "~/routes/api+/v1.visits";
import { loader as visitLoader } from "~/routes/api+/v1.visits_.$id";
import { requestGuards } from "~/server/request-guards.server";
import { createPatient, createStudioWithProviders } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";

const ORIGIN = "http://localhost:3000";
const doc = openApiDocument(ORIGIN);
type Response_ = { description: string; headers?: Record<string, { schema: object }>; content?: { "application/json": { schema: object } } };
type Operation = { operationId: string; parameters: { name: string; in: "path" | "query"; required: boolean }[]; responses: Record<string, Response_> };
const paths = doc.paths as Record<string, Record<string, Operation>>;

/** Which route answers each documented path: a path added to the document without one here fails the test. */
const LOADERS: Record<string, (args: never) => unknown> = { "/api/v1/visits/{id}": visitLoader, "/api/v1/visits": listLoader };
const HTTP_METHODS = ["get", "head", "post", "put", "delete", "options", "patch"] as const;

const ajv = new Ajv2020({ strict: true, allErrors: true });
ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
ajv.addFormat("date", /^\d{4}-\d{2}-\d{2}$/);
const local = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/$defs/')) as object;
ajv.addSchema({ $id: "doc", $defs: local(doc.components.schemas) });
const compiled = new Map<object, ValidateFunction>();
const validatorOf = (schema: object) => compiled.get(schema) ?? compiled.set(schema, ajv.compile(local(schema))).get(schema)!;

/** A seeded generator (mulberry32): the same seed, the same inputs. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const ALPHABET = ["a", "Z", "0", "9", "-", "_", ".", "/", "%", " ", "é", "ß", "😀", "\u0000", "'", '"', "<", "&", "+", ":", "T", "Z"];
  const junk = () => Array.from({ length: Math.floor(next() * 12) }, () => pick(ALPHABET)).join("");
  return { next, pick, junk };
}

const INVALID = {
  id: ["", "abc", "-1", "0x10", "1e3", "１２", "1234567890", "1;DROP TABLE x", "../1", " 1", "1.0"],
  studio: ["", "UPPER", "a".repeat(61), "fenwáy", "a b", "<script>", "../x"],
  instant: ["", "yesterday", "2027-02-30", "2027-13-01", "2027-03-01T25:00:00Z", "1e12", "0000-00-00", "2027-03-01T09:00:00", "2027-03-01T09:00:00+25:00", "2027-3-1"],
  limit: ["0", "-1", "abc", "1.5", "99999999999999999999", "", String(PAGE_MAX + 1)],
  cursor: ["x".repeat(201), "AAAA", "eyJhIjoxfQ", "%%%", "null"],
};

describeEachEngine("the read API against its OpenAPI document (property-style)", ({ db }) => {
  const keys = { valid: "", revoked: "" };
  const fixture = { studio: "", other: "", visits: [] as string[], otherVisit: "", cursor: "" };
  let guards: import("node:http").Server;
  let guardsUrl = "";
  let reachedRemix = 0;

  beforeAll(async () => {
    resetRateLimiters();
    const studio = await createStudioWithProviders(db().db);
    const other = await createStudioWithProviders(db().db);
    fixture.studio = studio.slug;
    fixture.other = other.slug;
    const patient = await createPatient(db().db);
    const day = Date.UTC(2027, 2, 1, 14);
    for (let i = 0; i < 4; i++) {
      const startsAt = new Date(day + i * 3600_000);
      const [row] = await db()
        .db.insert(appointments)
        .values({ token: `tok-prop-${studio.slug}-${i}`, patientId: patient.id, studioSlug: studio.slug, providerId: studio.providerIds[0]!, serviceType: "CLNCHK", startsAt, endsAt: new Date(startsAt.getTime() + 3600_000) })
        .returning();
      fixture.visits.push(String(row!.id));
    }
    const someoneElse = await createPatient(db().db);
    const [theirs] = await db()
      .db.insert(appointments)
      .values({ token: `tok-prop-${other.slug}`, patientId: someoneElse.id, studioSlug: other.slug, providerId: other.providerIds[0]!, serviceType: "CLNCHK", startsAt: new Date(day), endsAt: new Date(day + 3600_000) })
      .returning();
    fixture.otherVisit = String(theirs!.id);
    for (const which of ["valid", "revoked"] as const) {
      keys[which] = `dbk_${(which + "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH").slice(0, 43)}`;
      await db()
        .db.insert(apiKeys)
        .values({ name: `prop ${which}`, prefix: keys[which].slice(0, 8), keyHash: hashApiKey(keys[which]), studios: [studio.slug], revokedAt: which === "revoked" ? new Date() : null });
    }
    // A real cursor: the first page of two.
    const first = await callRoute(listLoader, new Request(`${ORIGIN}/api/v1/visits?studio=${studio.slug}&from=2027-03-01&to=2027-03-02&limit=2`, { headers: { Authorization: `Bearer ${keys.valid}` } }));
    fixture.cursor = ((await first.json()) as { nextCursor: string }).nextCursor;
    expect(fixture.cursor).toBeTruthy();

    // The server's request guards in front of a stand-in for Remix: what reaches it was not answered by the guards.
    const app = express();
    app.use(requestGuards({ supportEmail: "help@example.com" }));
    app.use((_req, res) => {
      reachedRemix++;
      res.status(299).end();
    });
    guards = app.listen(0, "127.0.0.1");
    await new Promise((r) => guards.once("listening", r));
    guardsUrl = `http://127.0.0.1:${(guards.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => (guards ? guards.close(() => r()) : r())));

  /** The limits start again: in the process (embedded database) and in `auth_rate_limits` (PostgreSQL keeps them there). */
  async function resetLimits() {
    resetRateLimiters();
    await db().db.delete(authRateLimits);
  }

  /** Valid and invalid values for one parameter. */
  function valuesFor(name: string, g: ReturnType<typeof generator>): string {
    const valid = g.next() < 0.5;
    switch (name) {
      case "id":
        return valid ? g.pick([...fixture.visits, fixture.otherVisit, "1", "999999999"]) : g.pick([...INVALID.id, g.junk()]);
      case "studio":
        return valid ? g.pick([fixture.studio, fixture.studio, fixture.other, "no-such-studio"]) : g.pick([...INVALID.studio, g.junk()]);
      case "from":
      case "to":
        return valid
          ? g.pick(["2027-03-01", "2027-03-02", "2027-02-28T00:00:00Z", "2027-03-01T09:30:00-05:00", "2027-03-01T14:00:00.000Z", "2027-05-31", "2026-12-01"])
          : g.pick([...INVALID.instant, g.junk()]);
      case "limit":
        return valid ? String(1 + Math.floor(g.next() * PAGE_MAX)) : g.pick([...INVALID.limit, g.junk()]);
      case "cursor":
        return valid ? g.pick(["", fixture.cursor]) : g.pick([...INVALID.cursor, g.junk()]);
      default:
        throw new Error(`no generator for the parameter ${name}: add one`);
    }
  }
  const authorization = (g: ReturnType<typeof generator>) => {
    const r = g.next();
    if (r < 0.75) return `Bearer ${keys.valid}`;
    return g.pick([null, `Bearer ${keys.revoked}`, `Bearer dbk_${"x".repeat(43)}`, "Basic YTpi", `bearer ${keys.valid}`, `Bearer ${g.junk().replace(/[^\x21-\x7e]/g, "x")}x`]); // a header carries visible ASCII only
  };

  /** The answer conforms: below 500, a status the operation documents, JSON, its body the documented schema. */
  async function conforms(op: Operation, res: Response, what: string, failures: string[], seen: Set<string>) {
    seen.add(String(res.status));
    if (res.status >= 500) return failures.push(`${what}: ${res.status}`);
    const documented = op.responses[String(res.status)];
    if (!documented?.content) return failures.push(`${what}: status ${res.status} is not documented for ${op.operationId}`);
    if (!res.headers.get("Content-Type")?.startsWith("application/json")) return failures.push(`${what}: ${res.status} is not JSON`);
    const body: unknown = await res.json().catch(() => undefined);
    const validate = validatorOf(documented.content["application/json"].schema);
    if (!validate(body)) failures.push(`${what}: ${res.status} body does not match the document: ${JSON.stringify(validate.errors).slice(0, 300)}`);
  }

  it("every documented path has its route, and every operation only GET (HEAD with it)", () => {
    expect(Object.keys(paths).sort()).toEqual(Object.keys(LOADERS).sort());
    for (const item of Object.values(paths)) expect(Object.keys(item)).toEqual(["get"]);
  });

  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      it(`${method.toUpperCase()} ${path} (${op.operationId}): 300 generated requests, each answered as documented`, async () => {
        const g = generator(0x42e0 + path.length);
        const failures: string[] = [];
        const seen = new Set<string>();
        for (let i = 0; i < 300; i++) {
          if (i % 25 === 0) await resetLimits();
          const params: Record<string, string> = {};
          const query = new URLSearchParams();
          for (const p of op.parameters) {
            if (g.next() < (p.required ? 0.08 : 0.4)) continue; // left out (a required one: invalid)
            const value = valuesFor(p.name, g);
            if (p.in === "path") params[p.name] = value;
            else query.append(p.name, value);
          }
          if (g.next() < 0.05) query.append("unknown", g.junk()); // a parameter the document does not name
          const url = `${ORIGIN}${path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ""))}${query.size ? `?${query}` : ""}`;
          const auth = authorization(g);
          const request = new Request(url, { method: g.next() < 0.1 ? "HEAD" : "GET", headers: auth ? { Authorization: auth } : {} });
          const what = `#${i} ${request.method} ${url.slice(ORIGIN.length)} (${auth ? auth.slice(0, 12) : "no key"}…)`;
          let res: Response;
          try {
            res = await callRoute(LOADERS[path]!, request, { params, context: { clientIp: "203.0.113.42" } });
          } catch (error) {
            failures.push(`${what}: threw ${error instanceof Error ? error.message : String(error)}`);
            continue;
          }
          await conforms(op, res, what, failures, seen);
        }
        expect(failures).toEqual([]);
        // The generator reached the answers that matter (not only 401s).
        expect([...seen].sort()).toEqual(expect.arrayContaining(path.includes("{id}") ? ["200", "401", "404"] : ["200", "400", "401", "404"]));
      });
    }
  }

  it("every method the document does not list, on every path (with and without a key): the guards' JSON 405, its documented body, Allow naming exactly the documented methods", async () => {
    const shared = doc.components.responses.MethodNotAllowed as Response_;
    const failures: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      const documented = Object.keys(item).flatMap((m) => (m === "get" ? ["GET", "HEAD"] : [m.toUpperCase()]));
      for (const method of HTTP_METHODS.filter((m) => !(m in item) && m !== "head")) {
        for (const auth of [null, `Bearer ${keys.valid}`]) {
          const url = `${guardsUrl}${path.replace("{id}", fixture.visits[0]!)}`;
          const res = await fetch(url, { method: method.toUpperCase(), headers: { ...(auth ? { Authorization: auth } : {}), "Content-Type": "application/json", Origin: "https://elsewhere.example" }, body: method === "options" ? undefined : '{"a":1}' });
          const what = `${method.toUpperCase()} ${path}`;
          if (res.status !== 405) failures.push(`${what}: ${res.status}`);
          const allow = res.headers.get("Allow") ?? "";
          if (allow !== documented.join(", ")) failures.push(`${what}: Allow "${allow}", the document says ${documented.join(", ")}`);
          if (!validatorOf(shared.headers!.Allow!.schema)(allow)) failures.push(`${what}: Allow does not match the MethodNotAllowed response's header`);
          if (!res.headers.get("Content-Type")?.startsWith("application/json")) failures.push(`${what}: not JSON`);
          const body: unknown = await res.json().catch(() => undefined);
          if (!validatorOf(shared.content!["application/json"].schema)(body)) failures.push(`${what}: body ${JSON.stringify(body)} does not match the document`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(reachedRemix).toBe(0);
  });
});
