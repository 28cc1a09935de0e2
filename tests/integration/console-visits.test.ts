// The studio console's visit page and actions (issue 18 B, decision 020) on PGlite and PostgreSQL: scope (another
// studio's visit is a 404), check-in and the status rules, cancel and move on the patient's behalf through the
// patient's own code path (emails, .ics, freed time), audited reads of health data, and patient search.
import { and, desc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { appointments, auditLog, emailOutbox, intakeAudit, intakes } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { findSlots } from "~/scheduling/slots.server";
import { rescheduleVisit } from "~/scheduling/visit-changes.server";
import { loader as visitLoader, action as visitAction } from "~/routes/staff+/visits.$id";
import { action as moveAction } from "~/routes/staff+/visits.$id_.move";
import { loader as intakeLoader } from "~/routes/staff+/visits.$id_.intake";
import { action as searchAction } from "~/routes/staff+/search";
import { loader as auditLoader } from "~/routes/staff+/audit";
import { localTimeAhead } from "../fixtures/clock";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { signedInStaff } from "../helpers/staff";
import { tellVisitChanges } from "../helpers/visit-notices";

const ORIGIN = "http://localhost:3000";
const get = (cookie: string) => new Request(`${ORIGIN}/staff`, { headers: { Cookie: cookie } });
const post = (cookie: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}/staff`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } });

/** 10:00 New York time, `days` days from today there, in winter and summer alike (issue 43). */
const daysAhead = (days: number, time = "10:00") => localTimeAhead(days, time);

async function book(db: Db, slug: string, startsAt: Date, person = patientInput()) {
  const outcome = await bookAppointment(db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt, patient: person, needsInsurance: false, details: {} });
  if (!outcome.ok) throw new Error(`booking failed: ${outcome.code}`);
  const [row] = await db.select().from(appointments).where(eq(appointments.token, outcome.appointment.token));
  return row!;
}

describeEachEngine("console visits", ({ db }) => {
  it("a front desk opens its studio's visit; another studio's visit is a 404, for reads and for actions", async () => {
    const a = await createStudioWithProviders(db().db);
    const b = await createStudioWithProviders(db().db);
    const mine = await book(db().db, a.slug, daysAhead(3));
    const theirs = await book(db().db, b.slug, daysAhead(3));
    const desk = await signedInStaff(db().db, "front_desk", [a.slug]);
    const page = await callRoute(visitLoader, get(desk.cookie), { params: { id: String(mine.id) } });
    expect(page.status).toBe(200);
    expect(JSON.stringify(await page.json())).toContain("10:00 AM");
    for (const fn of [visitLoader, intakeLoader]) expect((await callRoute(fn, get(desk.cookie), { params: { id: String(theirs.id) } })).status).toBe(404);
    const cancel = await callRoute(visitAction, post(desk.cookie, { intent: "cancel", sequence: "0", shownFee: "none" }), { params: { id: String(theirs.id) } });
    expect(cancel.status).toBe(404);
    const [still] = await db().db.select().from(appointments).where(eq(appointments.id, theirs.id));
    expect(still!.status).toBe("CONFIRMED");
    expect((await callRoute(visitLoader, get(desk.cookie), { params: { id: "99999999" } })).status).toBe(404);
    expect((await callRoute(visitLoader, get(desk.cookie), { params: { id: "x1" } })).status).toBe(404);
  });

  it("check-in is recorded with its note and audited; no-show waits for the visit's time", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await book(db().db, slug, daysAhead(2));
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const early = await callRoute(visitAction, post(desk.cookie, { intent: "status", action: "no_show", seen: "booked", note: "" }), { params: { id: String(visit.id) } });
    expect(early.status).toBe(409);
    const arrived = await callRoute(visitAction, post(desk.cookie, { intent: "status", action: "arrived", seen: "booked", note: "Came early" }), { params: { id: String(visit.id) } });
    expect(arrived.status).toBe(303);
    const [row] = await db().db.select().from(appointments).where(eq(appointments.id, visit.id));
    expect(row!.arrivedAt).not.toBeNull();
    const [line] = await db().db.select().from(auditLog).where(eq(auditLog.appointmentId, visit.id)).orderBy(desc(auditLog.id)).limit(1);
    expect(line).toMatchObject({ action: "visit.arrived", actor: "staff", staffEmail: desk.email, note: "Came early" });
    // A second desk still showing "booked" changes nothing.
    const stale = await callRoute(visitAction, post(desk.cookie, { intent: "status", action: "arrived", seen: "booked", note: "" }), { params: { id: String(visit.id) } });
    expect(stale.status).toBe(409);
    const bad = await callRoute(visitAction, post(desk.cookie, { intent: "status", action: "teleported", seen: "booked" }), { params: { id: String(visit.id) } });
    expect(bad.status).toBe(400);
  });

  it("cancel on the patient's behalf is the patient's cancel: CANCELLED, the email with METHOD:CANCEL, the time free again, who and why audited", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const startsAt = daysAhead(4);
    const person = patientInput();
    const visit = await book(db().db, slug, startsAt, person);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const studio = (await getBookableStudio(db().db, slug, { fresh: true }))!;
    const service = (await getService(db().db, "CLNCHK"))!;
    const free = async () => (await findSlots(db().db, studio, service, { from: startsAt, to: new Date(startsAt.getTime() + 3600_000), now: new Date() })).some((s) => s.startsAt.getTime() === startsAt.getTime());
    expect(await free()).toBe(false);
    const answer = await callRoute(visitAction, post(desk.cookie, { intent: "cancel", sequence: "0", shownFee: "none", cancelNote: "Patient called" }), { params: { id: String(visit.id) } });
    expect(answer.status).toBe(303);
    const [row] = await db().db.select().from(appointments).where(eq(appointments.id, visit.id));
    expect(row).toMatchObject({ status: "CANCELLED", sequence: 1 });
    await tellVisitChanges(db().db);
    const mails = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, person.email)).orderBy(desc(emailOutbox.id));
    expect(mails[0]!.ics).toContain("METHOD:CANCEL");
    expect(await free()).toBe(true);
    const [line] = await db().db.select().from(auditLog).where(and(eq(auditLog.appointmentId, visit.id), eq(auditLog.action, "visit.cancel")));
    expect(line).toMatchObject({ actor: "staff", staffEmail: desk.email, note: "Patient called" });
    const again = await callRoute(visitAction, post(desk.cookie, { intent: "cancel", sequence: "0", shownFee: "none" }), { params: { id: String(visit.id) } });
    expect(again.status).toBe(409);
  });

  it("move on the patient's behalf is the patient's move, and the studio may move a visit inside 24 hours", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const person = patientInput();
    const visit = await book(db().db, slug, daysAhead(5), person);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const target = daysAhead(6, "11:00");
    const moved = await callRoute(moveAction, post(desk.cookie, { sequence: "0", slot: target.toISOString(), note: "Asked by phone" }), { params: { id: String(visit.id) } });
    expect(moved.status).toBe(303);
    const [row] = await db().db.select().from(appointments).where(eq(appointments.id, visit.id));
    expect(row!.startsAt.toISOString()).toBe(target.toISOString());
    await tellVisitChanges(db().db);
    const mails = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, person.email)).orderBy(desc(emailOutbox.id));
    expect(mails[0]!.ics).toContain("SEQUENCE:1");
    const [line] = await db().db.select().from(auditLog).where(and(eq(auditLog.appointmentId, visit.id), eq(auditLog.action, "visit.move")));
    expect(line).toMatchObject({ actor: "staff", note: "Asked by phone" });
    const missing = await callRoute(moveAction, post(desk.cookie, { sequence: "1", note: "" }), { params: { id: String(visit.id) } });
    expect(missing.status).toBe(400);
    // Three hours before the visit: the patient is told to call; the studio (on their behalf) may move it.
    const threeHoursBefore = new Date(target.getTime() - 3 * 3600_000);
    const later = new Date(target.getTime() + 2 * 3600_000);
    expect(await rescheduleVisit(db().db, { appointmentId: visit.id, sequence: 1, startsAt: later, now: threeHoursBefore })).toEqual({ ok: false, code: "not_changeable" });
    const byStudio = await rescheduleVisit(db().db, { appointmentId: visit.id, sequence: 1, startsAt: later, now: threeHoursBefore, by: { staff: { id: 1, email: desk.email }, note: "" } });
    expect(byStudio).toEqual({ ok: true, startsAt: later });
  });

  it("each read of the intake is audited: who, when, which visit", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await book(db().db, slug, daysAhead(3));
    await db().db.insert(intakes).values({ appointmentId: visit.id, answers: { insurance: { kind: "none" } }, status: "IN_PROGRESS" });
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const page = await callRoute(intakeLoader, get(desk.cookie), { params: { id: String(visit.id) } });
    expect(page.status).toBe(200);
    expect(JSON.stringify(await page.json())).toContain("have dental insurance");
    await callRoute(intakeLoader, get(desk.cookie), { params: { id: String(visit.id) } });
    const lines = await db().db.select().from(auditLog).where(and(eq(auditLog.appointmentId, visit.id), eq(auditLog.action, "intake.view")));
    expect(lines).toHaveLength(2);
    expect(lines[0]!.staffEmail).toBe(desk.email);
    const intakeLines = await db().db.select().from(intakeAudit).where(and(eq(intakeAudit.appointmentId, visit.id), eq(intakeAudit.via, "staff")));
    expect(intakeLines).toHaveLength(2);
    // Admins read the log, filtered; anyone else gets the 404 page.
    const admin = await signedInStaff(db().db, "admin");
    const log = await callRoute(auditLoader, new Request(`${ORIGIN}/staff/audit?action=intake.view&visit=${visit.id}`, { headers: { Cookie: admin.cookie } }));
    const shown = (await log.json()) as { lines: { who: string }[] };
    expect(shown.lines.map((l) => l.who)).toEqual([desk.email, desk.email]);
    expect((await callRoute(auditLoader, new Request(`${ORIGIN}/staff/audit`, { headers: { Cookie: desk.cookie } }))).status).toBe(404);
  });

  it("search finds patients by name, email or phone at the staff member's studios only", async () => {
    const a = await createStudioWithProviders(db().db);
    const b = await createStudioWithProviders(db().db);
    const here = { ...patientInput(), firstName: "Quincy", lastName: "Searchable", phone: "6175550199" };
    const there = { ...patientInput(), firstName: "Quincy", lastName: "Elsewhere" };
    await book(db().db, a.slug, daysAhead(3), here);
    await book(db().db, b.slug, daysAhead(3), there);
    const desk = await signedInStaff(db().db, "front_desk", [a.slug]);
    for (const q of ["quincy", here.email.slice(0, 8), "555-0199"]) {
      const answer = await callRoute(searchAction, post(desk.cookie, { q }));
      const body = JSON.stringify(await answer.json());
      expect(body, q).toContain("Searchable");
      expect(body, q).not.toContain("Elsewhere");
    }
    const wild = await callRoute(searchAction, post(desk.cookie, { q: "%%" }));
    expect(((await wild.json()) as { results: unknown[] }).results).toEqual([]);
  });
});
