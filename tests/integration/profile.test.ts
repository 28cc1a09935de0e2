/**
 * The patient area (issue 10) through its real loaders and actions, on PGlite and PostgreSQL: details and
 * comfort preferences saved (a new patient record for an account without one), bad input answered 400 with
 * the values kept (never a 500), password and email changes that ask for the password, sessions ended,
 * "my mouth" reading only the account's own intake (and auditing the read), the braces journey, and
 * logged-out visitors sent to the login.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";
import { referrerPolicyFor } from "~/platform/security-headers.server";
import { tellVisitChanges } from "../helpers/visit-notices";

process.env.SESSION_SECRET ??= "profile-test-secret-0123456789-abcdefghijk";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "profile-"));

const { describeEachEngine } = await import("../helpers/db");
const { createStudioWithProviders } = await import("../fixtures/factories");
const { appointments, authSessions, emailOutbox, intakeAudit, intakes, patients, persons } = await import("~/db/schema");
const { createAccount } = await import("~/auth/accounts.server");
const { checkPassword } = await import("~/auth/passwords.server");
const { createSession, getPatient } = await import("~/auth/sessions.server");
const { resetRateLimiters } = await import("~/auth/rate-limit.server");
const { getEnv } = await import("~/platform/env.server");
const layout = await import("~/routes/profile+/_layout");
const profile = await import("~/routes/profile+/_index");
const health = await import("~/routes/profile+/health");
const braces = await import("~/routes/profile+/breezy-braces");
const visitPages = [
  await import("~/routes/profile+/appointments.$token"),
  await import("~/routes/profile+/appointments.$token_.cancel"),
  await import("~/routes/profile+/appointments.$token_.reschedule"),
];

const ORIGIN = "http://localhost:3000";
const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a quiet harbour at dawn";
let n = 0;
const unique = (what: string) => `${what}-${Date.now()}-${n++}@example.com`;

type Fn = (args: never) => unknown;
/** Runs a loader or action; a thrown Response (a redirect, a 404) is returned like a returned one. */
function call(fn: Fn, request: Request): Promise<Response> {
  return callRoute(fn, request, { context: { clientIp: "203.0.113.7" } });
}
const get = (pathname: string, cookie?: string) => new Request(`${ORIGIN}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (cookie: string | undefined, fields: Record<string, string> | URLSearchParams | string, contentType = "application/x-www-form-urlencoded") =>
  new Request(`${ORIGIN}/profile?index`, {
    method: "POST",
    body: typeof fields === "string" ? fields : new URLSearchParams(fields),
    headers: { "Content-Type": contentType, Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });

type ProfileData = {
  email: string;
  details: Record<string, string>;
  comfort: Record<string, string>;
  upcoming: { href: string; when: string; status: string; service: string }[];
  past: { href: string; when: string; status: string }[];
  sessions: { device: string; lastSeen: string; current: boolean }[];
  done: string | null;
};
type Refused = { intent: string | null; initialValue: Record<string, string>; error: Record<string, string[]> };

describeEachEngine("the patient area", ({ db }) => {
  beforeAll(() => resetRateLimiters());

  async function account(email = unique("patient"), userAgent = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15") {
    const setCookie = await createAccount(new Request(ORIGIN, { headers: { "User-Agent": userAgent } }), { email, name: "Robin Patel", password: PASSWORD });
    const [person] = await db().db.select().from(persons).where(eq(persons.email, email));
    return { email, person, cookie: setCookie.split(";")[0] };
  }
  /** Another login of the same person (another device). */
  async function anotherDevice(person: { id: number; email: string }) {
    const request = new Request(ORIGIN, { headers: { "User-Agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36" } });
    return (await createSession(db().db, { personId: person.id, email: person.email, request })).split(";")[0];
  }
  const page = async (cookie: string) => (await (await call(profile.loader as Fn, get("/profile", cookie))).json()) as ProfileData;
  const record = async (personId: number) => (await db().db.select().from(patients).where(eq(patients.personId, personId)))[0];
  const outboxTo = async (to: string) => (await tellVisitChanges(db().db), db().db).select().from(emailOutbox).where(eq(emailOutbox.to, to));

  let studio: { slug: string; providerIds: number[] };
  beforeAll(async () => {
    studio = await createStudioWithProviders(db().db, { roles: ["orthodontist"] });
  });
  async function visit(patientId: number, { serviceType = "CLNCHK", daysFromNow = 3, status = "CONFIRMED" as "CONFIRMED" | "CANCELLED" | "COMPLETED", details = {} as Record<string, unknown> } = {}) {
    const startsAt = new Date(Date.now() + daysFromNow * 86_400_000);
    startsAt.setUTCHours(15, 0, 0, 0);
    const [row] = await db()
      .db.insert(appointments)
      .values({ token: randomBytes(24).toString("base64url"), patientId, studioSlug: studio.slug, providerId: studio.providerIds[0], serviceType, startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), status, details })
      .returning();
    return row;
  }

  it("logged out: every page and the form go to the login, which comes back to the page", async () => {
    for (const [fn, pathname] of [
      [layout.loader, "/profile"],
      [profile.loader, "/profile"],
      [health.loader, "/profile/health"],
      [braces.loader, "/profile/breezy-braces"],
    ] as const) {
      const res = await call(fn as Fn, get(pathname));
      expect(res.status, pathname).toBe(302);
      expect(res.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(pathname)}`);
    }
    const res = await call(profile.action as Fn, post(undefined, { intent: "details", firstName: "X" }));
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile%3Findex");
  });

  it("details: a first save makes the account's patient record; a bad phone is a 400 with every value kept; the page shows them", async () => {
    const { person, cookie, email } = await account();
    expect(await record(person.id)).toBeUndefined();
    const before = await page(cookie);
    expect(before.details).toMatchObject({ firstName: "Robin", lastName: "Patel", phone: "" });

    const bad = await call(profile.action as Fn, post(cookie, { intent: "details", firstName: "Robin", lastName: "Patel-Ng", phone: "555-01", dateOfBirthMonth: "5", dateOfBirthDay: "27", dateOfBirthYear: "1990" }));
    expect(bad.status).toBe(400);
    const refused = (await bad.json()) as Refused;
    expect(refused.intent).toBe("details");
    expect(refused.error.phone[0]).toMatch(/10-digit/);
    expect(refused.initialValue).toMatchObject({ lastName: "Patel-Ng", phone: "555-01", dateOfBirthMonth: "5", dateOfBirthYear: "1990" });
    expect(await record(person.id)).toBeUndefined();

    const ok = await call(profile.action as Fn, post(cookie, { intent: "details", firstName: " Robin ", lastName: "Patel-Ng", phone: "+1 (617) 555-0100", dateOfBirthMonth: "5", dateOfBirthDay: "27", dateOfBirthYear: "1990" }));
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/profile?done=details#details");
    expect(await record(person.id)).toMatchObject({ email, firstName: "Robin", lastName: "Patel-Ng", phone: "6175550100", dateOfBirth: "1990-05-27" });
    const after = (await (await call(profile.loader as Fn, get("/profile?done=details", cookie))).json()) as ProfileData;
    expect(after.details).toEqual({ firstName: "Robin", lastName: "Patel-Ng", phone: "(617) 555-0100", dateOfBirth: "1990-05-27" });
    expect(after.done).toBe("details");

    // a date of birth in the future, and one that is not a date
    for (const year of ["2999", "19x0"]) {
      const res = await call(profile.action as Fn, post(cookie, { intent: "details", firstName: "R", lastName: "P", phone: "6175550100", dateOfBirthMonth: "2", dateOfBirthDay: "30", dateOfBirthYear: year }));
      expect(res.status).toBe(400);
      expect(((await res.json()) as Refused).error.dateOfBirth).toHaveLength(1);
    }
  });

  it("details of an account whose email already has a booked record: that record is updated and stays the account's", async () => {
    const email = unique("booked");
    const [booked] = await db().db.insert(patients).values({ email, firstName: "Bo", phone: "2025550100", preferences: [{ name: "OTHER", value: "x" }] }).returning();
    const { person, cookie } = await account(email);
    await call(profile.action as Fn, post(cookie, { intent: "details", firstName: "Bo", lastName: "Diaz", phone: "2025550111", dateOfBirthMonth: "1", dateOfBirthDay: "2", dateOfBirthYear: "1980" }));
    const rows = await db().db.select().from(patients).where(eq(patients.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: booked.id, personId: person.id, lastName: "Diaz", phone: "2025550111" });
  });

  it("an address that changed hands: the record under it stays its first account's; the new account's save is refused, nothing overwritten", async () => {
    const shared = unique("moved");
    const first = await account(shared);
    await call(profile.action as Fn, post(first.cookie, { intent: "details", firstName: "First", lastName: "Owner", phone: "6175550100", dateOfBirthMonth: "1", dateOfBirthDay: "1", dateOfBirthYear: "1980" }));
    // The first account moves to another address (its record keeps the old one); a second account signs up with it.
    await db().db.update(persons).set({ email: unique("elsewhere") }).where(eq(persons.id, first.person.id));
    const second = await account(shared);
    const res = await call(profile.action as Fn, post(second.cookie, { intent: "details", firstName: "Second", lastName: "Person", phone: "2025550100", dateOfBirthMonth: "2", dateOfBirthDay: "2", dateOfBirthYear: "1990" }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as Refused).error[""][0]).toMatch(/call your studio/);
    expect(await record(first.person.id)).toMatchObject({ email: shared, firstName: "First", lastName: "Owner" });
    expect(await record(second.person.id)).toBeUndefined();
  });

  it("comfort preferences: saved as FLAVOR and NETFLIX (other preferences kept), cleared with 'decide at the visit', unknown values 400", async () => {
    const { person, cookie } = await account();
    await db().db.insert(patients).values({ email: unique("rec"), personId: person.id, preferences: [{ name: "OTHER", value: "kept" }, { name: "FLAVOR", value: "cherry" }] });
    expect((await page(cookie)).comfort).toEqual({ flavor: "cherry", show: "" });
    const ok = await call(profile.action as Fn, post(cookie, { intent: "comfort", flavor: "mint", show: "documentary" }));
    expect(ok.status).toBe(303);
    expect((await record(person.id)).preferences).toEqual([
      { name: "OTHER", value: "kept" },
      { name: "FLAVOR", value: "mint" },
      { name: "NETFLIX", value: "documentary" },
    ]);
    await call(profile.action as Fn, post(cookie, { intent: "comfort", flavor: "", show: "none" }));
    expect((await record(person.id)).preferences).toEqual([{ name: "OTHER", value: "kept" }, { name: "NETFLIX", value: "none" }]);
    const bad = await call(profile.action as Fn, post(cookie, { intent: "comfort", flavor: "<script>", show: "drama" }));
    expect(bad.status).toBe(400);
    expect((await bad.json()) as Refused).toMatchObject({ intent: "comfort", initialValue: { flavor: "<script>", show: "drama" }, error: { flavor: ["Choose one of the flavors."] } });
  });

  it("password change: a wrong current password changes nothing; a weak new one is refused; then this session stays, every other ends, a notice is sent", async () => {
    const { person, cookie, email } = await account();
    const other = await anotherDevice(person);
    const wrong = await call(profile.action as Fn, post(cookie, { intent: "password", currentPassword: "not it at all", newPassword: NEW_PASSWORD }));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Refused).error.currentPassword).toEqual(["That password is not right."]);
    const weak = await call(profile.action as Fn, post(cookie, { intent: "password", currentPassword: PASSWORD, newPassword: "password1" }));
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as Refused).error.newPassword[0]).toMatch(/common/);
    expect(await getPatient(get("/", other))).not.toBeNull();

    const ok = await call(profile.action as Fn, post(cookie, { intent: "password", currentPassword: PASSWORD, newPassword: NEW_PASSWORD }));
    expect(ok.status).toBe(303);
    expect(await getPatient(get("/", cookie))).toMatchObject({ email });
    expect(await getPatient(get("/", other))).toBeNull();
    const [after] = await db().db.select().from(persons).where(eq(persons.id, person.id));
    expect(await checkPassword(after.passwordHash, NEW_PASSWORD)).toBe(true);
    expect((await outboxTo(email)).map((m) => m.subject)).toContain("Your Studio Dental password was changed");
    // The password never comes back in an answer.
    expect(JSON.stringify(await (await call(profile.action as Fn, post(cookie, { intent: "password", currentPassword: "wrong wrong wrong", newPassword: "zzz" }))).json())).not.toContain("wrong wrong");
  });

  it("email change: a wrong password is refused; the right one answers the same for a free and a taken address; only the free one gets a link", async () => {
    const { cookie, email } = await account();
    const { email: taken } = await account();
    const free = unique("new-address");
    const wrong = await call(profile.action as Fn, post(cookie, { intent: "email", newEmail: free, emailPassword: "nope nope nope" }));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()) as Refused).toMatchObject({ intent: "email", initialValue: { newEmail: free }, error: { emailPassword: ["That password is not right."] } });
    expect(await outboxTo(free)).toHaveLength(0);

    const answers = [];
    for (const newEmail of [free, taken]) {
      const res = await call(profile.action as Fn, post(cookie, { intent: "email", newEmail, emailPassword: PASSWORD }));
      answers.push({ status: res.status, location: res.headers.get("Location") });
    }
    expect(answers[0]).toEqual({ status: 303, location: "/profile?done=email#email" });
    expect(answers[1]).toEqual(answers[0]);
    expect((await outboxTo(free)).map((m) => m.subject)).toEqual(["Confirm your new Studio Dental email address"]);
    expect((await outboxTo(taken)).some((m) => /confirm-email-change/.test(m.text))).toBe(false);
    // nothing changed yet: the account keeps its address until the link is opened
    expect(await getPatient(get("/", cookie))).toMatchObject({ email });
  });

  it("log out other devices: the others end, this one stays; the list marks this device", async () => {
    const { person, cookie } = await account();
    const other = await anotherDevice(person);
    const before = await page(cookie);
    expect(before.sessions).toHaveLength(2);
    expect(before.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(before.sessions.map((s) => s.device).sort()).toEqual(["Chrome on Android", "Safari on Mac"]);
    const res = await call(profile.action as Fn, post(cookie, { intent: "sessions" }));
    expect(res.headers.get("Location")).toBe("/profile?done=sessions#sessions");
    expect(await getPatient(get("/", other))).toBeNull();
    expect(await getPatient(get("/", cookie))).not.toBeNull();
    expect((await page(cookie)).sessions).toEqual([{ device: "Safari on Mac", lastSeen: "Active now", current: true }]);
    expect(await db().db.select().from(authSessions).where(eq(authSessions.personId, person.id))).toHaveLength(1);
  });

  it("visits: upcoming soonest first and past (cancelled too), in the studio's zone, each linking to its page; another account sees none of it, and its pages are a 404 to them", async () => {
    const a = await account();
    const b = await account();
    await call(profile.action as Fn, post(a.cookie, { intent: "details", firstName: "Ada", lastName: "Lim", phone: "6175550100", dateOfBirthMonth: "1", dateOfBirthDay: "1", dateOfBirthYear: "1990" }));
    const rec = await record(a.person.id);
    const later = await visit(rec.id, { daysFromNow: 9 });
    const soon = await visit(rec.id, { daysFromNow: 2 });
    const cancelled = await visit(rec.id, { daysFromNow: 5, status: "CANCELLED" });
    const done = await visit(rec.id, { daysFromNow: -30, status: "COMPLETED" });
    const mine = await page(a.cookie);
    expect(mine.upcoming.map((v) => v.href)).toEqual([`/profile/appointments/${soon.token}`, `/profile/appointments/${later.token}`]);
    expect(mine.upcoming[0].when).toMatch(/^\w+day, \w+ \d{1,2}, \d{4} at 1[01]:00 AM E[SD]T$/);
    expect(mine.past.map((v) => [v.href, v.status])).toEqual([
      [`/profile/appointments/${cancelled.token}`, "Cancelled"],
      [`/profile/appointments/${done.token}`, "Completed"],
    ]);
    const theirs = await page(b.cookie);
    expect(theirs.upcoming).toEqual([]);
    expect(theirs.past).toEqual([]);
    const text = JSON.stringify(theirs) + JSON.stringify(await (await call(health.loader as Fn, get("/profile/health", b.cookie))).json()) + JSON.stringify(await (await call(braces.loader as Fn, get("/profile/breezy-braces", b.cookie))).json());
    for (const secret of [soon.token, "Ada", "Lim", "6175550100", a.email]) expect(text).not.toContain(secret);
    // The visit's own pages: its owner sees them; another account gets the same 404 as an unknown token.
    for (const route of visitPages) {
      const open = (token: string, cookie: string) => callRoute(route.loader, get(`/profile/appointments/${token}`, cookie), { params: { token }, context: { clientIp: "203.0.113.7" } });
      expect((await open(soon.token, a.cookie)).status).toBe(200);
      expect((await open(soon.token, b.cookie)).status).toBe(404);
      expect((await open(randomBytes(24).toString("base64url"), a.cookie)).status).toBe(404);
    }
  });

  it("my mouth: nothing on file says so with the next visit's intake link; the account's newest answers are shown, the read audited; never another account's", async () => {
    const a = await account();
    const b = await account();
    await call(profile.action as Fn, post(a.cookie, { intent: "details", firstName: "Ada", lastName: "Lim", phone: "6175550100", dateOfBirthMonth: "1", dateOfBirthDay: "1", dateOfBirthYear: "1990" }));
    const rec = await record(a.person.id);
    const next = await visit(rec.id, { serviceType: "INVISALN", daysFromNow: 4 });
    type Health = { health: { rows: { key: string; value: string }[] } | null; insurance: { rows: { key: string; value: string }[] } | null; intakeLink: string | null };
    const healthOf = async (cookie: string) => (await (await call(health.loader as Fn, get("/profile/health", cookie))).json()) as Health;
    const empty = await healthOf(a.cookie);
    expect(empty).toMatchObject({ health: null, insurance: null, intakeLink: `/intake?token=${encodeURIComponent(next.token)}` });

    const old = await visit(rec.id, { serviceType: "INVISALN", daysFromNow: -60, status: "COMPLETED" });
    await db().db.insert(intakes).values({
      appointmentId: old.id,
      status: "COMPLETE",
      answers: {
        completed: ["insurance-provider", "medical-conditions", "check-answers"],
        insurance: { kind: "carrier", carrier: "DELTA", planType: "PPO", memberId: "MEM-4242", subscriber: { relationship: "self" } },
        health: { conditions: ["diabetes"], takesMedications: "yes", medications: "Metformin 500 mg", hasAllergies: "yes", allergens: ["latex"], otherAllergies: "Peanuts", pregnancy: "no", tobacco: "never", premedication: "no" },
      },
    });
    const filled = await healthOf(a.cookie);
    const values = (rows: { key: string; value: string }[]) => Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(values(filled.health!.rows)).toMatchObject({ Conditions: "Diabetes", Medicines: "Metformin 500 mg", Allergies: "Latex; Peanuts" });
    expect(values(filled.insurance!.rows)).toMatchObject({ "Member ID": "MEM-4242", "Card photos": "None on file" });
    const audit = await db().db.select().from(intakeAudit).where(and(eq(intakeAudit.appointmentId, old.id), eq(intakeAudit.action, "view")));
    expect(audit.map((r) => [r.via, r.step])).toEqual([["account", "profile"]]);

    const theirs = await healthOf(b.cookie);
    expect(theirs).toEqual({ ...theirs, health: null, insurance: null, intakeLink: null });
    expect(JSON.stringify(theirs)).not.toMatch(/Metformin|MEM-4242/);
    // B's look wrote nothing about A's intake
    expect(await db().db.select().from(intakeAudit).where(eq(intakeAudit.appointmentId, old.id))).toHaveLength(1);
  });

  it("Breezy Braces: ortho consults only, the quiz's suggestion with its booking link, the braces referral link", async () => {
    const { person, cookie } = await account();
    const [rec] = await db().db.insert(patients).values({ email: unique("ortho"), personId: person.id }).returning();
    await visit(rec.id, { serviceType: "CLNCHK", daysFromNow: 6 });
    const consult = await visit(rec.id, { serviceType: "BRACESCON", daysFromNow: -20, status: "COMPLETED", details: { category: "ortho", quizResult: "braces" } });
    type Braces = { upcoming: unknown[]; past: { href: string }[]; quiz: { name: string; book: string } | null; link: string };
    const data = (await (await call(braces.loader as Fn, get("/profile/breezy-braces", cookie))).json()) as Braces;
    expect(data.upcoming).toEqual([]);
    expect(data.past.map((v) => v.href)).toEqual([`/profile/appointments/${consult.token}`]);
    expect(data.quiz).toEqual({ name: "Braces", detail: expect.any(String), book: "/booking?service=BRACESCON" });
    const [{ code }] = await db().db.select({ code: persons.referralCode }).from(persons).where(eq(persons.id, person.id));
    expect(data.link).toBe(`${getEnv().SITE_ORIGIN}/breezy-braces-referral-redirect?referralCode=${code}&utm_source=friendbuy&utm_medium=email&utm_campaign=breezybraces`);
  });

  it("garbage to every form answers 400, never a 500; the pages are private and never send a Referer", async () => {
    const { cookie } = await account();
    const long = "x".repeat(5000);
    const bodies: (Record<string, string> | URLSearchParams | string)[] = [
      {},
      { intent: "nope" },
      { intent: long },
      new URLSearchParams([["intent", "details"], ["intent", "comfort"], ["firstName", long], ["phone", "\u0000"], ["dateOfBirth", long]]),
      { intent: "details", firstName: "\u0007", lastName: long, phone: long, dateOfBirthMonth: "13", dateOfBirthDay: "40", dateOfBirthYear: "-1" },
      { intent: "comfort", flavor: long, show: "%00" },
      { intent: "email", newEmail: "not an email", emailPassword: "" },
      { intent: "email", newEmail: `${long}@example.com`, emailPassword: long },
      { intent: "password", currentPassword: "", newPassword: long },
      "%%%&&&===",
    ];
    for (const body of bodies) {
      const res = await call(profile.action as Fn, post(cookie, body));
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const json = await call(profile.action as Fn, post(cookie, '{"intent":"details"}', "application/json"));
    expect(json.status).toBe(400);

    const page = await call(profile.loader as Fn, get("/profile", cookie));
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    // No Referer from the patient area: decided by the address for every response (referrer-policy.test.ts reads them).
    expect(referrerPolicyFor("/profile", "")).toBe("no-referrer");
    for (const route of [layout, profile, health, braces]) {
      const headers = new Headers((route.headers as (args: { actionHeaders: Headers }) => HeadersInit)({ actionHeaders: new Headers() }));
      expect(headers.get("Cache-Control")).toBe("private, no-store");
    }
  });
});
