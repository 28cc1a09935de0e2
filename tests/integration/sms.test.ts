/**
 * Texts (issue 31), on PGlite and on PostgreSQL, through the real `twilio` SDK pointed at a local server speaking its
 * Messages API (tests/helpers/twilio-server.ts). The clock is driven (every function takes `now`), never waited for:
 * - consent: a patient who ticked the box gets the booking text; one who did not gets none; consent is stored with
 *   its time, wording version, number (E.164) and how it was given;
 * - Spanish patients get Spanish texts of at most 2 segments;
 * - reminders 2 days and 2 hours before the visit's CURRENT start, each once across two senders (two connection
 *   pools = two processes on PostgreSQL); a move sends the moved text and moves the reminders, no second copy;
 * - quiet hours on the STUDIO's clock;
 * - replies: C confirms, R sends the move link, HELP the studio's phone, STOP stops every later text (one
 *   confirmation), START brings them back, anything else reaches the studio; a message id seen twice is handled once;
 * - a number the provider refuses is marked and never tried again; an outage delays texts, never a booking.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { smsConsents, smsInbound, smsNumbers, smsOutbox, studios } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { cancelVisit, rescheduleVisit } from "~/scheduling/visit-changes.server";
import { CONSENT_WORDING_VERSION } from "~/sms/consent.server";
import { confirmedByText, handleInbound } from "~/sms/inbound.server";
import { planReminders } from "~/sms/planner.server";
import { twilioProvider, type SmsProvider } from "~/sms/provider.server";
import { segmentsOf } from "~/sms/segments";
import { recordDelivery, tick } from "~/sms/sender.server";
import { describeEachEngine } from "../helpers/db";
import { startTwilioServer, type FakeTwilio } from "../helpers/twilio-server";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";
import { tellVisitChanges } from "../helpers/visit-notices";

const SITE = "https://dental.example.com";
// Monday 2027-01-04 12:00 UTC (7 AM in New York). Studios are open 08:00–18:00 local time every day.
const monday = new Date("2027-01-04T15:00:00Z"); // 10 AM New York
const at = (iso: string) => new Date(iso);
let serial = 0;
/** A distinct valid US mobile number per patient (the fake refuses numbers outside the NANP plan). */
const nextPhone = () => `617555${String(2000 + serial++).padStart(4, "0")}`;

describeEachEngine("texts", ({ db, engine }) => {
  let fake: FakeTwilio;
  let provider: SmsProvider;
  let other: Database | null = null;
  const second = () => (other ?? db()).db;
  beforeAll(async () => {
    fake = await startTwilioServer();
    provider = await twilioProvider({ accountSid: fake.accountSid, authToken: fake.authToken, from: fake.from, apiUrl: fake.url });
    const url = (db() as Database & { url?: string }).url;
    if (engine === "postgres" && url) other = await openDatabase({ databaseUrl: url, migrate: false });
  });
  afterAll(async () => {
    await other?.close();
    await fake?.close();
  });

  async function studio(timezone = "America/New_York") {
    const { slug } = await createStudioWithProviders(db().db, { timezone });
    await db().db.update(studios).set({ phone: "6175550123", name: `Fenway ${slug.slice(-4)}` }).where(eq(studios.slug, slug));
    return slug;
  }
  async function book(slug: string, startsAt: Date, { consent = true, locale = "en-US", now = monday, phone = nextPhone() } = {}) {
    const outcome = await bookAppointment(db().db, {
      studioSlug: slug,
      serviceCode: "CLNCHK",
      startsAt,
      patient: { ...patientInput(), phone },
      needsInsurance: false,
      details: {},
      smsConsent: consent,
      locale,
      now,
    });
    if (!outcome.ok) throw new Error(`booking failed: ${outcome.code}`);
    return { visit: outcome.appointment, phone: `+1${phone}` };
  }
  const sentTo = (phone: string) => fake.messages.filter((m) => m.to === phone);
  const rowsFor = async (appointmentId: number) => (await tellVisitChanges(db().db), db().db).select().from(smsOutbox).where(eq(smsOutbox.appointmentId, appointmentId));
  const send = async (now: Date) => (await tellVisitChanges(db().db), tick(db().db, now, provider, { siteOrigin: SITE }));

  it("a patient who ticked the box gets the booking text through the real SDK; one who did not gets none", async () => {
    const slug = await studio();
    const yes = await book(slug, at("2027-01-20T15:00:00Z"));
    const no = await book(slug, at("2027-01-20T16:00:00Z"), { consent: false });
    expect(await send(monday)).toBeGreaterThanOrEqual(1);
    const [text] = sentTo(yes.phone);
    expect(text.body).toContain(`Fenway ${slug.slice(-4)}`);
    expect(text.body).toContain("Wed, Jan 20, 10:00 AM");
    expect(text.body).toMatch(/https?:\/\/[^ ]+\/booking\/confirmed\/[A-Za-z0-9_-]{20,}/);
    expect(text.statusCallback).toMatch(/\/sms\/status$/);
    expect(sentTo(no.phone)).toHaveLength(0);
    expect(await rowsFor(no.visit.id)).toHaveLength(0);
    const [consent] = await db().db.select().from(smsConsents).where(eq(smsConsents.phone, yes.phone));
    expect(consent).toMatchObject({ givenVia: "booking", wordingVersion: CONSENT_WORDING_VERSION, withdrawnAt: null });
    expect(consent.givenAt.toISOString()).toBe(monday.toISOString());
    const [row] = await rowsFor(yes.visit.id);
    expect(row).toMatchObject({ status: "SENT", providerSid: text.sid, delivery: "queued" });
    // The status callback: delivered is recorded, a late "sent" does not undo it.
    expect(await recordDelivery(db().db, { sid: text.sid, status: "delivered", errorCode: null })).toBe(true);
    await recordDelivery(db().db, { sid: text.sid, status: "sent", errorCode: null });
    expect((await rowsFor(yes.visit.id))[0].delivery).toBe("delivered");
  });

  it("a Spanish patient gets Spanish texts of at most 2 segments", async () => {
    const slug = await studio();
    const { phone } = await book(slug, at("2027-01-23T15:00:00Z"), { locale: "es-US" }); // a Saturday: "sáb"
    await send(monday);
    const [text] = sentTo(phone);
    expect(text.body).toMatch(/su cita en/);
    expect(segmentsOf(text.body).segments).toBeLessThanOrEqual(2);
  });

  it("reminders 2 days and 2 hours before the current start, each once across two senders; a move moves them", async () => {
    const slug = await studio();
    const { visit, phone } = await book(slug, at("2027-01-08T15:00:00Z")); // Friday 10 AM
    await send(monday);
    expect(sentTo(phone)).toHaveLength(1); // booked
    // Moved on Tuesday to Friday 2 PM: the moved text; the reminders follow the new start only.
    const tuesday = at("2027-01-05T15:00:00Z");
    expect(await rescheduleVisit(db().db, { appointmentId: visit.id, sequence: 0, startsAt: at("2027-01-08T19:00:00Z"), now: tuesday })).toMatchObject({ ok: true });
    await send(tuesday);
    expect(sentTo(phone).at(-1)!.body).toContain("is now Fri, Jan 8, 2:00 PM");
    // Wednesday 10 AM (2 days before the OLD start): nothing.
    expect(await planReminders(db().db, at("2027-01-06T15:00:00Z"), SITE)).toBe(0);
    expect(await planReminders(db().db, at("2027-01-06T18:59:00Z"), SITE)).toBe(0);
    // Wednesday 2 PM: the 2-day reminder, once from two processes planning and sending at the same moment.
    const wednesday = at("2027-01-06T19:00:00Z");
    const planned = await Promise.all([planReminders(db().db, wednesday, SITE), planReminders(second(), wednesday, SITE)]);
    expect(planned[0] + planned[1]).toBe(1);
    const sent = await Promise.all([tick(db().db, wednesday, provider, { siteOrigin: SITE }), tick(second(), wednesday, provider, { siteOrigin: SITE })]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(sentTo(phone).at(-1)!.body).toContain("reminder of your visit");
    expect(sentTo(phone).at(-1)!.body).toContain("Fri, Jan 8, 2:00 PM");
    for (const t of ["2027-01-08T13:00:00Z", "2027-01-08T15:00:00Z", "2027-01-08T16:59:00Z"]) {
      await planReminders(db().db, at(t), SITE);
      await send(at(t));
    }
    expect(sentTo(phone)).toHaveLength(3);
    const fridayNoon = at("2027-01-08T17:00:00Z");
    await Promise.all([planReminders(db().db, fridayNoon, SITE), planReminders(second(), fridayNoon, SITE)]);
    await Promise.all([tick(db().db, fridayNoon, provider, { siteOrigin: SITE }), tick(second(), fridayNoon, provider, { siteOrigin: SITE })]);
    expect(sentTo(phone)).toHaveLength(4);
    expect(sentTo(phone)[3].body).toContain("see you at");
    expect(sentTo(phone)[3].body).toContain("2:00 PM");
    const kinds = (await rowsFor(visit.id)).map((r) => r.kind).sort();
    expect(kinds).toEqual(["booked", "moved", "reminder_2d", "reminder_2h"]);
    // Later runs find nothing more to send; none after the visit began.
    expect(await planReminders(db().db, at("2027-01-08T18:00:00Z"), SITE)).toBe(0);
    expect(await planReminders(db().db, at("2027-01-08T19:30:00Z"), SITE)).toBe(0);
  });

  it("quiet hours are the studio's: a text due at night waits for 8 AM there, or is not sent when the visit is before then", async () => {
    const ny = await studio("America/New_York");
    const chicago = await studio("America/Chicago");
    // 8:30 AM visits on Friday in each studio's own zone.
    const nyVisit = await book(ny, at("2027-01-08T13:30:00Z"));
    const chiVisit = await book(chicago, at("2027-01-08T14:30:00Z"));
    await send(monday);
    // 7:00 AM New York = 6:00 AM Chicago: the 2-hour reminders are due (6:30 / 6:30 local) but it is night in both.
    await planReminders(db().db, at("2027-01-08T12:00:00Z"), SITE);
    expect(await send(at("2027-01-08T12:00:00Z"))).toBe(0);
    // 8:00 AM New York (7:00 AM Chicago): New York's goes; Chicago's would reach the patient after 8 AM Chicago = after
    // nothing: its visit is at 8:30 and 8 AM is before it, so it goes at 8 AM Chicago, not at 8 AM New York.
    await planReminders(db().db, at("2027-01-08T13:00:00Z"), SITE);
    await send(at("2027-01-08T13:00:00Z"));
    expect(sentTo(nyVisit.phone).at(-1)!.body).toContain("see you at");
    expect(sentTo(chiVisit.phone)).toHaveLength(1); // only the booking text
    await planReminders(db().db, at("2027-01-08T14:00:00Z"), SITE);
    await send(at("2027-01-08T14:00:00Z"));
    expect(sentTo(chiVisit.phone).at(-1)!.body).toContain("see you at");

    // Booked at 10:30 PM New York time: the booking text waits for 8 AM.
    const lateNight = at("2027-01-12T03:30:00Z");
    const late = await book(ny, at("2027-01-20T19:00:00Z"), { now: lateNight });
    expect(await send(lateNight)).toBe(0);
    expect(sentTo(late.phone)).toHaveLength(0);
    await send(at("2027-01-12T13:00:00Z"));
    expect(sentTo(late.phone)).toHaveLength(1);
  });

  it("replies: C confirms, R sends the move link, HELP the studio's phone, unknown words reach the studio; each message id once", async () => {
    const slug = await studio();
    const { visit, phone } = await book(slug, at("2027-01-21T15:00:00Z"));
    await send(monday);
    const reply = (body: string, sid = `SM${Math.random().toString(16).slice(2).padEnd(32, "0").slice(0, 32)}`) =>
      handleInbound(db().db, { messageSid: sid, from: phone, body }, { now: monday, siteOrigin: SITE });

    const sid = "SM" + "c".repeat(32);
    const twice = await Promise.all([reply("c", sid), handleInbound(second(), { messageSid: sid, from: phone, body: "c" }, { now: monday, siteOrigin: SITE })]);
    expect(twice.sort()).toEqual(["confirm", "duplicate"]);
    expect([...(await confirmedByText(db().db, [visit.id]))]).toEqual([visit.id]);
    expect(await reply("R")).toBe("move");
    expect(await reply("help")).toBe("help");
    expect(await reply("Can I bring my son along?")).toBe("studio");
    await send(monday);
    const bodies = sentTo(phone).map((m) => m.body);
    expect(bodies).toHaveLength(4); // booked, confirmed, move link, help — the studio's message gets no automatic answer
    expect(bodies[1]).toContain("is confirmed");
    expect(bodies[2]).toMatch(/\/booking\/confirmed\/[A-Za-z0-9_-]+\/reschedule/);
    expect(bodies[3]).toContain("(617) 555-0123");
    const inbox = await db().db.select().from(smsInbound).where(and(eq(smsInbound.from, phone), eq(smsInbound.handledAs, "studio")));
    expect(inbox).toMatchObject([{ studioSlug: slug, appointmentId: visit.id, body: "Can I bring my son along?" }]);
    // A move makes the visit unconfirmed again (the patient confirmed another time).
    await rescheduleVisit(db().db, { appointmentId: visit.id, sequence: 0, startsAt: at("2027-01-21T16:00:00Z"), now: monday });
    expect(await confirmedByText(db().db, [visit.id])).toEqual(new Set());
  });

  it("STOP stops every later text with one confirmation; START brings them back", async () => {
    const slug = await studio();
    const { visit, phone } = await book(slug, at("2027-01-22T15:00:00Z"));
    await send(monday);
    const inbound = (body: string) => handleInbound(db().db, { messageSid: `SM${body.toLowerCase().padEnd(32, "0")}${visit.id}`.slice(0, 34), from: phone, body }, { now: monday, siteOrigin: SITE });
    expect(await inbound("STOP")).toBe("stop");
    await send(monday);
    expect(sentTo(phone).at(-1)!.body).toContain("no more texts");
    const before = sentTo(phone).length;
    // A move, the reminders: nothing more.
    await rescheduleVisit(db().db, { appointmentId: visit.id, sequence: 0, startsAt: at("2027-01-22T16:00:00Z"), now: monday });
    await planReminders(db().db, at("2027-01-20T16:00:00Z"), SITE);
    await send(at("2027-01-20T16:00:00Z"));
    expect(sentTo(phone)).toHaveLength(before);
    const [consent] = await db().db.select().from(smsConsents).where(eq(smsConsents.phone, phone));
    expect(consent.withdrawnVia).toBe("keyword");

    expect(await inbound("START")).toBe("start");
    await send(at("2027-01-20T16:00:00Z"));
    expect(sentTo(phone).at(-1)!.body).toContain("on again");
    await cancelVisit(db().db, { appointmentId: visit.id, sequence: 1, shownFeeCents: null, now: at("2027-01-20T16:30:00Z") });
    await send(at("2027-01-20T16:30:00Z"));
    expect(sentTo(phone).at(-1)!.body).toContain("is cancelled");
  });

  it("a number the provider refuses is marked and never tried again; an outage delays texts and never a booking", async () => {
    const slug = await studio();
    const landline = nextPhone();
    fake.landlines.add(`+1${landline}`);
    const first = await book(slug, at("2027-01-25T15:00:00Z"), { phone: landline });
    await send(monday);
    const [refused] = await rowsFor(first.visit.id);
    expect(refused).toMatchObject({ status: "FAILED", errorCode: 21614 });
    const [mark] = await db().db.select().from(smsNumbers).where(eq(smsNumbers.phone, first.phone));
    expect(mark.rejectedCode).toBe(21614);
    const requests = fake.requests;
    await rescheduleVisit(db().db, { appointmentId: first.visit.id, sequence: 0, startsAt: at("2027-01-25T16:00:00Z"), now: monday });
    await send(monday);
    expect(fake.requests).toBe(requests);

    fake.outage = true;
    try {
      const during = await book(slug, at("2027-01-26T15:00:00Z"));
      expect(during.visit.id).toBeGreaterThan(0);
      expect(await send(monday)).toBe(0);
      const [waiting] = await rowsFor(during.visit.id);
      expect(waiting).toMatchObject({ status: "PENDING", attempts: 1 });
      expect(waiting.sendAt > monday).toBe(true);
      fake.outage = false;
      await send(new Date(monday.getTime() + 5 * 60_000));
      expect(sentTo(during.phone)).toHaveLength(1);
    } finally {
      fake.outage = false;
    }
  });
});
