/**
 * The consents page (issue 41 C, decision 079) through the real loader and action, on PGlite and PostgreSQL: the
 * account's and its family member's texts and recall emails, each with when and how (the desk and who, STOP, a
 * recall opt-out from before 0029); a withdrawal is at once, audited, and only of the account's own records; bad
 * input is a 400 and a cross-site post a 403, nothing changed.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";

process.env.SESSION_SECRET = "consents-test-secret-0123456789-abcdefgh";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "consents-"));

const { describeEachEngine } = await import("../helpers/db");
const { auditLog, patients, persons, smsConsents, smsNumbers, staff } = await import("~/db/schema");
const { createAccount } = await import("~/auth/accounts.server");
const consentsRoute = await import("~/routes/profile+/consents");
const familyNew = await import("~/routes/profile+/family.new");

const ORIGIN = "http://localhost:3000";
let n = 0;
const unique = (what: string) => `${what}-${Date.now()}-${n++}@example.com`;
type Fn = (args: never) => unknown;
const call = (fn: unknown, request: Request) => callRoute(fn, request, { params: {}, context: { clientIp: "203.0.113.42" } });
const get = (pathname: string, cookie: string) => new Request(`${ORIGIN}${pathname}`, { headers: { Cookie: cookie } });
const post = (cookie: string, fields: Record<string, string>, origin = ORIGIN) =>
  new Request(`${ORIGIN}/profile/consents`, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie } });

type Person = { id: number; name: string; member: boolean; texts: { on: boolean; line: string; stopped: string | null }; textsHistory: { given: string; withdrawn: string | null }[]; recall: { on: boolean; line: string }; reminders: { on: boolean; line: string } };

describeEachEngine("the consents page", ({ db }) => {
  async function account(phone: string) {
    const email = unique("consents");
    const setCookie = await createAccount(new Request(ORIGIN), { email, name: "Robin Agree", password: "correct horse battery staple" });
    const cookie = setCookie.split(";")[0];
    const [person] = await db().db.select().from(persons).where(eq(persons.email, email));
    const [record] = await db().db.insert(patients).values({ email, firstName: "Robin", lastName: "Agree", phone, personId: person.id }).returning();
    return { email, person, record, cookie };
  }

  async function holderWithChild() {
    const holder = await account("6175550170");
    expect((await call(familyNew.action as Fn, new Request(`${ORIGIN}/profile/family/new`, { method: "POST", body: new URLSearchParams({ firstName: "Sam", lastName: "Agree", dateOfBirthMonth: "3", dateOfBirthDay: "14", dateOfBirthYear: "2018", relationship: "child", phone: "6175550171" }), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: holder.cookie } }))).status).toBe(303);
    const [child] = await db().db.select().from(patients).where(eq(patients.familyOfPersonId, holder.person.id));
    const [desk] = await db().db.insert(staff).values({ email: `desk-${Date.now()}-${n++}@studio.example`, role: "front_desk" }).returning();
    const day = (d: number) => new Date(Date.UTC(2026, 10, d, 15));
    // The holder agreed on the phone with the desk; the child's number agreed online, then said STOP; the child's
    // recall opt-out is from before 0029 (no "how").
    await db().db.insert(smsConsents).values({ patientId: holder.record.id, phone: "+16175550170", givenAt: day(3), wordingVersion: "t", givenVia: "desk", givenByStaffId: desk.id });
    await db().db.insert(smsConsents).values({ patientId: child.id, phone: "+16175550171", givenAt: day(4), wordingVersion: "t", givenVia: "booking", withdrawnAt: day(5), withdrawnVia: "keyword" });
    await db().db.insert(smsNumbers).values({ phone: "+16175550171", stoppedAt: day(5) }).onConflictDoNothing();
    await db().db.update(patients).set({ recallOptedOutAt: day(6) }).where(eq(patients.id, child.id));
    return { ...holder, child, desk };
  }

  const page = async (cookie: string) => {
    const response = (await call(consentsRoute.loader as Fn, get("/profile/consents", cookie))) as Response;
    expect(response.status).toBe(200);
    return ((await response.json()) as { people: Person[] }).people;
  };

  it("shows each consent of the account and its member with when and how, the desk's staff member, STOP and an old opt-out", async () => {
    const { cookie, record, child, desk } = await holderWithChild();
    const [own, member] = await page(cookie);
    expect(own.id).toBe(record.id);
    expect(own.texts).toEqual({ on: true, line: `On, to (617) 555-0170, since Tuesday, November 3, 2026, by phone with the front desk (${desk.email}).`, stopped: null });
    expect(own.recall.on).toBe(true);
    expect(member).toMatchObject({ id: child.id, member: true, name: "Sam Agree" });
    expect(member.texts.on).toBe(false);
    expect(member.textsHistory).toEqual([{ key: expect.any(Number), given: "(617) 555-0171: agreed on Wednesday, November 4, 2026, online, while booking.", withdrawn: "Stopped on Thursday, November 5, 2026, by texting STOP." }]);
    expect(member.recall).toEqual({ on: false, line: "Off since Friday, November 6, 2026, before we recorded how (most likely the unsubscribe link in a recall email)." });
  });

  it("withdraws texts and recall emails at once, audited, and says how on the page", async () => {
    const { cookie, record } = await holderWithChild();
    const texts = (await call(consentsRoute.action as Fn, post(cookie, { intent: "textsOff", record: String(record.id) }))) as Response;
    expect(texts.status).toBe(303);
    expect(texts.headers.get("Location")).toBe("/profile/consents?done=texts");
    const recall = (await call(consentsRoute.action as Fn, post(cookie, { intent: "recallOff", record: String(record.id) }))) as Response;
    expect(recall.status).toBe(303);
    const [live] = await db().db.select().from(smsConsents).where(eq(smsConsents.patientId, record.id));
    expect(live.withdrawnVia).toBe("profile");
    const [row] = await db().db.select().from(patients).where(eq(patients.id, record.id));
    expect(row.recallOptedOutVia).toBe("profile");
    const audits = await db().db.select().from(auditLog).where(and(eq(auditLog.actor, "patient")));
    const mine = audits.filter((a) => (a.after as { patientId?: number } | null)?.patientId === record.id).map((a) => a.action);
    expect(mine.sort()).toEqual(["consents.recall_stopped", "consents.texts_withdrawn"]);
    const [own] = await page(cookie);
    expect(own.texts.on).toBe(false);
    expect(own.textsHistory[0].withdrawn).toMatch(/^Stopped on .*, online\.$/);
    expect(own.recall.line).toMatch(/^Off since .*, online, on this page\.$/);
  });

  it("stops the visits' reminder emails and turns them on again, each audited, the page saying so", async () => {
    const { cookie, record } = await holderWithChild();
    expect((await page(cookie))[0].reminders).toEqual({ on: true, line: "On: we email you a week, two days and two hours before each visit." });
    const off = (await call(consentsRoute.action as Fn, post(cookie, { intent: "remindersOff", record: String(record.id) }))) as Response;
    expect(off.headers.get("Location")).toBe("/profile/consents?done=remindersOff");
    const [row] = await db().db.select().from(patients).where(eq(patients.id, record.id));
    expect(row.reminderEmailsOffAt).toBeInstanceOf(Date);
    expect((await page(cookie))[0].reminders.line).toMatch(/^Off since .*, online, on this page\. Confirmations and changes to a visit are still emailed\.$/);
    const on = (await call(consentsRoute.action as Fn, post(cookie, { intent: "remindersOn", record: String(record.id) }))) as Response;
    expect(on.headers.get("Location")).toBe("/profile/consents?done=remindersOn");
    expect((await page(cookie))[0].reminders.on).toBe(true);
    const audits = await db().db.select().from(auditLog).where(and(eq(auditLog.actor, "patient")));
    const mine = audits.filter((a) => (a.after as { patientId?: number } | null)?.patientId === record.id).map((a) => a.action);
    expect(mine.sort()).toEqual(["consents.reminders_resumed", "consents.reminders_stopped"]);
  });

  it("refuses another account's record, bad input (400) and a cross-site post (403), nothing changed", async () => {
    const { cookie, record } = await holderWithChild();
    const other = await holderWithChild();
    for (const fields of <Record<string, string>[]>[{ intent: "textsOff", record: String(other.record.id) }, { intent: "recallOff", record: String(other.child.id) }, { intent: "remindersOff", record: String(other.record.id) }, { intent: "everything", record: String(record.id) }, { intent: "textsOff", record: "me" }, {}]) {
      const response = (await call(consentsRoute.action as Fn, post(cookie, fields))) as Response;
      expect(response.status).toBe(400);
    }
    const crossSite = (await call(consentsRoute.action as Fn, post(cookie, { intent: "textsOff", record: String(record.id) }, "https://evil.example"))) as Response;
    expect(crossSite.status).toBe(403);
    for (const id of [record.id, other.record.id]) {
      const [consent] = await db().db.select().from(smsConsents).where(eq(smsConsents.patientId, id));
      expect(consent.withdrawnAt).toBeNull();
      const [row] = await db().db.select().from(patients).where(eq(patients.id, id));
      expect(row.recallOptedOutAt).toBeNull();
    }
    const [otherChild] = await db().db.select().from(patients).where(eq(patients.id, other.child.id));
    expect(otherChild.recallOptedOutVia).toBeNull();
  });
});
