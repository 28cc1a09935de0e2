// The manager's reports (issue 40, decision 077) on PGlite and PostgreSQL: every figure against a hand-built week
// whose answers are known (a visit at 11:30 PM counting on its own local day, the daylight-saving Sunday, a late and
// an early cancel, time off and a closure), the scope per role and studio (page and CSV), the CSV's numbers equal
// to the page's, and the audit of views and of the export that names patients.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import type { Db } from "~/db/client.server";
import { appointments, auditLog, providerTimeOff, recallNotices, studioClosures, visitFees } from "~/db/schema";
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
  await db.insert(providerTimeOff).values({ providerId, startsAt: new Date("2027-03-10T18:00:00Z"), endsAt: new Date("2027-03-10T20:00:00Z") }); // Wed 1–3 PM: overlaps, 3 h off in all
  await db.insert(providerTimeOff).values({ providerId, startsAt: new Date("2027-03-08T15:00:00Z"), endsAt: new Date("2027-03-08T16:00:00Z") }); // Mon 10–11 AM
  await db.insert(providerTimeOff).values({ providerId, startsAt: new Date("2027-03-08T15:30:00Z"), endsAt: new Date("2027-03-08T15:45:00Z") }); // …and inside it: 1 h off
  await db.insert(studioClosures).values({ studioSlug: slug, day: "2027-03-13" });
  await db.insert(visitFees).values({ appointmentId: late.id, amountCents: 5000, status: "paid", provider: "local", paymentMethodRef: "pm_x", chargeKey: randomBytes(8).toString("hex"), paidAt: new Date("2027-03-11T14:00:00Z"), refundedCents: 1000 });
  const recall = await recallCohort(db, slug, providerId, visit);
  return { slug, providerId, d: d!, recall };
}

/**
 * Recall (decision 082): checkups completed six months before the known week. Due in the week: Hal (reminded,
 * rebooked 11 days after the email), Ivy (reminded, booked 38 days after), Jo (not sent: unsubscribed), Max
 * (reminded, booked and then cancelled). Not due: Kit's checkup at 11:30 PM on 7 September (due 7 March locally,
 * 8 March in UTC), Lou's (a later checkup in January superseded it).
 */
async function recallCohort(db: Db, slug: string, providerId: number, visit: (patientId: number, start: string, minutes: number, created: string, extra?: Partial<typeof appointments.$inferInsert>) => Promise<typeof appointments.$inferSelect>) {
  const [hal, ivy, jo, kit, lou, max] = await Promise.all(["Hal", "Ivy", "Jo", "Kit", "Lou", "Max"].map((firstName) => createPatient(db, { firstName, lastName: "Recall" })));
  const done = (patientId: number, start: string) => visit(patientId, start, 60, "2026-08-01T15:00:00Z", { status: "COMPLETED" });
  const notice = async (patientId: number, visitId: number, dueOn: string, sentAt: string | null, skipped: string | null = null) =>
    db.insert(recallNotices).values({ patientId, serviceCode: "CLNCHK", visitId, dueOn, kind: "due_soon", sendAt: new Date(`${dueOn}T14:00:00Z`), sentAt: sentAt ? new Date(sentAt) : null, skipped });
  const h = await done(hal!.id, "2026-09-09T14:00:00Z");
  await notice(hal!.id, h.id, "2027-03-09", "2027-02-09T14:00:00Z");
  await visit(hal!.id, "2027-03-22T14:00:00Z", 60, "2027-02-20T15:00:00Z");
  const i = await done(ivy!.id, "2026-09-10T14:00:00Z");
  await notice(ivy!.id, i.id, "2027-03-10", "2027-02-10T14:00:00Z");
  await visit(ivy!.id, "2027-04-05T14:00:00Z", 60, "2027-03-20T15:00:00Z");
  const j = await done(jo!.id, "2026-09-12T14:00:00Z");
  await notice(jo!.id, j.id, "2027-03-12", null, "unsubscribed");
  await done(kit!.id, "2026-09-08T03:30:00Z");
  await done(lou!.id, "2026-09-11T14:00:00Z");
  await done(lou!.id, "2027-01-05T15:00:00Z");
  const m = await done(max!.id, "2026-09-13T14:00:00Z");
  await notice(max!.id, m.id, "2027-03-13", "2027-02-13T14:00:00Z");
  await visit(max!.id, "2027-03-25T14:00:00Z", 60, "2027-02-14T15:00:00Z", { status: "CANCELLED", cancelledAt: new Date("2027-02-15T15:00:00Z") });
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
    // 7 days × 600 minutes, less the time off (each overlap once: 60 on Monday, 180 on Wednesday) and the closed
    // Saturday; the Sunday of the clock change has 600.
    expect(f.chairUse).toMatchObject({ bookedMinutes: 210, openMinutes: 3360, rate: 6.3 });
    const days = Object.fromEntries(f.chairUse.byDay.map((r: { day: string }) => [r.day, r]));
    expect(days["2027-03-08"]).toMatchObject({ booked: 60, open: 540 });
    expect(days["2027-03-09"]).toMatchObject({ booked: 30, open: 600 });
    expect(days["2027-03-10"]).toMatchObject({ booked: 60, open: 420 });
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
    // Hal, Ivy, Jo and Max due; Jo not sent an email; Hal alone booked within 30 days of it.
    expect(f.recall).toEqual({ due: 4, reminded: 3, rebooked: 1 });
    expect(f.fees).toEqual({ charged: { count: 1, cents: 5000 }, paid: { count: 1, cents: 5000 }, failed: { count: 0, cents: 0 }, pending: { count: 0, cents: 0 }, refundedCents: 1000 });
    const [line] = await db().db.select().from(auditLog).where(and(eq(auditLog.staffId, manager.id), eq(auditLog.action, "report.view")));
    expect(line).toMatchObject({ studioSlug: slug, note: "2027-03-08–2027-03-14" });
  });

  it("each CSV has a header row and the page's numbers; the export naming patients is audited", async () => {
    const { slug, d } = await knownWeek(db().db);
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
    // The visits behind a figure: one row per visit, in the studio's time, no health data; each export audited.
    const header = "visit_id,studio,day,start_time,provider,service,patient_id,patient,channel,source,status,booked_day,cancelled_at";
    expect(await csv("visits-no-shows")).toEqual([header, expect.stringMatching(new RegExp(`^\\d+,${slug},2027-03-10,10:00,hygienist ${slug},Checkup & cleaning,\\d+,Cy Known,waitlist,none,NO_SHOW,2027-02-10,$`))]);
    expect(await csv("visits-late-cancels")).toEqual([header, expect.stringMatching(new RegExp(`^\\d+,${slug},2027-03-11,14:00,.*,${d.id},Dee Known,online,none,CANCELLED,2027-03-01,2027-03-11 08:00$`))]);
    const firsts = await csv("visits-new-patients");
    expect(firsts.slice(1).map((line) => line.split(",")[7])).toEqual(["Ana Known", "Ben Known", "Cy Known", "Fay Known"]);
    expect(firsts[4]).toContain(",online,referral,CONFIRMED,2027-03-13,");
    const notes = (await db().db.select().from(auditLog).where(and(eq(auditLog.staffId, manager.id), eq(auditLog.action, "report.export")))).map((l) => l.note);
    expect(notes).toEqual(expect.arrayContaining(["visits-no-shows 2027-03-08–2027-03-14", "visits-late-cancels 2027-03-08–2027-03-14", "visits-new-patients 2027-03-08–2027-03-14"]));
    const chair = await csv("chair-use");
    expect(chair[0]).toBe("studio,provider,day,booked_minutes,open_minutes,chair_use_percent");
    expect(chair).toContain(`${slug},hygienist ${slug},2027-03-09,30,600,5`);
    expect(chair).toHaveLength(1 + 6);
    expect(await csv("lead-time")).toEqual(["days_ahead,visits", "Same day,1", "1–2 days,1", "3–7 days,1", "8–14 days,0", "15–30 days,1", "31–90 days,0", "91 days or more,0", "median_days,1"]);
    expect(await csv("busy-hours")).toEqual(["weekday,hour,visits", "Sunday,10,1", "Monday,9,1", "Tuesday,23,1", "Wednesday,10,1"]);
    expect(await csv("fees")).toContain("paid,1,50.00");
    expect(await csv("recall")).toEqual(["stage,patients,percent_of_due", "due,4,100", "reminded,3,75", "rebooked_within_30_days,1,25"]);
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

  it("a large export streams in keyset pages of 1,000 rows, never the whole list at once, and matches the page's count", async () => {
    const { slug, providerIds } = await createStudioWithProviders(db().db);
    const patient = await createPatient(db().db, { firstName: "Many", lastName: "Misses" });
    // 5,000 no-shows, 30 minutes apart from Monday 4 January 2027 (made by the database in one statement).
    await db().db.execute(sql`insert into appointments (token, patient_id, studio_slug, provider_id, service_type, starts_at, ends_at, status, created_at)
      select 'bulk-' || ${slug} || '-' || i, ${patient!.id}, ${slug}, ${providerIds[0]!}, 'CLNCHK',
        '2027-01-04T14:00:00Z'::timestamptz + make_interval(mins => 30 * i), '2027-01-04T14:30:00Z'::timestamptz + make_interval(mins => 30 * i), 'NO_SHOW', '2026-12-01T15:00:00Z'
      from generate_series(0, 4999) as i`);
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const range = `range=custom&from=2027-01-01&to=2027-06-30&studio=${slug}`;
    const page = (await (await callRoute(reportsLoader, get(manager.cookie, `/staff/reports?${range}`))).json()) as Page;
    expect(page.figures.outcomes.noShows).toBe(5000);
    // Every read of the database while the CSV streams: how many rows each page brought.
    const pages: number[] = [];
    const database = db().db;
    const execute = database.execute.bind(database);
    const spy = vi.spyOn(database, "execute").mockImplementation(((query: Parameters<typeof execute>[0]) =>
      execute(query).then((result) => {
        if (/order by v\.starts_at, v\.id/.test(JSON.stringify(query))) pages.push((result as unknown as { rows: unknown[] }).rows.length);
        return result;
      })) as unknown as typeof execute);
    try {
      const res = await callRoute(csvLoader, get(manager.cookie, `/staff/reports/csv?${range}&table=visits-no-shows`));
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const lines = () => text.split("\r\n").length - 1;
      while (lines() < 1001) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      // The header and the first 1,000 visits are out: at most the next page has been read, not all 5,000.
      expect(pages.reduce((a, n) => a + n, 0)).toBeLessThanOrEqual(2000);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      expect(lines()).toBe(1 + 5000);
      expect(pages).toEqual([1000, 1000, 1000, 1000, 1000, 0]);
      const ids = text.trimEnd().split("\r\n").slice(1).map((line) => Number(line.split(",")[0]));
      expect(new Set(ids).size).toBe(5000);
    } finally {
      spy.mockRestore();
    }
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
