/**
 * "Download my data" (issue 41 A, decision 080) through the real loader, action and download, on PGlite and
 * PostgreSQL: a wrong password is a 400 and no link; the right one a one-time link (only its hash stored) that opens
 * once for its own account — a second time, expired, or for another signed-in patient: the 404; the ZIP parses, its
 * data.json passes the schema, holds the account's and its held child's data and nobody else's (a partner with their
 * own login is not in it), its photos are byte-equal; the request and the download are audit lines; an account
 * without a password confirms with an emailed code; 5 links a day, then 429 with Retry-After.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";

process.env.SESSION_SECRET = "data-export-test-secret-0123456789-abcdef";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "data-export-"));

const { describeEachEngine } = await import("../helpers/db");
const { createStudioWithProviders } = await import("../fixtures/factories");
const { appointments, auditLog, authCodes, dataExports, emailOutbox, intakeCardPhotos, intakes, patients, persons, smsConsents, smsOutbox, staff, visitFees } = await import("~/db/schema");
const { createAccount } = await import("~/auth/accounts.server");
const { resetRateLimiters } = await import("~/auth/rate-limit.server");
const { appendAudit } = await import("~/platform/audit.server");
const { issueExportLink } = await import("~/account/data-export-page.server");
const { dataExportSchema } = await import("~/account/data-export-schema.server");
const dataRoute = await import("~/routes/profile+/data");
const downloadRoute = await import("~/routes/profile+/data_.$token");

const ORIGIN = "http://localhost:3000";
const PASSWORD = "correct horse battery staple";
let n = 0;
const unique = (what: string) => `${what}-${Date.now()}-${n++}@example.com`;
type Fn = (args: never) => unknown;
const call = (fn: unknown, request: Request, params: Record<string, string> = {}) => callRoute(fn, request, { params, context: { clientIp: "203.0.113.80" } });
const get = (pathname: string, cookie: string) => new Request(`${ORIGIN}${pathname}`, { headers: { Cookie: cookie } });
const post = (cookie: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}/profile/data`, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie } });
const download = (href: string, cookie: string) => call(downloadRoute.loader as Fn, get(href, cookie), { token: href.split("/").pop()! });

describeEachEngine("download my data", ({ db }) => {
  beforeAll(() => resetRateLimiters());

  async function account(first: string, last: string, phone: string) {
    const email = unique(first.toLowerCase());
    const setCookie = await createAccount(new Request(ORIGIN), { email, name: `${first} ${last}`, password: PASSWORD });
    const [person] = await db().db.select().from(persons).where(eq(persons.email, email));
    const [record] = await db().db.insert(patients).values({ email, firstName: first, lastName: last, phone, personId: person.id, dateOfBirth: "1985-04-02" }).returning();
    return { email, person, record, cookie: setCookie.split(";")[0] };
  }

  let visitN = 0;
  async function visit(patientId: number, slug: string, providerId: number, daysFromNow: number, status: "CONFIRMED" | "COMPLETED" = "CONFIRMED") {
    const startsAt = new Date(Date.now() + daysFromNow * 86_400_000);
    const [row] = await db()
      .db.insert(appointments)
      .values({ token: `exp-${Date.now()}-${visitN++}-${randomBytes(4).toString("hex")}`, patientId, studioSlug: slug, providerId, serviceType: "CLNCHK", startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), status, details: { insurance: { carrier: "Delta" } } })
      .returning();
    return row;
  }

  /**
   * A holder with a past visit (intake answers, both card photos, a paid fee, a text, a staff read), a held child
   * with a visit ahead, emails; and a partner with their own login, visits, emails and a staff read of their own.
   */
  async function family() {
    const { slug, providerIds } = await createStudioWithProviders(db().db, { roles: ["hygienist"] });
    const holder = await account("Robin", "Export", "6175550180");
    const [child] = await db().db.insert(patients).values({ email: holder.email, firstName: "Sam", lastName: "Export", dateOfBirth: "2018-03-14", familyOfPersonId: holder.person.id, relationship: "child" }).returning();
    const partner = await account("Alex", "Partnerly", "6175550181");
    const past = await visit(holder.record.id, slug, providerIds[0], -60, "COMPLETED");
    const ahead = await visit(child.id, slug, providerIds[0], 20);
    const partnerVisit = await visit(partner.record.id, slug, providerIds[0], -30, "COMPLETED");
    await db().db.insert(intakes).values({ appointmentId: past.id, answers: { allergies: ["penicillin"], medications: "Lisinopril 10 mg" }, status: "COMPLETE", completedAt: new Date() });
    await db().db.insert(intakes).values({ appointmentId: partnerVisit.id, answers: { medications: "PartnerSecretMed" }, status: "COMPLETE", completedAt: new Date() });
    const front = randomBytes(3000);
    const back = randomBytes(2500);
    await db().db.insert(intakeCardPhotos).values([
      { appointmentId: past.id, side: "front", mime: "image/jpeg", bytes: front, thumbnail: front.subarray(0, 10), width: 1000, height: 630 },
      { appointmentId: past.id, side: "back", mime: "image/jpeg", bytes: back, thumbnail: back.subarray(0, 10), width: 1000, height: 630 },
      { appointmentId: partnerVisit.id, side: "front", mime: "image/jpeg", bytes: randomBytes(100), thumbnail: randomBytes(10), width: 10, height: 6 },
    ]);
    await db().db.insert(visitFees).values({ appointmentId: past.id, amountCents: 5000, status: "paid", provider: "local", paymentMethodRef: "pm_local", chargeKey: `k-${randomBytes(6).toString("hex")}`, paidAt: new Date() });
    const [desk] = await db().db.insert(staff).values({ email: `desk-${Date.now()}-${n++}@studio.example`, role: "front_desk" }).returning();
    await db().db.insert(smsConsents).values({ patientId: holder.record.id, phone: "+16175550180", givenAt: new Date(), wordingVersion: "t", givenVia: "desk", givenByStaffId: desk.id });
    await db().db.insert(smsOutbox).values([
      { dedupeKey: `visit:${past.id}:reminder:${n++}`, kind: "reminder", appointmentId: past.id, to: "+16175550180", body: "Reminder body", sendAt: new Date() },
      { dedupeKey: `visit:${partnerVisit.id}:reminder:${n++}`, kind: "partner_reminder", appointmentId: partnerVisit.id, to: "+16175550181", body: "x", sendAt: new Date() },
    ]);
    await db().db.insert(emailOutbox).values([
      { to: holder.email, subject: "Your visit is booked", text: "secret link /booking/confirmed/abc" },
      { to: partner.email, subject: "PartnerOnlySubject", text: "x" },
    ]);
    await appendAudit(db().db, { actor: "staff", staff: desk, action: "intake.view", studioSlug: slug, appointmentId: past.id });
    await appendAudit(db().db, { actor: "staff", staff: desk, action: "intake.view", studioSlug: slug, appointmentId: partnerVisit.id });
    return { holder, child, partner, past, ahead, partnerVisit, front, back, desk };
  }

  const linkOf = async (response: Response) => ((await response.json()) as { link: { href: string; until: string } }).link;

  it("a wrong password is a 400 and no link; the right one a one-time link that opens once, for its own account only", async () => {
    const f = await family();
    const page = (await (await call(dataRoute.loader as Fn, get("/profile/data", f.holder.cookie))).json()) as { hasPassword: boolean };
    expect(page.hasPassword).toBe(true);

    const wrong = await call(dataRoute.action as Fn, post(f.holder.cookie, { intent: "password", password: "not my password" }));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: Record<string, string[]> }).error.password).toEqual(["That password is not right."]);
    expect(await db().db.select().from(dataExports).where(eq(dataExports.personId, f.holder.person.id))).toHaveLength(0);

    const ok = await call(dataRoute.action as Fn, post(f.holder.cookie, { intent: "password", password: PASSWORD }));
    expect(ok.status).toBe(200);
    const link = await linkOf(ok);
    expect(link.href).toMatch(/^\/profile\/data\/[A-Za-z0-9_-]{43}$/);
    expect(link.until).toMatch(/works once, until/);
    const token = link.href.split("/").pop()!;
    const [row] = await db().db.select().from(dataExports).where(eq(dataExports.personId, f.holder.person.id));
    // Only the token's hash is kept.
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(15 * 60_000);

    // Another signed-in patient: the 404, and the link still works for its owner.
    expect((await download(link.href, f.partner.cookie)).status).toBe(404);

    const response = await download(link.href, f.holder.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));

    // Once only.
    expect((await download(link.href, f.holder.cookie)).status).toBe(404);
    expect((await download("/profile/data/not-a-token", f.holder.cookie)).status).toBe(404);

    // The audit: the request and the download, with no token in them.
    const lines = await db().db.select().from(auditLog).where(eq(auditLog.actor, "patient")).orderBy(desc(auditLog.id)).limit(10);
    const mine = lines.filter((l) => (l.after as { personId?: number } | null)?.personId === f.holder.person.id);
    expect(mine.map((l) => l.action).sort()).toEqual(["data_export.downloaded", "data_export.requested"]);
    expect(JSON.stringify(mine)).not.toContain(token);

    // The ZIP: data.json (schema), index.html, the two photos byte-equal; the holder's and the child's, not the partner's.
    expect(Object.keys(files).sort()).toEqual(["card-photos/visit-" + f.past.id + "-back.jpg", "card-photos/visit-" + f.past.id + "-front.jpg", "data.json", "index.html"].sort());
    expect(Buffer.from(files[`card-photos/visit-${f.past.id}-front.jpg`]).equals(f.front)).toBe(true);
    expect(Buffer.from(files[`card-photos/visit-${f.past.id}-back.jpg`]).equals(f.back)).toBe(true);
    const json = strFromU8(files["data.json"]);
    const data = dataExportSchema.parse(JSON.parse(json));
    expect(data.schemaVersion).toBe(1);
    expect(data.account.email).toBe(f.holder.email);
    expect(data.people.map((p) => [p.firstName, p.relationship])).toEqual([["Robin", "self"], ["Sam", "child"]]);
    expect(data.people[0].consents.texts.current).toMatchObject({ phone: "+16175550180", givenVia: "desk", givenByStaff: f.desk.email });
    expect(data.visits.map((v) => v.visitId).sort()).toEqual([f.past.id, f.ahead.id].sort());
    const past = data.visits.find((v) => v.visitId === f.past.id)!;
    expect(past).toMatchObject({ status: "COMPLETED", upcoming: false, timeZone: "America/New_York", service: { code: "CLNCHK" }, provider: { role: "hygienist" }, fee: { amountCents: 5000, status: "paid" } });
    expect(past.startsAt).toMatch(/T\d{2}:\d{2}:\d{2}-0[45]:00$/);
    expect(past.intake?.answers).toEqual({ allergies: ["penicillin"], medications: "Lisinopril 10 mg" });
    expect(past.cardPhotos.map((p) => p.file).sort()).toEqual([`card-photos/visit-${f.past.id}-back.jpg`, `card-photos/visit-${f.past.id}-front.jpg`]);
    expect(data.visits.find((v) => v.visitId === f.ahead.id)).toMatchObject({ recordId: f.child.id, upcoming: true });
    expect(data.textsSent).toEqual([expect.objectContaining({ kind: "reminder", visitId: f.past.id })]);
    expect(data.emailsSent).toEqual([expect.objectContaining({ subject: "Your visit is booked" })]);
    expect(data.healthDataReads).toEqual([expect.objectContaining({ actor: "staff", staffEmail: f.desk.email, staffRole: "front_desk", action: "intake.view", visitId: f.past.id })]);
    // Nobody else's data, in either file; no email body (its links hold tokens).
    const html = strFromU8(files["index.html"]);
    for (const text of [json, html]) {
      for (const other of ["Partnerly", f.partner.email, "PartnerSecretMed", "PartnerOnlySubject", "partner_reminder", "secret link"]) expect(text).not.toContain(other);
    }
    // The readable page: plain HTML, no script, the same content.
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).not.toMatch(/<script/i);
    for (const words of ["Lisinopril 10 mg", "Sam Export", "Insurance card, front", "Your visit is booked", f.desk.email, "$50 · paid"]) expect(html).toContain(words);
  });

  it("an expired link is the 404; the index page is in the account's language", async () => {
    const f = await family();
    await db().db.update(persons).set({ locale: "es-US" }).where(eq(persons.id, f.holder.person.id));
    const patient = { personId: f.holder.person.id, email: f.holder.email } as Parameters<typeof issueExportLink>[0];
    const stale = await issueExportLink(patient, "password", new Date(Date.now() - 16 * 60_000));
    expect((await download(stale.href, f.holder.cookie)).status).toBe(404);
    const fresh = await issueExportLink(patient, "password");
    const files = unzipSync(new Uint8Array(await (await download(fresh.href, f.holder.cookie)).arrayBuffer()));
    const html = strFromU8(files["index.html"]);
    expect(html).toMatch(/<html lang="es">/);
    expect(html).toContain("Mis datos");
    expect(html).toContain("Quién leyó su información de salud");
  });

  it("an account without a password confirms with an emailed code; a wrong code is a 400", async () => {
    const f = await family();
    await db().db.update(persons).set({ passwordHash: "" }).where(eq(persons.id, f.holder.person.id));
    const page = (await (await call(dataRoute.loader as Fn, get("/profile/data", f.holder.cookie))).json()) as { hasPassword: boolean };
    expect(page.hasPassword).toBe(false);
    // No password to type: a password post makes no link.
    expect((await call(dataRoute.action as Fn, post(f.holder.cookie, { intent: "password", password: "" }))).status).toBe(303);

    const sent = await call(dataRoute.action as Fn, post(f.holder.cookie, { intent: "sendCode" }));
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/profile/data?code=sent");
    const [email] = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, f.holder.email)).orderBy(desc(emailOutbox.id)).limit(1);
    const code = /\b(\d{6})\b/.exec(email.text)![1];
    // Only its hash is kept.
    const [row] = await db().db.select().from(authCodes).where(and(eq(authCodes.purpose, "data_export"), eq(authCodes.email, f.holder.email)));
    expect(row.codeHash).not.toContain(code);

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await call(dataRoute.action as Fn, post(f.holder.cookie, { intent: "code", code: wrongCode }));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: Record<string, string[]> }).error.code).toHaveLength(1);

    // Another account cannot use it.
    expect((await call(dataRoute.action as Fn, post(f.partner.cookie, { intent: "code", code }))).status).toBe(400);

    const ok = await call(dataRoute.action as Fn, post(f.holder.cookie, { intent: "code", code }));
    expect(ok.status).toBe(200);
    const link = await linkOf(ok);
    expect((await download(link.href, f.holder.cookie)).status).toBe(200);
    const [exported] = await db().db.select().from(dataExports).where(eq(dataExports.personId, f.holder.person.id));
    expect(exported.confirmedVia).toBe("code");
    // The code works once.
    expect((await call(dataRoute.action as Fn, post(f.holder.cookie, { intent: "code", code }))).status).toBe(400);
  });

  it("5 links a day per account, then 429 with Retry-After and the page again", async () => {
    const f = await family();
    for (let i = 0; i < 5; i++) expect((await call(dataRoute.action as Fn, post(f.holder.cookie, { intent: "password", password: PASSWORD }))).status).toBe(200);
    const limited = await call(dataRoute.action as Fn, post(f.holder.cookie, { intent: "password", password: PASSWORD }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3600);
    expect(((await limited.json()) as { error: Record<string, string[]> }).error[""][0]).toMatch(/You have asked for 5 copies today/);
    expect(await db().db.select().from(dataExports).where(eq(dataExports.personId, f.holder.person.id))).toHaveLength(5);
    // Another account is not limited by it.
    expect((await call(dataRoute.action as Fn, post(f.partner.cookie, { intent: "password", password: PASSWORD }))).status).toBe(200);
  });
});
