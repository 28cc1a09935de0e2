// Cancelling a series visit with the ones after it, or the whole series (issue 39 B, decision 081), on PGlite and
// PostgreSQL: from the guest's manage link, the patient area's shape, and the console; one transaction; each visit
// cancelled as a single one is (its event, its fee inside its own 24 hours); ONE email and ONE text for the change.
// Webhook bodies and the read API carry the series; a closure over a series visit lists it "to move" on the day.
import { and, asc, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { appointments, emailOutbox, smsOutbox, visitEvents, visitFees, webhookDeliveries } from "~/db/schema";
import { readVisit, type ApiVisit } from "~/api/visits.server";
import type { ApiKey } from "~/api/keys.server";
import { fanOut } from "~/webhooks/deliveries.server";
import { addEndpoint } from "~/webhooks/endpoints.server";
import { webhookPayloadSchema } from "~/webhooks/payload";
import { usFederalHolidays } from "~/rules/holidays";
import { addDays, instantOfWall, localDayKey } from "~/rules/zoned-time";
import { bookSeries } from "~/scheduling/book.server";
import { cancelVisit, seriesCancelChoices } from "~/scheduling/visit-changes.server";
import * as guestCancel from "~/routes/booking+/confirmed.$token_.cancel";
import * as guestVisit from "~/routes/booking+/confirmed.$token";
import * as staffVisit from "~/routes/staff+/visits.$id";
import { action as closuresAction } from "~/routes/staff+/studios.$slug.closures";
import { studioDay } from "~/console/day.server";
import { localTimeAhead } from "../fixtures/clock";
import { createPatient, createStudioWithProviders } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { signedInStaff } from "../helpers/staff";
import { tellVisitChanges } from "../helpers/visit-notices";

const ORIGIN = "http://localhost:3000";
const TZ = "America/New_York";
const COUNT = 6;
const visa = { token: "pm_card_visa", brand: "visa", last4: "4242" };
const post = (path: string, fields: Record<string, string>, cookie = "") =>
  new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } });

/** A 10:00 AM at least 3 days out whose next weeks hold no federal holiday. */
function firstVisit(): Date {
  for (let ahead = 3; ; ahead++) {
    const at = localTimeAhead(ahead, "10:00");
    const day = localDayKey(at, TZ);
    const days = Array.from({ length: COUNT }, (_, i) => addDays(day, 7 * i));
    if (!days.some((d) => usFederalHolidays(Number(d.slice(0, 4))).includes(d))) return at;
  }
}

function tenAm(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(instantOfWall(Date.UTC(y, m - 1, d, 10, 0), TZ).instant);
}

describeEachEngine("cancelling a series' visits", ({ db }) => {
  async function bookSix(card = false) {
    const d = db().db;
    const { slug } = await createStudioWithProviders(d, { roles: ["hygienist"] });
    const phone = `617555${String(1000 + Math.floor(Math.random() * 9000))}`;
    const patient = await createPatient(d, { firstName: "Maya", phone });
    const day = localDayKey(firstVisit(), TZ);
    const outcome = await bookSeries(
      d,
      {
        studioSlug: slug,
        serviceCode: "CLNCHK",
        patientId: patient.id,
        patient: { email: patient.email, firstName: "Maya", lastName: patient.lastName, phone, dateOfBirth: "1990-05-01", preferences: [] },
        needsInsurance: false,
        details: card ? { payment: visa } : {},
        smsConsent: true,
        channel: "phone",
      },
      { every: 1, unit: "weeks", localMinute: 600, providerId: null, visits: Array.from({ length: COUNT }, (_, i) => ({ startsAt: tenAm(addDays(day, 7 * i)) })) },
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const visits = () => d.select().from(appointments).where(eq(appointments.seriesId, outcome.series.id)).orderBy(asc(appointments.seriesPosition));
    await tellVisitChanges(d); // the booking's own email and text, out of the way
    return { d, slug, patient, phone, visits };
  }

  it("the webhook body and the read API carry the series, its place and count: one event per visit cancelled, in order", async () => {
    const { d, slug, visits } = await bookSix();
    await addEndpoint(d, { id: 1, email: "admin@example.com" }, { url: `https://hooks.example.com/${slug}`, description: "", eventTypes: ["visit.booked", "visit.cancelled"], studios: [slug] });
    const rows = await visits();
    expect((await cancelVisit(d, { appointmentId: rows[3].id, sequence: 0, shownFeeCents: null, scope: "following" })).ok).toBe(true);
    await fanOut(d, new Date());
    const bodies = (await d.select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id))).map((r) => webhookPayloadSchema.parse(JSON.parse(r.payload)));
    const seriesId = String(rows[0].seriesId);
    expect(bodies.map((b) => [b.type, b.data.visitId, b.data.series])).toEqual([
      ...rows.map((v) => ["visit.booked", String(v.id), { id: seriesId, position: v.seriesPosition, count: COUNT }]),
      ...rows.slice(3).map((v) => ["visit.cancelled", String(v.id), { id: seriesId, position: v.seriesPosition, count: COUNT }]),
    ]);
    const key = { id: 1, name: "test", studios: [slug] } as unknown as ApiKey;
    expect(((await readVisit(d, key, String(rows[4].id))) as ApiVisit).series).toEqual({ id: seriesId, position: 5, count: COUNT });
  });

  it("a closure added later over a series visit shows it 'to move' on the day view, still visit 2 of 6, as a single visit", async () => {
    const { d, slug, visits } = await bookSix();
    const [, second] = await visits();
    const day = localDayKey(second.startsAt, TZ);
    const manager = await signedInStaff(d, "manager", [slug]);
    const added = await callRoute(closuresAction, post(`/staff/studios/${slug}/closures`, { day, reason: "Burst pipe" }, manager.cookie), { params: { slug } });
    expect(added.status).toBe(303);
    const page = await studioDay(d, { slug, tz: TZ }, day);
    expect(page.toMove.map((v) => [v.id, v.reason])).toEqual([[second.id, "Studio closed: Burst pipe"]]);
    const [kept] = (await visits()).filter((v) => v.id === second.id);
    expect([kept.status, kept.seriesPosition]).toEqual(["CONFIRMED", 2]);
  });

  it("the guest cancels visit 3 'and the following': exactly 3–6 cancelled in one change, one email listing them, one text", async () => {
    const { d, patient, phone, visits } = await bookSix();
    const [, , third] = await visits();
    const path = `/booking/confirmed/${third.token}/cancel`;
    const page = (await (await callRoute(guestCancel.loader, new Request(`${ORIGIN}${path}`), { params: { token: third.token } })).json()) as {
      facts: { series: unknown };
      scopes: { value: string; field: string; shownFee: string; label: string }[];
    };
    expect(page.facts.series).toEqual({ position: 3, of: COUNT });
    expect(page.scopes.map((s) => [s.value, s.field, s.shownFee, s.label])).toEqual([
      ["this", "shownFee", "none", "Only this one (visit 3 of 6)"],
      ["following", "shownFeeFollowing", "none", "This one and the following ones (4 visits)"],
      ["all", "shownFeeAll", "none", "All the visits still ahead (6 visits)"],
    ]);

    // A form without the chosen scope's fee is incomplete: nothing changes.
    const incomplete = await callRoute(guestCancel.action, post(path, { sequence: "0", shownFee: "none", scope: "following" }), { params: { token: third.token } });
    expect(incomplete.status).toBe(400);
    expect((await visits()).every((v) => v.status === "CONFIRMED")).toBe(true);

    const done = await callRoute(guestCancel.action, post(path, { sequence: "0", shownFee: "none", shownFeeFollowing: "none", shownFeeAll: "none", scope: "following" }), { params: { token: third.token } });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/booking/confirmed/${third.token}?cancelled=series`);
    const after = await visits();
    expect(after.map((v) => [v.seriesPosition, v.status])).toEqual([
      [1, "CONFIRMED"],
      [2, "CONFIRMED"],
      [3, "CANCELLED"],
      [4, "CANCELLED"],
      [5, "CANCELLED"],
      [6, "CANCELLED"],
    ]);
    // Each cancelled visit is a visit event of its own, all in one transaction, in series order.
    const events = await d.select().from(visitEvents).where(and(eq(visitEvents.type, "visit.cancelled"), inArray(visitEvents.visitId, after.map((v) => v.id)))).orderBy(asc(visitEvents.id));
    expect(events.map((e) => e.visitId)).toEqual(after.slice(2).map((v) => v.id));
    expect(new Set(events.map((e) => e.txId)).size).toBe(1);

    // The visit's page says so; its facts say which of the series it is.
    const landed = (await (await callRoute(guestVisit.loader, new Request(`${ORIGIN}/booking/confirmed/${third.token}?cancelled=series`), { params: { token: third.token } })).json()) as { change: string };
    expect(landed.change).toBe("cancelledSeries");

    // Two consumers at once: ONE email listing 3–6 (not 1 or 2), ONE text.
    await Promise.all([tellVisitChanges(d), tellVisitChanges(d)]);
    const emails = await d.select().from(emailOutbox).where(eq(emailOutbox.to, patient.email)).orderBy(asc(emailOutbox.id));
    expect(emails.map((e) => e.subject).slice(1)).toEqual([expect.stringContaining("your 4 visits for")]);
    const email = emails[1];
    for (const p of [3, 4, 5, 6]) expect(email.text).toContain(`${p} of ${COUNT} — `);
    expect(email.text).not.toContain(`2 of ${COUNT} — `);
    expect(email.text).toContain("If these visits are in your calendar, delete them there.");
    expect(email.ics).toBeNull();
    const texts = await d.select().from(smsOutbox).where(eq(smsOutbox.to, `+1${phone}`)).orderBy(asc(smsOutbox.id));
    expect(texts.map((t) => [t.kind, t.appointmentId])).toEqual([
      ["series_booked", after[0].id],
      ["series_cancelled", third.id],
    ]);
    expect(texts[1].body).toContain("your 4 visits at");

    // Visit 2 alone afterwards: a single cancel, told as a single visit ("visit 2 of 6").
    const second = after[1];
    expect((await cancelVisit(d, { appointmentId: second.id, sequence: 0, shownFeeCents: null, scope: "this" })).ok).toBe(true);
    await tellVisitChanges(d);
    const last = (await d.select().from(emailOutbox).where(eq(emailOutbox.to, patient.email)).orderBy(asc(emailOutbox.id))).at(-1)!;
    expect(last.text).toContain(`This is visit 2 of ${COUNT} of your series.`);
  });

  it("'all' from the console: the late-cancel fee per visit inside its own 24 hours, the fee shown checked, one transaction", async () => {
    const { d, slug, visits } = await bookSix(true);
    const rows = await visits();
    // The clock 20 hours before visit 2: visit 1 is past (left as it is), visit 2 is inside its window, 3–6 are not.
    const now = new Date(rows[1].startsAt.getTime() - 20 * 3_600_000);
    expect(await seriesCancelChoices(d, rows[1], now)).toEqual([
      { scope: "this", count: 1, feeCents: 5000 },
      { scope: "following", count: 5, feeCents: 5000 },
    ]);
    // Shown no fee: the terms changed, nothing is cancelled.
    expect(await cancelVisit(d, { appointmentId: rows[1].id, sequence: 0, shownFeeCents: null, scope: "all", now })).toEqual({ ok: false, code: "terms_changed" });
    expect((await visits()).every((v) => v.status === "CONFIRMED")).toBe(true);
    expect(await cancelVisit(d, { appointmentId: rows[1].id, sequence: 0, shownFeeCents: 5000, scope: "all", now })).toEqual({ ok: true, feeCents: 5000, count: 5 });
    const after = await visits();
    expect(after.map((v) => [v.seriesPosition, v.status, v.lateCancelFeeCents])).toEqual([
      [1, "CONFIRMED", null],
      [2, "CANCELLED", 5000],
      [3, "CANCELLED", null],
      [4, "CANCELLED", null],
      [5, "CANCELLED", null],
      [6, "CANCELLED", null],
    ]);
    const fees = await d.select().from(visitFees);
    expect(fees.map((f) => [f.appointmentId, f.amountCents])).toEqual([[after[1].id, 5000]]);

    // The console: a fresh series, its visit page offering the three choices; "all" cancels the six, once each.
    const other = await bookSix();
    const staff = await signedInStaff(d, "front_desk", [other.slug]);
    const [first] = await other.visits();
    const params = { id: String(first.id) };
    const page = (await (await callRoute(staffVisit.loader, new Request(`${ORIGIN}/staff/visits/${first.id}`, { headers: { Cookie: staff.cookie } }), { params })).json()) as {
      series: unknown;
      cancel: { scopes: { value: string; label: string }[] };
    };
    expect(page.series).toEqual({ position: 1, of: COUNT });
    // From the first visit "following" reaches as far as "all": one choice fewer.
    expect(page.cancel.scopes.map((s) => [s.value, s.label])).toEqual([
      ["this", "Only this visit"],
      ["following", "This and the following visits (6)"],
    ]);
    const answer = await callRoute(
      staffVisit.action,
      post(`/staff/visits/${first.id}`, { intent: "cancel", sequence: "0", shownFee: "none", shownFeeFollowing: "none", scope: "following", cancelNote: "Moving away" }, staff.cookie),
      { params },
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/staff/visits/${first.id}?done=cancelled&count=6`);
    expect((await other.visits()).map((v) => v.status)).toEqual(Array(COUNT).fill("CANCELLED"));
    const cancels = await d.select().from(visitEvents).where(and(eq(visitEvents.type, "visit.cancelled"), eq(visitEvents.cancelledBy, "staff"), inArray(visitEvents.visitId, (await other.visits()).map((v) => v.id))));
    expect(cancels).toHaveLength(COUNT);
    void slug;
  });
});
