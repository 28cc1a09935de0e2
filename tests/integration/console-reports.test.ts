// The manager's reports (issue 40, decision 077) on PGlite and PostgreSQL: every figure against a hand-built week
// whose answers are known (a visit at 11:30 PM counting on its own local day, the daylight-saving Sunday, a late and
// an early cancel, time off and a closure), the scope per role and studio (page and CSV), the CSV's numbers equal
// to the page's, and the audit of views and of the export that names patients.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { appointments, auditLog, providerTimeOff, studioClosures, visitFees } from "~/db/schema";
import { loader as reportsLoader } from "~/routes/staff+/reports";
import { loader as csvLoader } from "~/routes/staff+/reports_.csv";
import { createPatient, createStudioWithProviders } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { signedInStaff } from "../helpers/staff";

const ORIGIN = "http://localhost:3000";
const WEEK = "range=custom&from=2027-03-08&to=2027-03-14";
const get = (cookie: string, path: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });

/** The known week, Monday 8 to Sunday 14 March 2027 in New York (clocks go forward on the Sunday). */
async function knownWeek(db: Db) {
  const { slug, providerIds } = await createStudioWithProviders(db);
  const providerId = providerIds[0]!;
  const [a, b, c, d, e, f, g] = await Promise.all(["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"].map((firstName) => createPatient(db, { firstName, lastName: "Known" })));
  const visit = async (patientId: number, start: string, minutes: number, created: string, extra: Partial<typeof appointments.$inferInsert> = {}) => {
    const startsAt = new Date(start);
    const [row] = await db
      .insert(appointments)
      .values({ token: randomBytes(12).toString("hex"), patientId, studioSlug: slug, providerId, serviceType: "CLNCHK", startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000), createdAt: new Date(created), ...extra })
      .returning();
    return row!;
  };
  await visit(a!.id, "2027-03-08T14:00:00Z", 60, "2027-03-01T15:00:00Z", { status: "COMPLETED" }); // Mon 9 AM, 7 days ahead
  await visit(b!.id, "2027-03-10T04:30:00Z", 30, "2027-03-09T15:00:00Z", { channel: "phone" }); // Tue 11:30 PM, same day
  await visit(c!.id, "2027-03-10T15:00:00Z", 60, "2027-02-10T15:00:00Z", { status: "NO_SHOW", channel: "waitlist" }); // Wed 10 AM, 28 days
  const late = await visit(d!.id, "2027-03-11T19:00:00Z", 60, "2027-03-01T15:00:00Z", { status: "CANCELLED", cancelledAt: new Date("2027-03-11T13:00:00Z") }); // Thu 2 PM, cancelled 6 h before
  await visit(e!.id, "2027-03-12T15:00:00Z", 60, "2027-03-01T15:00:00Z", { status: "CANCELLED", cancelledAt: new Date("2027-03-09T15:00:00Z") }); // Fri, cancelled 3 days before
  await visit(e!.id, "2030-03-12T15:00:00Z", 60, "2027-03-09T15:00:00Z"); // …and rebooked
  await visit(f!.id, "2027-03-14T14:00:00Z", 60, "2027-03-13T15:00:00Z", { details: { referralCode: "FRIEND1" } }); // Sun 10 AM EDT, 1 day
  await visit(g!.id, "2027-03-08T04:30:00Z", 30, "2027-03-01T15:00:00Z"); // Sun 7 March 11:30 PM: the week before
  await db.insert(providerTimeOff).values({ providerId, startsAt: new Date("2027-03-10T17:00:00Z"), endsAt: new Date("2027-03-10T19:00:00Z") }); // Wed noon–2 PM
  await db.insert(studioClosures).values({ studioSlug: slug, day: "2027-03-13" });
  await db.insert(visitFees).values({ appointmentId: late.id, amountCents: 5000, status: "paid", provider: "local", paymentMethodRef: "pm_x", chargeKey: randomBytes(8).toString("hex"), paidAt: new Date("2027-03-11T14:00:00Z"), refundedCents: 1000 });
  return { slug, providerId, d: d! };
}

type Page = { figures: any; errors: Record<string, string> };

describeEachEngine("console reports", ({ db }) => {
  it("every figure of the known week, in the studio's time", async () => {
    const { slug, d } = await knownWeek(db().db);
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const res = await callRoute(reportsLoader, get(manager.cookie, `/staff/reports?${WEEK}&studio=${slug}&compare=1`));
    expect(res.status).toBe(200);
    const { figures: f } = (await res.json()) as Page;
    expect(f.outcomes).toEqual({ booked: 6, kept: 4, noShows: 1, noShowRate: 25, cancels: 2, lateCancels: 1, lateCancelRate: 16.7 });
    // The week before holds the 11:30 PM Sunday visit only.
    expect(f.previousOutcomes).toMatchObject({ booked: 1, kept: 1, noShows: 0 });
    // 7 days × 600 minutes, less 120 of time off and the closed Saturday; the Sunday of the clock change has 600.
    expect(f.chairUse).toMatchObject({ bookedMinutes: 210, openMinutes: 3480, rate: 6 });
    const days = Object.fromEntries(f.chairUse.byDay.map((r: { day: string }) => [r.day, r]));
    expect(days["2027-03-09"]).toMatchObject({ booked: 30, open: 600 });
    expect(days["2027-03-10"]).toMatchObject({ booked: 60, open: 480 });
    expect(days["2027-03-13"]).toBeUndefined();
    expect(days["2027-03-14"]).toMatchObject({ booked: 60, open: 600 });
    expect(f.notRebooked).toEqual([expect.objectContaining({ patientId: d.id, name: "Dee Known", visitDay: "2027-03-11" })]);
    expect(f.newPatients).toEqual({
      total: 4,
      byChannel: [{ key: "online", count: 2 }, { key: "phone", count: 1 }, { key: "waitlist", count: 1 }],
      bySource: [{ key: "referral", count: 1 }, { key: "none", count: 3 }],
    });
    expect(f.previousNewPatients).toBe(1);
    expect(f.leadTime.median).toBe(1);
    expect(f.leadTime.buckets.map((b: { count: number }) => b.count)).toEqual([1, 1, 1, 0, 1, 0, 0]);
    expect([...f.busyHours].sort((x: any, y: any) => x.weekday - y.weekday || x.hour - y.hour)).toEqual([
      { weekday: 0, hour: 10, count: 1 },
      { weekday: 1, hour: 9, count: 1 },
      { weekday: 2, hour: 23, count: 1 },
      { weekday: 3, hour: 10, count: 1 },
    ]);
    expect(f.fees).toEqual({ charged: { count: 1, cents: 5000 }, paid: { count: 1, cents: 5000 }, failed: { count: 0, cents: 0 }, pending: { count: 0, cents: 0 }, refundedCents: 1000 });
    const [line] = await db().db.select().from(auditLog).where(and(eq(auditLog.staffId, manager.id), eq(auditLog.action, "report.view")));
    expect(line).toMatchObject({ studioSlug: slug, note: "2027-03-08–2027-03-14" });
  });

  it("each CSV has a header row and the page's numbers; the export naming patients is audited", async () => {
    const { slug } = await knownWeek(db().db);
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const csv = async (table: string) => {
      const res = await callRoute(csvLoader, get(manager.cookie, `/staff/reports/csv?${WEEK}&studio=${slug}&table=${table}`));
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      return (await res.text()).trimEnd().split("\r\n");
    };
    expect(await csv("outcomes")).toEqual([
      "from,to,visits_booked,visits_not_cancelled,no_shows,no_show_rate_percent,cancels,late_cancels,late_cancel_rate_percent",
      "2027-03-08,2027-03-14,6,4,1,25,2,1,16.7",
    ]);
    expect(await csv("not-rebooked")).toEqual(["patient_id,patient,studio,cancelled_visit_day,service", expect.stringMatching(/^\d+,Dee Known,test-[0-9a-f]+,2027-03-11,/)]);
    const exports = await db().db.select().from(auditLog).where(and(eq(auditLog.staffId, manager.id), eq(auditLog.action, "report.export")));
    expect(exports).toHaveLength(1);
    const chair = await csv("chair-use");
    expect(chair[0]).toBe("studio,provider,day,booked_minutes,open_minutes,chair_use_percent");
    expect(chair).toContain(`${slug},hygienist ${slug},2027-03-09,30,600,5`);
    expect(chair).toHaveLength(1 + 6);
    expect(await csv("lead-time")).toEqual(["days_ahead,visits", "Same day,1", "1–2 days,1", "3–7 days,1", "8–14 days,0", "15–30 days,1", "31–90 days,0", "91 days or more,0", "median_days,1"]);
    expect(await csv("busy-hours")).toEqual(["weekday,hour,visits", "Sunday,10,1", "Monday,9,1", "Tuesday,23,1", "Wednesday,10,1"]);
    expect(await csv("fees")).toContain("paid,1,50.00");
    expect(await csv("new-patients")).toEqual(["by,value,new_patients", "channel,online,2", "channel,phone,1", "channel,waitlist,1", "source,referral,1", "source,none,3"]);
  });

  it("a manager reads their studios only, by page or CSV, even by editing the URL; the front desk has no reports; admins read the chain", async () => {
    const mine = await knownWeek(db().db);
    const theirs = await knownWeek(db().db);
    const manager = await signedInStaff(db().db, "manager", [mine.slug]);
    for (const path of [`/staff/reports?${WEEK}&studio=${theirs.slug}`, `/staff/reports/csv?${WEEK}&studio=${theirs.slug}&table=not-rebooked`, `/staff/reports?${WEEK}&provider=${theirs.providerId}`]) {
      const fn = path.includes("/csv") ? csvLoader : reportsLoader;
      expect((await callRoute(fn, get(manager.cookie, path))).status).toBe(404);
    }
    // "All my studios" is theirs alone: one week's numbers, not two.
    const all = (await (await callRoute(reportsLoader, get(manager.cookie, `/staff/reports?${WEEK}`))).json()) as Page;
    expect(all.figures.outcomes.booked).toBe(6);
    const desk = await signedInStaff(db().db, "front_desk", [mine.slug]);
    expect((await callRoute(reportsLoader, get(desk.cookie, `/staff/reports?${WEEK}`))).status).toBe(404);
    expect((await callRoute(csvLoader, get(desk.cookie, `/staff/reports/csv?${WEEK}&table=outcomes`))).status).toBe(404);
    const admin = await signedInStaff(db().db, "admin");
    const chain = (await (await callRoute(reportsLoader, get(admin.cookie, `/staff/reports?${WEEK}`))).json()) as Page;
    expect(chain.figures.outcomes.booked).toBeGreaterThanOrEqual(12);
    const theirsForAdmin = (await (await callRoute(reportsLoader, get(admin.cookie, `/staff/reports?${WEEK}&studio=${theirs.slug}`))).json()) as Page;
    expect(theirsForAdmin.figures.outcomes.booked).toBe(6);
  });

  it("a bad range is a 400 with a message per field, never a 500", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const cases: [string, string][] = [
      ["range=custom&from=2027-02-30&to=2027-03-01", "from"],
      ["range=custom&from=2027-03-08&to=2027-03-01", "to"],
      ["range=custom&from=2025-01-01&to=2027-03-01", "to"],
      ["range=forever", "range"],
    ];
    for (const [query, field] of cases) {
      const res = await callRoute(reportsLoader, get(manager.cookie, `/staff/reports?${query}`));
      expect(res.status).toBe(400);
      const page = (await res.json()) as Page;
      expect(page.figures).toBeNull();
      expect(page.errors[field]).toBeTruthy();
    }
    expect((await callRoute(reportsLoader, get(manager.cookie, "/staff/reports?range=quarter"))).status).toBe(200);
  });
});
