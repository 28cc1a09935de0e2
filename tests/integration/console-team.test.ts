// The console's team and a staff member's own account (issue 18 A and D, decision 026) on PGlite and PostgreSQL:
// an admin invites by email (the outbox, the same one-time link as `npm run staff`), changes a role and studios,
// disables and re-enables, sends a new invitation; the console always keeps an admin; a staff member changes their
// password, renews their recovery codes and sees their sign-ins; every change audited; admins filter the log.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getStaff, STAFF_SESSION, staffCodeStep, staffPasswordStep } from "~/console/staff.server";
import { setDisabled, updateMember } from "~/console/team.server";
import { totpCode, TOTP_STEP_SECONDS } from "~/console/totp";
import { resetRateLimiters } from "~/auth/rate-limit.server";
import { appointments, auditLog, emailOutbox, intakes, staff } from "~/db/schema";
import { loader as intakeLoader } from "~/routes/staff+/visits.$id_.intake";
import { loader as teamLoader, action as teamAction } from "~/routes/staff+/team";
import { loader as memberLoader, action as memberAction } from "~/routes/staff+/team_.$id";
import { loader as accountLoader, action as accountAction } from "~/routes/staff+/account";
import { loader as setupLoader } from "~/routes/staff+/setup.$token";
import { loader as auditLoader } from "~/routes/staff+/audit";
import { loader as dayLoader } from "~/routes/staff+/studios.$slug.day.$date";
import { createPatient, createStudioWithProviders } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { signedInStaff, STAFF_PASSWORD } from "../helpers/staff";

const ORIGIN = "http://localhost:3000";
const get = (path: string, cookie = "") => new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
function post(path: string, cookie: string, fields: [string, string][] | Record<string, string>) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
}
const ctx = { context: { clientIp: "198.51.100.20" } };

describeEachEngine("console team and account", ({ db }) => {
  beforeAll(() => resetRateLimiters());

  async function staffRow(email: string) {
    const [row] = await db().db.select().from(staff).where(eq(staff.email, email));
    return row!;
  }
  async function lastAudit(action: string) {
    const [line] = await db().db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
    return line!;
  }
  async function invitationLink(email: string) {
    const [mail] = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(desc(emailOutbox.id)).limit(1);
    expect(mail, `an email to ${email}`).toBeTruthy();
    return { mail: mail!, token: /\/staff\/setup\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]! };
  }

  it("the console always keeps an admin: the only admin cannot demote or disable themself; two admins demoting each other at once leave one", async () => {
    const me = await signedInStaff(db().db, "admin");
    const myId = (await staffRow(me.email)).id;
    // Only this admin can sign in now (other tests' admins disabled for this check).
    await db().db.update(staff).set({ disabledAt: new Date() }).where(and(eq(staff.role, "admin"), ne(staff.id, myId)));
    const demote = await callRoute(memberAction, post(`/staff/team/${myId}`, me.cookie, [["intent", "update"], ["role", "front_desk"], ["studios", "fenway"]]), { params: { id: String(myId) } });
    expect(demote.status).toBe(409);
    expect(JSON.stringify(await demote.json())).toContain("at least one admin");
    const disable = await callRoute(memberAction, post(`/staff/team/${myId}`, me.cookie, { intent: "disable" }), { params: { id: String(myId) } });
    expect(disable.status).toBe(409);
    expect((await staffRow(me.email)).role).toBe("admin");
    expect((await staffRow(me.email)).disabledAt).toBeNull();
    expect(await getStaff(get("/staff", me.cookie))).not.toBeNull();

    // A second admin: now each may step down, but not both at once.
    const other = await signedInStaff(db().db, "admin");
    const otherId = (await staffRow(other.email)).id;
    const a = (await getStaff(get("/staff", me.cookie)))!;
    const b = (await getStaff(get("/staff", other.cookie)))!;
    const outcomes = await Promise.all([
      updateMember(a, otherId, { role: "front_desk", studios: ["fenway"] }),
      updateMember(b, myId, { role: "front_desk", studios: ["fenway"] }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, code: "no_admin_left" }]);
    const admins = await db().db.select().from(staff).where(and(eq(staff.role, "admin"), sql`${staff.disabledAt} is null`));
    expect(admins).toHaveLength(1);
    // The survivor gives the other one the role back (later tests want several admins).
    const survivor = admins[0]!.id === myId ? a : b;
    expect(await updateMember(survivor, survivor.id === myId ? otherId : myId, { role: "admin", studios: [] })).toEqual({ ok: true });
    expect(await setDisabled(survivor, survivor.id, true)).toEqual({ ok: true }); // another admin remains
    expect(await getStaff(get("/staff", survivor.id === myId ? me.cookie : other.cookie))).toBeNull();
  });

  it("an admin invites by email: the outbox holds a real email (text and HTML) with the one-time setup link, and the invitation is audited", async () => {
    const admin = await signedInStaff(db().db, "admin");
    const { slug } = await createStudioWithProviders(db().db);
    const email = `invited-${Date.now()}@example.com`;
    const answer = await callRoute(teamAction, post("/staff/team", admin.cookie, [["email", email.toUpperCase()], ["role", "front_desk"], ["studios", slug]]));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/staff/team?done=invited");
    const { mail, token } = await invitationLink(email);
    expect(mail.subject).toBe("Your Studio Dental studio console account");
    expect(mail.text).toContain("as Front desk");
    expect(mail.html).toContain(`/staff/setup/${token}`);
    expect(mail.html).toMatch(/^<!doctype html>/);
    const page = await callRoute(setupLoader, get(`/staff/setup/${token}`), { params: { token } });
    expect(page.status).toBe(200);
    const line = await lastAudit("staff.invite");
    expect(line.staffEmail).toBe(admin.email);
    expect(line.after).toEqual({ email, role: "front_desk", studios: [slug] });

    const team = (await (await callRoute(teamLoader, get("/staff/team", admin.cookie))).json()) as { team: { email: string; stateLabel: string; studios: string }[] };
    expect(team.team.find((m) => m.email === email)).toMatchObject({ stateLabel: "Invitation sent", studios: `Test ${slug}` });
    expect(team.team.find((m) => m.email === admin.email)).toMatchObject({ stateLabel: "Set up", studios: "Every studio" });
  });

  it("a refused invitation is a 400 with a message per field and what was typed kept; an address already set up is refused", async () => {
    const admin = await signedInStaff(db().db, "admin");
    const before = (await db().db.select().from(emailOutbox)).length;
    const noStudio = await callRoute(teamAction, post("/staff/team", admin.cookie, { email: "new-desk@example.com", role: "front_desk" }));
    expect(noStudio.status).toBe(400);
    const body = (await noStudio.json()) as { initialValue: Record<string, unknown>; error: Record<string, string[]> };
    expect(body.error.studios![0]).toContain("at least one studio");
    expect(body.initialValue.email).toBe("new-desk@example.com");
    const bad = await callRoute(teamAction, post("/staff/team", admin.cookie, [["email", "not an address"], ["role", "owner"], ["studios", "no-such-studio"]]));
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { error: Record<string, string[]> };
    expect(Object.keys(badBody.error).sort()).toEqual(["email", "role"]);
    const unknownStudio = await callRoute(teamAction, post("/staff/team", admin.cookie, [["email", "x@example.com"], ["role", "manager"], ["studios", "no-such-studio"]]));
    expect(unknownStudio.status).toBe(400);
    const taken = await callRoute(teamAction, post("/staff/team", admin.cookie, { email: admin.email, role: "admin" }));
    expect(taken.status).toBe(409);
    expect((await db().db.select().from(emailOutbox)).length).toBe(before);
  });

  it("the team pages are admins' only: a front desk or manager gets a 404, for reads and for changes", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const deskId = (await staffRow(desk.email)).id;
    for (const who of [desk, manager]) {
      expect((await callRoute(teamLoader, get("/staff/team", who.cookie))).status).toBe(404);
      expect((await callRoute(teamAction, post("/staff/team", who.cookie, { email: "sneaky@example.com", role: "admin" }))).status).toBe(404);
      expect((await callRoute(memberLoader, get(`/staff/team/${deskId}`, who.cookie), { params: { id: String(deskId) } })).status).toBe(404);
      expect((await callRoute(memberAction, post(`/staff/team/${deskId}`, who.cookie, { intent: "update", role: "admin" }), { params: { id: String(deskId) } })).status).toBe(404);
      expect((await callRoute(auditLoader, get("/staff/audit", who.cookie))).status).toBe(404);
    }
    expect((await staffRow(desk.email)).role).toBe("front_desk");
    const admin = await signedInStaff(db().db, "admin");
    expect((await callRoute(memberLoader, get("/staff/team/999999999", admin.cookie), { params: { id: "999999999" } })).status).toBe(404);
    expect((await callRoute(memberLoader, get("/staff/team/abc", admin.cookie), { params: { id: "abc" } })).status).toBe(404);
  });

  it("a change of studios reaches the front desk's next page; disabling ends every session at once and re-enabling lets them back; each audited before/after", async () => {
    const a = await createStudioWithProviders(db().db);
    const b = await createStudioWithProviders(db().db);
    const admin = await signedInStaff(db().db, "admin");
    const desk = await signedInStaff(db().db, "front_desk", [a.slug]);
    const id = String((await staffRow(desk.email)).id);
    expect((await callRoute(dayLoader, get("/", desk.cookie), { params: { slug: b.slug, date: "2030-01-02" } })).status).toBe(404);
    const moved = await callRoute(memberAction, post(`/staff/team/${id}`, admin.cookie, [["intent", "update"], ["role", "front_desk"], ["studios", b.slug]]), { params: { id } });
    expect(moved.status).toBe(303);
    expect((await callRoute(dayLoader, get("/", desk.cookie), { params: { slug: b.slug, date: "2030-01-02" } })).status).toBe(200);
    expect((await callRoute(dayLoader, get("/", desk.cookie), { params: { slug: a.slug, date: "2030-01-02" } })).status).toBe(404);
    const update = await lastAudit("staff.update");
    expect(update).toMatchObject({ staffEmail: admin.email, before: { role: "front_desk", studios: [a.slug] }, after: { role: "front_desk", studios: [b.slug] } });

    const off = await callRoute(memberAction, post(`/staff/team/${id}`, admin.cookie, { intent: "disable" }), { params: { id } });
    expect(off.status).toBe(303);
    expect(await getStaff(get("/staff", desk.cookie))).toBeNull();
    expect(await staffPasswordStep({ email: desk.email, password: STAFF_PASSWORD }, "198.51.100.21")).toBeNull();
    expect((await lastAudit("staff.disable")).after).toEqual({ email: desk.email, disabled: true });
    const on = await callRoute(memberAction, post(`/staff/team/${id}`, admin.cookie, { intent: "enable" }), { params: { id } });
    expect(on.status).toBe(303);
    expect(await staffPasswordStep({ email: desk.email, password: STAFF_PASSWORD }, "198.51.100.21")).toMatch(/^staff_session=/);
    expect((await lastAudit("staff.enable")).before).toEqual({ email: desk.email, disabled: true });
  });

  it("a new invitation replaces an unfinished one (the old link is a 404); a set-up account gets none", async () => {
    const admin = await signedInStaff(db().db, "admin");
    const email = `resend-${Date.now()}@example.com`;
    await callRoute(teamAction, post("/staff/team", admin.cookie, { email, role: "admin" }));
    const first = await invitationLink(email);
    const id = String((await staffRow(email)).id);
    const again = await callRoute(memberAction, post(`/staff/team/${id}`, admin.cookie, { intent: "resend" }), { params: { id } });
    expect(again.status).toBe(303);
    const second = await invitationLink(email);
    expect(second.token).not.toBe(first.token);
    expect((await callRoute(setupLoader, get("/"), { params: { token: first.token } })).status).toBe(404);
    expect((await callRoute(setupLoader, get("/"), { params: { token: second.token } })).status).toBe(200);
    const adminId = String((await staffRow(admin.email)).id);
    const none = await callRoute(memberAction, post(`/staff/team/${adminId}`, admin.cookie, { intent: "resend" }), { params: { id: adminId } });
    expect(none.status).toBe(409);
  });

  it("a staff member changes their password (the patient side's rules): this session stays, the others end, audited", async () => {
    const me = await signedInStaff(db().db, "admin");
    const row = await staffRow(me.email);
    // A second session of the same person, signed in a step later.
    const first = await staffPasswordStep({ email: me.email, password: STAFF_PASSWORD }, "198.51.100.22");
    const at = new Date(Date.now() + 2 * TOTP_STEP_SECONDS * 1000);
    const elsewhere = (await staffCodeStep(get("/staff/login/code", first!.split(";")[0]!), totpCode(row.totpSecret!, at), "198.51.100.22", at))!.split(";")[0]!;
    expect(await getStaff(get("/staff", elsewhere))).not.toBeNull();

    const wrong = await callRoute(accountAction, post("/staff/account", me.cookie, { intent: "password", currentPassword: "not it at all", newPassword: "a fresh long passphrase 7" }), ctx);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: Record<string, string[]> }).error.currentPassword).toBeTruthy();
    const common = await callRoute(accountAction, post("/staff/account", me.cookie, { intent: "password", currentPassword: STAFF_PASSWORD, newPassword: "password1" }), ctx);
    expect(common.status).toBe(400);
    expect(((await common.json()) as { error: Record<string, string[]> }).error.newPassword![0]).toContain("most common");
    const short = await callRoute(accountAction, post("/staff/account", me.cookie, { intent: "password", currentPassword: STAFF_PASSWORD, newPassword: "short" }), ctx);
    expect(short.status).toBe(400);
    const done = await callRoute(accountAction, post("/staff/account", me.cookie, { intent: "password", currentPassword: STAFF_PASSWORD, newPassword: "a fresh long passphrase 7" }), ctx);
    expect(done.status).toBe(303);
    expect(await getStaff(get("/staff", me.cookie))).not.toBeNull();
    expect(await getStaff(get("/staff", elsewhere))).toBeNull();
    expect(await staffPasswordStep({ email: me.email, password: STAFF_PASSWORD }, "198.51.100.23")).toBeNull();
    expect(await staffPasswordStep({ email: me.email, password: "a fresh long passphrase 7" }, "198.51.100.23")).toMatch(/^staff_session=/);
    expect((await lastAudit("staff.password_change")).staffEmail).toBe(me.email);
  });

  it("new recovery codes are shown once; the old ones stop working and a new one signs in once; the account page lists the sign-ins", async () => {
    const me = await signedInStaff(db().db, "admin");
    const wrong = await callRoute(accountAction, post("/staff/account", me.cookie, { intent: "recovery", recoveryPassword: "wrong password here" }), ctx);
    expect(wrong.status).toBe(400);
    const answer = await callRoute(accountAction, post("/staff/account", me.cookie, { intent: "recovery", recoveryPassword: STAFF_PASSWORD }), ctx);
    expect(answer.status).toBe(200);
    const { recoveryCodes } = (await answer.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(8);
    expect(recoveryCodes[0]).toMatch(/^[0-9a-f]{5}-[0-9a-f]{5}$/);
    const signInWith = async (code: string) => {
      const first = await staffPasswordStep({ email: me.email, password: STAFF_PASSWORD }, "198.51.100.24");
      return staffCodeStep(get("/staff/login/code", first!.split(";")[0]!), code, "198.51.100.24");
    };
    expect(await signInWith(recoveryCodes[0]!)).toMatch(/^staff_session=/);
    expect(await signInWith(recoveryCodes[0]!)).toBeNull();
    expect((await lastAudit("staff.recovery_codes")).staffEmail).toBe(me.email);
    const page = (await (await callRoute(accountLoader, get("/staff/account", me.cookie))).json()) as { signIns: { method: string }[] };
    expect(page.signIns.map((s) => s.method)).toEqual(["Recovery code", "Authenticator code"]);
  });

  it("the staff idle timeout follows the clock: a session last seen 29 minutes ago works, 31 minutes ago it is over for good", async () => {
    const me = await signedInStaff(db().db, "front_desk", ["fenway"]);
    const t0 = Date.now();
    expect(await getStaff(get("/staff", me.cookie), new Date(t0 + STAFF_SESSION.idleMs - 60_000))).not.toBeNull();
    // That request touched the session: idle now counts from it.
    const seen = t0 + STAFF_SESSION.idleMs - 60_000;
    expect(await getStaff(get("/staff", me.cookie), new Date(seen + STAFF_SESSION.idleMs - 60_000))).not.toBeNull();
    const later = seen + STAFF_SESSION.idleMs - 60_000;
    expect(await getStaff(get("/staff", me.cookie), new Date(later + STAFF_SESSION.idleMs + 60_000))).toBeNull();
    expect(await getStaff(get("/staff", me.cookie), new Date(later + 60_000))).toBeNull();
  });

  it("admins filter the audit log by staff, action, studio and day, and it shows the health-data reads", async () => {
    const a = await createStudioWithProviders(db().db);
    const b = await createStudioWithProviders(db().db);
    const visits: number[] = [];
    for (const studio of [a, b]) {
      const patient = await createPatient(db().db);
      const [row] = await db()
        .db.insert(appointments)
        .values({ token: `audit-${studio.slug}-xxxxxxxxxxxxxxxxxxxx`, patientId: patient!.id, studioSlug: studio.slug, providerId: studio.providerIds[0]!, serviceType: "CLNCHK", startsAt: new Date("2030-01-02T14:00:00Z"), endsAt: new Date("2030-01-02T15:00:00Z") })
        .returning();
      await db().db.insert(intakes).values({ appointmentId: row!.id, answers: { insurance: { kind: "none" } }, status: "IN_PROGRESS" });
      visits.push(row!.id);
    }
    const deskA = await signedInStaff(db().db, "front_desk", [a.slug]);
    const deskB = await signedInStaff(db().db, "front_desk", [b.slug]);
    await callRoute(intakeLoader, get("/", deskA.cookie), { params: { id: String(visits[0]) } });
    await callRoute(intakeLoader, get("/", deskB.cookie), { params: { id: String(visits[1]) } });
    const admin = await signedInStaff(db().db, "admin");
    const read = async (query: string) => {
      const answer = await callRoute(auditLoader, get(`/staff/audit?${query}`, admin.cookie));
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { lines: { who: string; action: string; studio: string | null; visit: number | null }[] }).lines;
    };
    expect(await read(`action=intake.view&studio=${a.slug}`)).toEqual([expect.objectContaining({ who: deskA.email, action: "intake.view", studio: a.slug, visit: visits[0] })]);
    expect(await read(`staff=${encodeURIComponent(deskB.email.toUpperCase())}&action=intake.view`)).toEqual([expect.objectContaining({ who: deskB.email, studio: b.slug })]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await read(`studio=${b.slug}&from=${today}&to=${today}`)).map((l) => l.action)).toEqual(["intake.view"]);
    expect(await read(`studio=${b.slug}&to=2020-01-01`)).toEqual([]);
    expect(await read(`staff=${encodeURIComponent(deskA.email)}&action=staff.sign_in`)).toHaveLength(1);
    // Nonsense in the query is no filter and no error.
    expect((await callRoute(auditLoader, get("/staff/audit?from=2030-02-31&visit=abc&studio=%00&staff=a%00%40b.c&action=%00", admin.cookie))).status).toBe(200);
  });
});
