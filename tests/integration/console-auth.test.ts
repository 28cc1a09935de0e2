// The studio console's accounts (issue 18 A, decision 020) on PGlite and PostgreSQL: the setup link, the password
// and TOTP steps, recovery codes, sessions (idle timeout, log out everywhere), a patient's cookie never a staff
// one, a front desk's studio scope, and the audit log that no statement can change.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { inviteStaff, getStaff, STAFF_SESSION, staffCodeStep, staffPasswordStep } from "~/console/staff.server";
import { totpCode, TOTP_STEP_SECONDS } from "~/console/totp";
import { createAccount } from "~/auth/accounts.server";
import { RateLimited, resetRateLimiters } from "~/auth/rate-limit.server";
import { appointments, auditLog, staff, staffRecoveryCodes } from "~/db/schema";
import { loader as setupLoader, action as setupAction } from "~/routes/staff+/setup.$token";
import { action as loginAction } from "~/routes/staff+/login";
import { action as codeAction } from "~/routes/staff+/login_.code";
import { loader as dayLoader } from "~/routes/staff+/studios.$slug.day.$date";
import { action as logoutAction } from "~/routes/staff+/logout";
import { loader as auditLoader } from "~/routes/staff+/audit";
import { createPatient, createStudioWithProviders } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "a long staff passphrase 42";
const unique = (what: string) => `${what}-${randomBytes(4).toString("hex")}@example.com`;
const cookieOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0]!;

function post(path: string, fields: Record<string, string>, cookie = "") {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}
const get = (path: string, cookie = "") => new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describeEachEngine("console accounts", ({ db }) => {
  beforeAll(() => resetRateLimiters());

  /** An invited and set-up staff member: their TOTP secret and recovery codes. */
  async function setUp(role: "admin" | "front_desk" | "manager", studios: string[] = []) {
    const email = unique(role);
    const invitation = await inviteStaff(db().db, { email, role, studios }, null);
    const page = await callRoute(setupLoader, get(`/staff/setup/${invitation.token}`), { params: { token: invitation.token } });
    expect(page.status).toBe(200);
    const { secret, qr } = (await page.json()) as { secret: string; qr: string };
    expect(qr).toContain("<svg");
    const done = await callRoute(setupAction, post("/", { password: PASSWORD, confirm: PASSWORD, code: totpCode(secret, new Date()) }), { params: { token: invitation.token } });
    expect(done.status).toBe(200);
    const { recoveryCodes } = (await done.json()) as { recoveryCodes: string[] };
    return { email, secret, recoveryCodes, token: invitation.token };
  }

  /**
   * Signs in through both steps and returns the staff cookie. Each code signs in once, so each sign-in of a test
   * happens one 30-second step later than the one before (the setup used the current step).
   */
  const steps = new Map<string, number>();
  async function signIn(who: { email: string; secret: string }) {
    const step = (steps.get(who.email) ?? 0) + 1;
    steps.set(who.email, step);
    const at = new Date(Date.now() + step * TOTP_STEP_SECONDS * 1000);
    const first = await callRoute(loginAction, post("/staff/login", { email: who.email, password: PASSWORD }), { context: { clientIp: "198.51.100.7" } });
    expect(first.status).toBe(302);
    const cookie = await staffCodeStep(post("/staff/login/code", {}, cookieOf(first)), totpCode(who.secret, at), "198.51.100.7", at);
    expect(cookie).toMatch(/^staff_session=/);
    return cookie!.split(";")[0]!;
  }

  it("the setup link works once, within 24 hours, and asks for a first code from the authenticator", async () => {
    const email = unique("setup");
    const invitation = await inviteStaff(db().db, { email, role: "admin", studios: [] }, null);
    const [row] = await db().db.select().from(staff).where(eq(staff.email, email));
    expect(row!.setupTokenHash).not.toContain(invitation.token); // stored hashed
    const params = { token: invitation.token };
    const secret = row!.totpSecret!;
    const wrong = await callRoute(setupAction, post("/", { password: PASSWORD, confirm: PASSWORD, code: "000000" === totpCode(secret, new Date()) ? "111111" : "000000" }), { params });
    expect(wrong.status).toBe(400);
    const weak = await callRoute(setupAction, post("/", { password: "password", confirm: "password", code: totpCode(secret, new Date()) }), { params });
    expect(weak.status).toBe(400);
    expect(JSON.stringify(await weak.json())).toContain("most common");
    const ok = await callRoute(setupAction, post("/", { password: PASSWORD, confirm: PASSWORD, code: totpCode(secret, new Date()) }), { params });
    expect(ok.status).toBe(200);
    const codes = ((await ok.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(8);
    const stored = await db().db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, row!.id));
    expect(stored.map((s) => s.codeHash)).not.toContain(codes[0]);
    // The used link: the page says so (Remix draws it again right after the post), and it sets up nothing more.
    const used = await callRoute(setupLoader, get("/"), { params });
    expect(((await used.json()) as { used: boolean }).used).toBe(true);
    expect((await callRoute(setupAction, post("/", { password: PASSWORD, confirm: PASSWORD, code: totpCode(secret, new Date()) }), { params })).status).toBe(404);
    // An expired link is the same 404.
    const late = await inviteStaff(db().db, { email: unique("late"), role: "admin", studios: [] }, null, new Date(Date.now() - 25 * 3600_000));
    expect((await callRoute(setupLoader, get("/"), { params: { token: late.token } })).status).toBe(404);
    expect((await callRoute(setupLoader, get("/"), { params: { token: "nope" } })).status).toBe(404);
  });

  it("sign-in needs the password and then a code; a wrong password and an unknown email get the same answer", async () => {
    const admin = await setUp("admin");
    const wrong = await callRoute(loginAction, post("/staff/login", { email: admin.email, password: "not the password" }), { context: { clientIp: "198.51.100.8" } });
    const unknown = await callRoute(loginAction, post("/staff/login", { email: unique("nobody"), password: "not the password" }), { context: { clientIp: "198.51.100.8" } });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect((await wrong.json()).error).toEqual((await unknown.json()).error);
    // The password alone opens nothing.
    const first = await callRoute(loginAction, post("/staff/login", { email: admin.email, password: PASSWORD }), { context: { clientIp: "198.51.100.8" } });
    expect(await getStaff(get("/staff", cookieOf(first)))).toBeNull();
    const bad = await callRoute(codeAction, post("/staff/login/code", { code: "12345" }, cookieOf(first)), { context: { clientIp: "198.51.100.8" } });
    expect(bad.status).toBe(400);
    // The route itself, with the next step's code (inside the one-step drift window; the setup used the current one).
    const fresh = await callRoute(codeAction, post("/staff/login/code", { code: totpCode(admin.secret, new Date(Date.now() + 30_000)) }, cookieOf(first)), { context: { clientIp: "198.51.100.8" } });
    expect(fresh.status).toBe(302);
    steps.set(admin.email, 1); // that step is used now
    expect(fresh.headers.get("Set-Cookie")).toMatch(/^staff_session=.*Path=\/staff.*HttpOnly.*SameSite=Strict/);
    const cookie = await signIn(admin);
    const user = await getStaff(get("/staff", cookie));
    expect(user?.email).toBe(admin.email);
    const signIns = await db().db.select().from(auditLog).where(eq(auditLog.staffId, user!.id));
    expect(signIns.map((l) => l.action)).toContain("staff.sign_in");
  });

  it("a TOTP code signs in once; a recovery code works once", async () => {
    const who = await setUp("admin");
    await signIn(who);
    const at = new Date(Date.now() + steps.get(who.email)! * TOTP_STEP_SECONDS * 1000);
    const again = await callRoute(loginAction, post("/staff/login", { email: who.email, password: PASSWORD }), { context: { clientIp: "198.51.100.9" } });
    expect(await staffCodeStep(post("/", {}, cookieOf(again)), totpCode(who.secret, at), "198.51.100.9", at)).toBeNull();
    const recovery = who.recoveryCodes[0]!;
    expect(await staffCodeStep(post("/", {}, cookieOf(again)), recovery.toUpperCase(), "198.51.100.9")).toMatch(/^staff_session=/);
    const third = await callRoute(loginAction, post("/staff/login", { email: who.email, password: PASSWORD }), { context: { clientIp: "198.51.100.9" } });
    expect(await staffCodeStep(post("/", {}, cookieOf(third)), recovery, "198.51.100.9")).toBeNull();
  });

  it("wrong passwords are limited (429 with Retry-After)", async () => {
    const who = await setUp("admin");
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) last = await callRoute(loginAction, post("/staff/login", { email: who.email, password: `wrong ${i}` }), { context: { clientIp: "198.51.100.10" } });
    expect(last!.status).toBe(429);
    expect(last!.headers.get("Retry-After")).toBeTruthy();
  });

  it("after the wrong passwords, the right one is refused too from that address (no session), and still works from another", async () => {
    const who = await setUp("admin");
    const ip = "198.51.100.11";
    for (let i = 0; i < 5; i++) {
      const wrong = await callRoute(loginAction, post("/staff/login", { email: who.email, password: `wrong ${i}` }), { context: { clientIp: ip } });
      expect(wrong.status).toBe(400);
    }
    const right = await callRoute(loginAction, post("/staff/login", { email: who.email, password: PASSWORD }), { context: { clientIp: ip } });
    expect(right.status).toBe(429);
    expect(right.headers.get("Set-Cookie")).toBeNull();
    await expect(staffPasswordStep({ email: who.email, password: PASSWORD }, ip)).rejects.toBeInstanceOf(RateLimited);
    // A stranger's failures from one address do not lock the staff member out from theirs.
    expect(await staffPasswordStep({ email: who.email, password: PASSWORD }, "192.0.2.56")).toMatch(/^staff_session=/);
  });

  it("wrong codes are limited per address and per account from every address: the password alone opens nothing", async () => {
    const who = await setUp("admin");
    const first = await callRoute(loginAction, post("/staff/login", { email: who.email, password: PASSWORD }), { context: { clientIp: "198.51.100.20" } });
    const pending = cookieOf(first);
    // 100 wrong codes, 5 from each of 20 addresses (each address's own limit), over one password step.
    for (let a = 0; a < 20; a++) for (let i = 0; i < 5; i++) expect(await staffCodeStep(post("/", {}, pending), "000000", `203.0.113.${a}`)).toBeNull();
    const at = new Date(Date.now() + TOTP_STEP_SECONDS * 1000);
    await expect(staffCodeStep(post("/", {}, pending), totpCode(who.secret, at), "203.0.113.99", at)).rejects.toBeInstanceOf(RateLimited);
  });

  it("a session ends after 30 minutes idle, at logout, and everywhere at once", async () => {
    const who = await setUp("admin");
    const cookie = await signIn(who);
    expect(await getStaff(get("/staff", cookie), new Date(Date.now() + STAFF_SESSION.idleMs - 60_000))).not.toBeNull();
    const idle = new Date(Date.now() + 2 * STAFF_SESSION.idleMs);
    expect(await getStaff(get("/staff", cookie), idle)).toBeNull();
    const one = await signIn(who);
    const two = await signIn(who);
    await callRoute(logoutAction, post("/staff/logout", {}, one));
    expect(await getStaff(get("/staff", one))).toBeNull();
    expect(await getStaff(get("/staff", two))).not.toBeNull();
    const three = await signIn(who);
    await callRoute(logoutAction, post("/staff/logout", { everywhere: "1" }, three));
    expect(await getStaff(get("/staff", two))).toBeNull();
  });

  it("a patient's cookies never open a staff page, and a staff cookie is no patient session", async () => {
    const patientCookie = (await createAccount(new Request(ORIGIN), { email: unique("patient"), name: "Pat", password: PASSWORD })).split(";")[0]!;
    const { slug } = await createStudioWithProviders(db().db);
    const answer = await callRoute(dayLoader, get(`/staff/studios/${slug}/day/2030-01-02`, patientCookie), { params: { slug, date: "2030-01-02" } });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/staff\/login/);
    // The same secret under the other cookie's name is nothing either.
    const renamed = patientCookie.replace(/^idToken=/, "staff_session=");
    expect(await getStaff(get("/staff", renamed))).toBeNull();
    const admin = await setUp("admin");
    const staffCookie = await signIn(admin);
    const { getPatient } = await import("~/auth/sessions.server");
    expect(await getPatient(get("/", staffCookie.replace(/^staff_session=/, "idToken=")))).toBeNull();
  });

  it("a front desk sees its own studio's day; another studio's day is a 404", async () => {
    const a = await createStudioWithProviders(db().db);
    const b = await createStudioWithProviders(db().db);
    const patient = await createPatient(db().db, { firstName: "Dana", lastName: "Scope" });
    await db().db.insert(appointments).values({
      token: randomBytes(24).toString("base64url"),
      patientId: patient.id,
      studioSlug: a.slug,
      providerId: a.providerIds[0]!,
      serviceType: "CLNCHK",
      startsAt: new Date("2030-01-02T14:00:00Z"),
      endsAt: new Date("2030-01-02T15:00:00Z"),
    });
    const desk = await setUp("front_desk", [a.slug]);
    const cookie = await signIn(desk);
    const own = await callRoute(dayLoader, get("/", cookie), { params: { slug: a.slug, date: "2030-01-02" } });
    expect(own.status).toBe(200);
    const body = JSON.stringify(await own.json());
    expect(body).toContain("Dana Scope");
    expect(body).toContain("9:00 AM"); // 14:00 UTC in New York in January
    const other = await callRoute(dayLoader, get("/", cookie), { params: { slug: b.slug, date: "2030-01-02" } });
    expect(other.status).toBe(404);
  });

  it("a day outside the calendar's years is a 404 on the day page and no filter in the audit log, never a 500", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const admin = await signIn(await setUp("admin"));
    // Year 0000 is no date to PostgreSQL; the day after 9999-12-31 (the page's next-day link) none to JavaScript.
    for (const date of ["0000-01-01", "9999-12-31"]) {
      expect((await callRoute(dayLoader, get("/", admin), { params: { slug, date } })).status, date).toBe(404);
      const audit = await callRoute(auditLoader, get(`/staff/audit?from=${date}&to=${date}`, admin));
      expect(audit.status, date).toBe(200);
    }
  });

  it("the audit log is append-only in the database itself", async () => {
    await setUp("admin");
    const [line] = await db().db.select().from(auditLog).limit(1);
    await expect(db().db.update(auditLog).set({ action: "rewritten" }).where(eq(auditLog.id, line!.id))).rejects.toThrow();
    await expect(db().db.delete(auditLog).where(eq(auditLog.id, line!.id))).rejects.toThrow();
    await expect(db().db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await db().db.select().from(auditLog).where(eq(auditLog.id, line!.id));
    expect(still!.action).toBe(line!.action);
  });
});
