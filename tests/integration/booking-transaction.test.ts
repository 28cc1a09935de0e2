import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { appointments, emailOutbox, patients, providerTimeOff } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { describeEachEngine } from "../helpers/db";
import { createPatient, createStudioWithProviders, patientInput } from "../fixtures/factories";
import { tellVisitChanges } from "../helpers/visit-notices";

// Monday 2027-01-04 12:00 UTC; the visit is Wednesday 2027-01-06 10:00 EST (15:00 UTC).
const now = new Date("2027-01-04T12:00:00Z");
const at = new Date("2027-01-06T15:00:00Z");

describeEachEngine("booking transaction", ({ db }) => {
  it("books a cleaning: new patient of type NEW, CONFIRMED appointment with a long token, email queued with .ics", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const input = patientInput();
    const outcome = await bookAppointment(db().db, {
      studioSlug: slug, serviceCode: "CLNCHK", startsAt: at, patient: input, needsInsurance: false, details: {}, now,
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.appointment.token.length).toBeGreaterThanOrEqual(22); // ≥128 bits in base64url
    const [row] = await db().db.select().from(appointments).where(eq(appointments.token, outcome.appointment.token));
    expect(row.status).toBe("CONFIRMED");
    expect(row.endsAt.toISOString()).toBe("2027-01-06T16:00:00.000Z");
    // CLNCHK without FLAVOR and NETFLIX preferences needs insurance (spec §5).
    expect(row.needsInsurance).toBe(true);
    const [patient] = await db().db.select().from(patients).where(eq(patients.email, input.email));
    expect(patient.type).toBe("NEW");
    await tellVisitChanges(db().db);
    const mails = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, input.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].ics).toContain("DTSTART;TZID=America/New_York:20270106T100000");
  });

  it("keeps the language the visit was booked in on the visit and the patient (issue 21); English when none is given", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const input = patientInput();
    const base = { studioSlug: slug, serviceCode: "CLNCHK", needsInsurance: false, details: {}, now };
    const first = await bookAppointment(db().db, { ...base, startsAt: at, patient: input });
    expect(first.ok).toBe(true);
    const patientLocale = async () => (await db().db.select().from(patients).where(eq(patients.email, input.email)))[0].locale;
    expect(await patientLocale()).toBe("en-US");
    // Booking again in Spanish: the new visit and the (existing) patient speak Spanish from now on.
    const second = await bookAppointment(db().db, { ...base, startsAt: new Date(at.getTime() + 2 * 3600_000), patient: input, locale: "es-US" });
    expect(second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    const localeOf = async (token: string) => (await db().db.select().from(appointments).where(eq(appointments.token, token)))[0].locale;
    expect(await localeOf(first.appointment.token)).toBe("en-US");
    expect(await localeOf(second.appointment.token)).toBe("es-US");
    expect(await patientLocale()).toBe("es-US");
  });

  it("answers availability_conflict when the only provider is taken, conflict when the patient already has a visit then", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const first = patientInput();
    const base = { studioSlug: slug, serviceCode: "CLNCHK", startsAt: at, needsInsurance: false, details: {}, now };
    expect((await bookAppointment(db().db, { ...base, patient: first })).ok).toBe(true);
    expect(await bookAppointment(db().db, { ...base, patient: patientInput() })).toEqual({ ok: false, code: "availability_conflict" });
    const other = await createStudioWithProviders(db().db);
    expect(await bookAppointment(db().db, { ...base, studioSlug: other.slug, patient: first })).toEqual({ ok: false, code: "conflict" });
  });

  it("gives the second patient the second provider when two can do the service", async () => {
    const { slug, providerIds } = await createStudioWithProviders(db().db, { roles: ["hygienist", "hygienist"] });
    const base = { studioSlug: slug, serviceCode: "CLNCHK", startsAt: at, needsInsurance: false, details: {}, now };
    await bookAppointment(db().db, { ...base, patient: patientInput() });
    const second = await bookAppointment(db().db, { ...base, patient: patientInput() });
    expect(second.ok).toBe(true);
    const rows = await db().db.select().from(appointments).where(eq(appointments.studioSlug, slug));
    expect(rows.map((r) => r.providerId).sort()).toEqual([...providerIds].sort());
  });

  it("asks a patient with an active scaling-and-root-planing plan to call (has_srp_tx_plan)", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const patient = await createPatient(db().db, { hasSrpTxPlan: true });
    const outcome = await bookAppointment(db().db, {
      studioSlug: slug, serviceCode: "CLNCHK", startsAt: at, patient: { ...patientInput(patient.email) }, needsInsurance: false, details: {}, now,
    });
    expect(outcome).toEqual({ ok: false, code: "has_srp_tx_plan" });
  });

  it("a provider's time off makes the slot unavailable", async () => {
    const { slug, providerIds } = await createStudioWithProviders(db().db);
    await db().db.insert(providerTimeOff).values({ providerId: providerIds[0], startsAt: new Date("2027-01-06T14:00:00Z"), endsAt: new Date("2027-01-06T15:30:00Z") });
    const outcome = await bookAppointment(db().db, {
      studioSlug: slug, serviceCode: "CLNCHK", startsAt: at, patient: patientInput(), needsInsurance: false, details: {}, now,
    });
    expect(outcome).toEqual({ ok: false, code: "availability_conflict" });
  });

  it("refuses a time outside the hours or off the 15-minute grid", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const base = { studioSlug: slug, serviceCode: "CLNCHK", needsInsurance: false, details: {}, now, patient: patientInput() };
    expect(await bookAppointment(db().db, { ...base, startsAt: new Date("2027-01-06T03:00:00Z") })).toEqual({ ok: false, code: "availability_conflict" });
    expect(await bookAppointment(db().db, { ...base, startsAt: new Date("2027-01-06T15:07:00Z") })).toEqual({ ok: false, code: "availability_conflict" });
  });

  it("the database itself refuses overlapping appointments for one provider", async () => {
    const { slug, providerIds } = await createStudioWithProviders(db().db);
    const a = await createPatient(db().db);
    const b = await createPatient(db().db);
    const row = (patientId: number, token: string, start: string, end: string) => ({
      token, patientId, studioSlug: slug, providerId: providerIds[0], serviceType: "CLNCHK", startsAt: new Date(start), endsAt: new Date(end),
    });
    await db().db.insert(appointments).values(row(a.id, `tok-a-${slug}-xxxxxxxxxxxx`, "2027-02-01T15:00:00Z", "2027-02-01T16:00:00Z"));
    await expect(
      db().db.insert(appointments).values(row(b.id, `tok-b-${slug}-xxxxxxxxxxxx`, "2027-02-01T15:30:00Z", "2027-02-01T16:30:00Z")),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: "23P01" }) });
    // Back to back is fine (half-open ranges).
    await db().db.insert(appointments).values(row(b.id, `tok-c-${slug}-xxxxxxxxxxxx`, "2027-02-01T16:00:00Z", "2027-02-01T17:00:00Z"));
  });
});
