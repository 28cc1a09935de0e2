/**
 * The family-number rule (issue 31 A, decision 036): a family member's visits text the account holder's number
 * (with the holder's consent) unless the member has a number of their own — then only that number, with the
 * member's own consent, never the holder's. On PGlite and PostgreSQL, sent through the real `twilio` SDK against
 * the local server speaking its API; the clock is driven.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { patients, persons, smsOutbox } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { withdrawConsent } from "~/sms/consent.server";
import { planReminders } from "~/sms/planner.server";
import { twilioProvider, type SmsProvider } from "~/sms/provider.server";
import { tick } from "~/sms/sender.server";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { startTwilioServer, type FakeTwilio } from "../helpers/twilio-server";
import { tellVisitChanges } from "../helpers/visit-notices";

const SITE = "https://dental.example.com";
const monday = new Date("2027-02-01T15:00:00Z"); // 10 AM New York
const HOLDER = "6175554100";
const OWN = "6175554101";
const OTHER_OWN = "6175554102";

describeEachEngine("texts for a family", ({ db }) => {
  let fake: FakeTwilio;
  let provider: SmsProvider;
  beforeAll(async () => {
    fake = await startTwilioServer();
    provider = await twilioProvider({ accountSid: fake.accountSid, authToken: fake.authToken, from: fake.from, apiUrl: fake.url });
  });
  afterAll(() => fake?.close());
  const send = (now: Date) => tick(db().db, now, provider, { siteOrigin: SITE });
  const sentTo = (phone: string) => fake.messages.filter((m) => m.to === `+1${phone}`);

  it("a member without a number of their own is texted at the holder's number; a member with one only at theirs, with their own consent", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const email = `holder-${randomBytes(4).toString("hex")}@example.com`;
    const [person] = await db().db.insert(persons).values({ email, name: "Dana Holder", passwordHash: "x", emailVerifiedAt: monday }).returning();
    const holderInput = { ...patientInput(email), phone: HOLDER };
    const member = async (firstName: string, phone: string) =>
      (await db().db.insert(patients).values({ email, firstName, lastName: "Holder", phone, familyOfPersonId: person!.id, relationship: "child" }).returning())[0]!;
    const book = async (hour: number, familyMemberId: number | null, typedPhone: string, smsConsent: boolean) => {
      const outcome = await bookAppointment(db().db, {
        studioSlug: slug,
        serviceCode: "CLNCHK",
        startsAt: new Date(`2027-02-10T${hour}:00:00Z`),
        patient: { ...holderInput, phone: typedPhone },
        needsInsurance: false,
        details: {},
        personId: person!.id,
        familyMemberId,
        smsConsent,
        now: monday,
      });
      if (!outcome.ok) throw new Error(outcome.code);
      return outcome.appointment;
    };

    // The holder books their own visit and ticks the box: consent for the holder's number.
    await book(13, null, HOLDER, true);
    const sam = await member("Sam", ""); // no number of their own
    const mia = await member("Mia", `(617) 555-${HOLDER.slice(6)}`); // the holder's number, written differently
    const ana = await member("Ana", OWN); // their own number, and they agree to texts
    const leo = await member("Leo", OTHER_OWN); // their own number, no consent
    const samVisit = await book(14, sam.id, HOLDER, true);
    await book(15, mia.id, HOLDER, false); // the holder's consent covers it: the box needs no second tick
    const anaVisit = await book(16, ana.id, OWN, true);
    const leoVisit = await book(17, leo.id, OTHER_OWN, false);
    // Leo's number was never agreed to: whatever was typed, the holder's consent does not reach it, nor is Leo
    // texted at the holder's number.
    await tellVisitChanges(db().db);
    expect(await db().db.select().from(smsOutbox).where(eq(smsOutbox.appointmentId, leoVisit.id))).toHaveLength(0);

    await send(monday);
    expect(sentTo(HOLDER)).toHaveLength(3); // the holder's own visit, Sam's, Mia's
    expect(sentTo(OWN)).toHaveLength(1); // Ana's, at Ana's number only
    expect(sentTo(OTHER_OWN)).toHaveLength(0);
    await tellVisitChanges(db().db);
    const [samText] = await db().db.select().from(smsOutbox).where(eq(smsOutbox.appointmentId, samVisit.id));
    expect(samText).toMatchObject({ to: `+1${HOLDER}`, status: "SENT" });
    await tellVisitChanges(db().db);
    const [anaText] = await db().db.select().from(smsOutbox).where(eq(smsOutbox.appointmentId, anaVisit.id));
    expect(anaText).toMatchObject({ to: `+1${OWN}`, status: "SENT" });

    // The holder withdraws (one click on /profile): Sam's and Mia's reminders no longer go; Ana's still do.
    const [holderRow] = await db().db.select().from(patients).where(eq(patients.email, email)).limit(1);
    await withdrawConsent(db().db, holderRow!.id, monday);
    const twoDaysBefore = new Date("2027-02-08T17:00:00Z"); // noon in New York, 2 days before each visit
    await planReminders(db().db, twoDaysBefore, SITE);
    await send(twoDaysBefore);
    expect(sentTo(HOLDER)).toHaveLength(3);
    expect(sentTo(OWN).map((m) => m.body)).toEqual([expect.stringContaining("is booked"), expect.stringContaining("reminder of your visit")]);
    expect(sentTo(OTHER_OWN)).toHaveLength(0);
  });
});
