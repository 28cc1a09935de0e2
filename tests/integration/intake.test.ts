/**
 * Intake (issue 7) through its real loaders and actions, with real Requests and a real database (PGlite,
 * and PostgreSQL when TEST_DATABASE_URL is set): the journey, resume, wrong tokens, garbage, the audit
 * trail without values, the visit updated on completion, nothing of the answers in the log.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { callRoute } from "../helpers/route-call";

process.env.SESSION_SECRET = "intake-test-secret-0123456789-abcdefghijk";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "intake-"));

const { describeEachEngine } = await import("../helpers/db");
const { createPatient, createStudioWithProviders } = await import("../fixtures/factories");
const { appointments, intakeAudit, intakes, patients, persons } = await import("~/db/schema");
const { createSession } = await import("~/auth/sessions.server");
const start = await import("~/routes/intake+/_index");
const provider = await import("~/routes/intake+/insurance.provider");
const results = await import("~/routes/intake+/insurance.results");
const medical = await import("~/routes/intake+/personal.medical-conditions");
const check = await import("~/routes/intake+/check-answers");
const confirmation = await import("~/routes/intake+/confirmation");
const photo = await import("~/routes/intake+/card-photo.$side");
const confirmed = await import("~/routes/booking+/confirmed.$token");

type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
const ORIGIN = "http://localhost";

function call(fn: Fn, request: Request, params: Record<string, string> = {}): Promise<Response> {
  return callRoute(fn, request, { params });
}
const get = (fn: Fn, url: string, params?: Record<string, string>) => call(fn, new Request(ORIGIN + url), params);
function post(fn: Fn, url: string, fields: Record<string, string | string[]> | string, contentType = "application/x-www-form-urlencoded") {
  let body: string;
  if (typeof fields === "string") body = fields;
  else {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) p.append(k, one);
    body = p.toString();
  }
  return call(fn, new Request(ORIGIN + url, { method: "POST", body, headers: { "Content-Type": contentType, Origin: ORIGIN } }));
}
type Reply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

const MEMBER_ID = "ZQX9917731";
const MEDICINE = "Warfarin-Secret-5mg";
const REACTION = "Hives-Secret-Reaction";
const CARRIER_ANSWER = { carrier: "GUARDIAN", planType: "PPO", memberId: MEMBER_ID, groupNumber: "G-77", relationship: "self" };
const HEALTH_ANSWER = {
  conditions: ["diabetes", "joint-replacement"],
  takesMedications: "yes",
  medications: MEDICINE,
  hasAllergies: "yes",
  allergens: ["latex"],
  allergyReactions: REACTION,
  pregnancy: "not-applicable",
  tobacco: "never",
  premedication: "not-sure",
};

/** Everything the app logs while this file runs: no intake value may appear in it. */
const logged: string[] = [];
beforeAll(() => {
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    const real = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      real(...args);
    });
  }
});
afterAll(() => vi.restoreAllMocks());

describeEachEngine("intake", ({ db }) => {
  let studio: string;
  let providerId: number;
  beforeAll(async () => {
    const s = await createStudioWithProviders(db().db, { roles: ["dentist"] });
    studio = s.slug;
    providerId = s.providerIds[0];
  });

  let slot = 0;
  async function visit({ service = "GENOCON", needsInsurance = false, status = "CONFIRMED" as const, preferences = [] as { name: string }[] } = {}) {
    const patient = await createPatient(db().db, { preferences });
    const startsAt = new Date(Date.UTC(2031, 0, 6, 14) + slot++ * 3600_000 * 24);
    const token = randomBytes(24).toString("base64url");
    const [row] = await db()
      .db.insert(appointments)
      .values({ token, patientId: patient.id, studioSlug: studio, providerId, serviceType: service, startsAt, endsAt: new Date(startsAt.getTime() + 1800_000), status, needsInsurance })
      .returning();
    return { token, id: row.id, q: `?token=${token}` };
  }

  it("the whole intake of a consult, as a browser without JavaScript posts it: provider → results → health → check → confirmation", async () => {
    const v = await visit({ needsInsurance: true });
    const page = await get(start.loader as Fn, `/intake${v.q}&appointmentBooked=true`);
    expect(page.status).toBe(200);
    const data = (await page.json()) as { booked: boolean; kind: string; next: string; visit: { service: string; studio: string; when: string } };
    expect(data).toMatchObject({ booked: true, kind: "todo", next: `/intake/insurance/provider${v.q}` });
    expect(data.visit.service).toBe("General consult");
    expect(data.visit.when).toMatch(/2031 at .* (EST|EDT)$/);

    const saved = await post(provider.action as Fn, `/intake/insurance/provider${v.q}`, CARRIER_ANSWER);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/intake/insurance/card${v.q}`);
    const [row] = await db().db.select().from(intakes).where(eq(intakes.appointmentId, v.id));
    expect(row.planCheck).toMatchObject({ outcome: "accepted", checkedBy: "local-rules" });

    // Leave half-way and come back from the same link: the start page resumes at the card.
    const again = (await (await get(start.loader as Fn, `/intake${v.q}`)).json()) as { next: string; started: boolean };
    expect(again).toMatchObject({ started: true, next: `/intake/insurance/card${v.q}` });
    // A later page is not shown before the earlier ones are done.
    const early = await get(medical.loader as Fn, `/intake/personal/medical-conditions${v.q}`);
    expect(early.status).toBe(302);
    expect(early.headers.get("Location")).toBe(`/intake/insurance/card${v.q}`);
  });

  it("no insurance: health history, check answers with Change links, completion clears needs_insurance", async () => {
    const v = await visit({ needsInsurance: true });
    expect((await post(provider.action as Fn, `/intake/insurance/provider${v.q}`, { carrier: "SELF_PAY" })).headers.get("Location")).toBe(
      `/intake/personal/medical-conditions${v.q}`,
    );
    const h = await post(medical.action as Fn, `/intake/personal/medical-conditions${v.q}`, HEALTH_ANSWER);
    expect(h.headers.get("Location")).toBe(`/intake/check-answers${v.q}`);
    const review = (await (await get(check.loader as Fn, `/intake/check-answers${v.q}`)).json()) as {
      healthRows: { key: string; value: string; change: string }[];
      progress: { index: number; total: number };
    };
    expect(review.progress).toEqual({ index: 3, total: 3 });
    expect(review.healthRows.find((r) => r.key === "Medicines")).toMatchObject({ value: MEDICINE, change: `/intake/personal/medical-conditions${v.q}` });
    expect((await get(confirmation.loader as Fn, `/intake/confirmation${v.q}`)).status).toBe(302);

    const done = await post(check.action as Fn, `/intake/check-answers${v.q}`, {});
    expect(done.headers.get("Location")).toBe(`/intake/confirmation${v.q}`);
    expect((await get(confirmation.loader as Fn, `/intake/confirmation${v.q}`)).status).toBe(200);
    const [a] = await db().db.select().from(appointments).where(eq(appointments.id, v.id));
    expect(a.needsInsurance).toBe(false);
    const [i] = await db().db.select().from(intakes).where(eq(intakes.appointmentId, v.id));
    expect(i.status).toBe("COMPLETE");
    expect(i.completedAt).not.toBeNull();
    const startPage = (await (await get(start.loader as Fn, `/intake${v.q}`)).json()) as { kind: string };
    expect(startPage.kind).toBe("complete");
    // The visit page shows the intake as complete (from intakes.status) and still links to the answers.
    const visitPage = (await (await get(confirmed.loader as Fn, `/booking/confirmed/${v.token}`, { token: v.token })).json()) as { intake: { complete: boolean; href: string } };
    expect(visitPage.intake).toEqual({ complete: true, href: `/intake?token=${v.token}&appointmentBooked=true` });
  });

  it("another plan stays for the studio to verify: needs_insurance kept; an HMO is not accepted", async () => {
    const v = await visit({ needsInsurance: true });
    await post(provider.action as Fn, `/intake/insurance/provider${v.q}`, { ...CARRIER_ANSWER, carrier: "OTHER", planName: "Acme HMO", planType: "HMO" });
    const [row] = await db().db.select().from(intakes).where(eq(intakes.appointmentId, v.id));
    expect(row.planCheck?.outcome).toBe("not_accepted");
    await db().db.update(intakes).set({ answers: { ...row.answers, completed: ["insurance-provider", "insurance-card", "insurance-results", "medical-conditions"], card: { front: false, back: false, later: true }, health: { conditions: ["none"], takesMedications: "no", hasAllergies: "no", allergens: [], pregnancy: "no", tobacco: "never", premedication: "no" } } }).where(eq(intakes.appointmentId, v.id));
    const res = (await (await get(results.loader as Fn, `/intake/insurance/results${v.q}`)).json()) as { outcome: string; notice: string };
    expect(res.outcome).toBe("not_accepted");
    expect(res.notice).toMatch(/Medicaid, Medicare Advantage, Healthplex, HMOs, DMOs/);
    await post(check.action as Fn, `/intake/check-answers${v.q}`, {});
    const [a] = await db().db.select().from(appointments).where(eq(appointments.id, v.id));
    expect(a.needsInsurance).toBe(true);
  });

  it("a visit that needs nothing: the start page says so and the steps send the patient there", async () => {
    const v = await visit({ service: "CLNCHK", preferences: [{ name: "FLAVOR" }, { name: "NETFLIX" }] });
    const data = (await (await get(start.loader as Fn, `/intake${v.q}`)).json()) as { kind: string };
    expect(data.kind).toBe("nothing");
    const step = await get(provider.loader as Fn, `/intake/insurance/provider${v.q}`);
    expect(step.status).toBe(302);
    expect(step.headers.get("Location")).toBe(`/intake${v.q}`);
  });

  it("a cleaning whose patient lacks preferences needs insurance only: no health history on the route", async () => {
    const v = await visit({ service: "CLNCHK" });
    await post(provider.action as Fn, `/intake/insurance/provider${v.q}`, { carrier: "SELF_PAY" });
    expect((await get(medical.loader as Fn, `/intake/personal/medical-conditions${v.q}`)).headers.get("Location")).toBe(`/intake/check-answers${v.q}`);
  });

  it("wrong tokens — unknown, short, long, malformed, missing, a cancelled visit's — all answer the same 404", async () => {
    const cancelled = await visit({ status: "CANCELLED" as never });
    const tokens = [
      `?token=${randomBytes(24).toString("base64url")}`,
      "?token=abc",
      `?token=${"A".repeat(300)}`,
      "?token=..%2F..%2Fetc%2Fpasswd",
      "?token=%00%FF",
      "",
      cancelled.q,
    ];
    const routes: [Fn, string, Record<string, string>?][] = [
      [start.loader as Fn, "/intake"],
      [provider.loader as Fn, "/intake/insurance/provider"],
      [provider.action as Fn, "/intake/insurance/provider"],
      [results.loader as Fn, "/intake/insurance/results"],
      [medical.action as Fn, "/intake/personal/medical-conditions"],
      [check.loader as Fn, "/intake/check-answers"],
      [check.action as Fn, "/intake/check-answers"],
      [confirmation.loader as Fn, "/intake/confirmation"],
      [photo.loader as Fn, "/intake/card-photo/front", { side: "front" }],
    ];
    const answers = new Set<string>();
    for (const [fn, p, params] of routes) {
      for (const t of tokens) {
        const res = await call(fn, new Request(ORIGIN + p + t, { method: "POST", body: "carrier=SELF_PAY", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN } }), params);
        answers.add(`${res.status} ${await res.text()}`);
      }
    }
    // One answer for all: the 404 that says what to do next, whatever was wrong with the token.
    expect([...answers]).toHaveLength(1);
    // Its words are message keys, worded by the error page in the reader's language (decision 027).
    expect([...answers][0]).toMatch(/^404 .*"common\.gone\.intakeHeading"/);
  });

  it("garbage to every intake form answers 400 with the form, never a 500", async () => {
    const v = await visit({ needsInsurance: true });
    const bodies: [string, string][] = [
      ["", "application/x-www-form-urlencoded"],
      ["carrier=NOPE&memberId=%00%00&relationship=cousin", "application/x-www-form-urlencoded"],
      [`carrier=AETNA&memberId=${"9".repeat(5000)}&subscriberDob=2099-02-31&relationship=spouse`, "application/x-www-form-urlencoded"],
      ["carrier=AETNA&carrier=CIGNA&planType=PPO&planType=HMO", "application/x-www-form-urlencoded"],
      ['{"carrier":"AETNA"}', "application/json"],
      ["\u0000\u0001garbage", "text/plain"],
      ["--x\r\nContent-Disposition: form-data; name=\"carrier\"\r\n\r\nAETNA", "multipart/form-data; boundary=x"],
    ];
    for (const [body, type] of bodies) {
      const res = await post(provider.action as Fn, `/intake/insurance/provider${v.q}`, body, type);
      expect(res.status, body).toBe(400);
      const reply = (await res.json()) as Reply;
      expect(Object.keys(reply.error ?? {}).length).toBeGreaterThan(0);
    }
    // A valid provider answer, then garbage to the health history.
    await post(provider.action as Fn, `/intake/insurance/provider${v.q}`, { carrier: "SELF_PAY" });
    const health: (Record<string, string | string[]> | string)[] = [
      {},
      { conditions: ["none", "diabetes"], takesMedications: "yes", hasAllergies: "yes", pregnancy: "no", tobacco: "never", premedication: "no" },
      { conditions: "martian-flu", takesMedications: "maybe" },
      { ...HEALTH_ANSWER, medications: "x".repeat(5000) },
      "conditions[0][__proto__]=1&conditions=diabetes",
    ];
    for (const body of health) {
      const res = await post(medical.action as Fn, `/intake/personal/medical-conditions${v.q}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const mixed = (await (await post(medical.action as Fn, `/intake/personal/medical-conditions${v.q}`, health[1])).json()) as Reply;
    expect(mixed.error?.conditions?.[0]).toMatch(/not both/);
    expect(mixed.error?.medications?.[0]).toBeTruthy();
    expect(mixed.error?.allergyReactions?.[0]).toBeTruthy();
    // The patient's values come back with the errors.
    expect(mixed.initialValue?.takesMedications).toBe("yes");
  });

  it("reads and changes are in the audit trail: when, which visit, via token, what kind — never the values", async () => {
    const v = await visit({ needsInsurance: true });
    await get(start.loader as Fn, `/intake${v.q}`);
    await get(provider.loader as Fn, `/intake/insurance/provider${v.q}`);
    await post(provider.action as Fn, `/intake/insurance/provider${v.q}`, { carrier: "SELF_PAY" });
    await post(medical.action as Fn, `/intake/personal/medical-conditions${v.q}`, HEALTH_ANSWER);
    await post(check.action as Fn, `/intake/check-answers${v.q}`, {});
    const rows = await db().db.select().from(intakeAudit).where(eq(intakeAudit.appointmentId, v.id));
    expect(rows.map((r) => [r.via, r.action, r.step])).toEqual([
      ["token", "view", "start"],
      ["token", "view", "insurance-provider"],
      ["token", "save", "insurance-provider"],
      ["token", "save", "medical-conditions"],
      ["token", "complete", "check-answers"],
    ]);
    const text = JSON.stringify(rows);
    for (const secret of [MEDICINE, REACTION, "SELF_PAY", "diabetes", v.token]) expect(text).not.toContain(secret);
  });

  it("a logged-in patient: their own visit's intake is audited via account; /intake without a token opens their next visit; another patient's session gets nothing more than the token gives", async () => {
    const v = await visit({ needsInsurance: true });
    const [person] = await db().db.insert(persons).values({ email: `own-${v.id}@example.com`, passwordHash: "x", emailVerifiedAt: new Date() }).returning();
    const [{ patientId }] = await db().db.select({ patientId: appointments.patientId }).from(appointments).where(eq(appointments.id, v.id));
    await db().db.update(patients).set({ personId: person.id }).where(eq(patients.id, patientId));
    const cookieOf = async (personId: number, email: string) =>
      (await createSession(db().db, { personId, email, request: new Request(ORIGIN) })).split(";")[0];
    const mine = await cookieOf(person.id, person.email);
    const asMe = (url: string) => new Request(ORIGIN + url, { headers: { Cookie: mine } });

    expect((await call(start.loader as Fn, asMe(`/intake${v.q}`))).status).toBe(200);
    const rows = await db().db.select().from(intakeAudit).where(eq(intakeAudit.appointmentId, v.id));
    expect(rows.map((r) => r.via)).toEqual(["account"]);

    // No token in hand: the next upcoming own visit. Anonymous: the same 404 as before.
    const next = await call(start.loader as Fn, asMe("/intake"));
    expect(next.status).toBe(302);
    expect(next.headers.get("Location")).toBe(`/intake${v.q}`);
    expect((await get(start.loader as Fn, "/intake")).status).toBe(404);

    // Someone else logged in: a visit that is not theirs reads as via token (they hold it), and /intake has nothing of ours.
    const [other] = await db().db.insert(persons).values({ email: `other-${v.id}@example.com`, passwordHash: "x", emailVerifiedAt: new Date() }).returning();
    const theirs = await cookieOf(other.id, other.email);
    expect((await call(start.loader as Fn, new Request(`${ORIGIN}/intake`, { headers: { Cookie: theirs } }))).status).toBe(404);
    await call(start.loader as Fn, new Request(`${ORIGIN}/intake${v.q}`, { headers: { Cookie: theirs } }));
    const after = await db().db.select().from(intakeAudit).where(eq(intakeAudit.appointmentId, v.id));
    expect(after.map((r) => r.via)).toEqual(["account", "token"]);
  });

  it("no intake value reached the log", () => {
    const text = logged.join("\n");
    for (const secret of [MEMBER_ID, MEDICINE, REACTION]) expect(text).not.toContain(secret);
  });
});
