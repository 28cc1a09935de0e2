// The front desk books the caller (issue 38, decision 073) on PGlite and PostgreSQL, through the console's routes:
// the funnel's hold and booking transaction with the channel and the staff member recorded; a new caller only after
// the likely duplicates; an email-less desk record adopted by the same person booking online; squeeze-ins only by a
// manager with a reason (the front desk's crafted post refused); a desk and a patient racing for one time.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { appointments, auditLog, patients, persons, slotHolds, smsConsents, visitEvents } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { payloadOf } from "~/webhooks/deliveries.server";
import { action as callerAction, loader as callerLoader } from "~/routes/staff+/studios.$slug.book";
import { action as bookAction, loader as bookLoader } from "~/routes/staff+/studios.$slug.book_.$patientId";
import { loader as dayLoader } from "~/routes/staff+/studios.$slug.day.$date";
import { localDayKey } from "~/rules/zoned-time";
import { localTimeAhead } from "../fixtures/clock";
import { createStudioWithProviders } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { signedInStaff } from "../helpers/staff";

const ORIGIN = "http://localhost:3000";
const get = (cookie: string, query = "") => new Request(`${ORIGIN}/staff/x${query}`, { headers: { Cookie: cookie } });
const post = (cookie: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}/staff/x`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } });
/** A phone nobody else in the shared test database has. */
const uniquePhone = () => `617${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const caller = (over: Record<string, string> = {}) => ({ intent: "new", firstName: "Maria", lastName: `Garcia${randomBytes(2).toString("hex")}`, phone: uniquePhone(), dateOfBirth: "1984-03-09", email: "", ...over });

describeEachEngine("console booking", ({ db }) => {
  async function newPatient(cookie: string, slug: string, fields = caller()) {
    const made = await callRoute(callerAction, post(cookie, fields), { params: { slug } });
    expect(made.status).toBe(303);
    return Number(made.headers.get("Location")!.split("/").at(-1));
  }

  async function holdAndBook(cookie: string, slug: string, patientId: number, startsAt: Date, extra: Record<string, string> = {}) {
    const params = { slug, patientId: String(patientId) };
    const held = await callRoute(bookAction, post(cookie, { intent: "hold", slot: startsAt.toISOString(), service: "CLNCHK", provider: "any" }), { params });
    expect(held.status).toBe(303);
    const hold = new URL(held.headers.get("Location")!, ORIGIN).searchParams.get("hold");
    expect(hold).toMatch(/^[A-Za-z0-9_-]{32}$/);
    return callRoute(bookAction, post(cookie, { intent: "book", hold: hold!, service: "CLNCHK", provider: "any", insurance: "AETNA", memberId: "W123", ...extra }), { params });
  }

  it("a front desk books a new caller without email: phone channel, the staff member audited and on the day, the event and webhook say phone, texts consent with who", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const patientId = await newPatient(desk.cookie, slug);
    const startsAt = localTimeAhead(3, "10:00");
    const page = await callRoute(bookLoader, get(desk.cookie, `?service=CLNCHK&provider=any&day=${localDayKey(startsAt, "America/New_York")}`), { params: { slug, patientId: String(patientId) } });
    expect(JSON.stringify(await page.json())).toContain(startsAt.toISOString()); // the funnel's times
    const booked = await holdAndBook(desk.cookie, slug, patientId, startsAt, { sms: "yes" });
    expect(booked.status).toBe(303);
    const visitId = Number(booked.headers.get("Location")!.match(/visits\/(\d+)/)![1]);
    const [visit] = await db().db.select().from(appointments).where(eq(appointments.id, visitId));
    expect(visit).toMatchObject({ patientId, channel: "phone", bookedByStaffId: desk.id, squeezeReason: null, startsAt });
    expect(visit!.details).toMatchObject({ insurance: { kind: "carrier", carrier: "AETNA", memberId: "W123" } });
    expect(await db().db.select().from(slotHolds).where(eq(slotHolds.studioSlug, slug))).toHaveLength(0);
    const [line] = await db().db.select().from(auditLog).where(and(eq(auditLog.appointmentId, visitId), eq(auditLog.action, "visit.book")));
    expect(line).toMatchObject({ actor: "staff", staffEmail: desk.email });
    const [event] = await db().db.select().from(visitEvents).where(and(eq(visitEvents.visitId, visitId), eq(visitEvents.type, "visit.booked")));
    expect(event!.channel).toBe("phone");
    expect(payloadOf(event!, "America/New_York")!.data).toMatchObject({ channel: "phone" });
    const [consent] = await db().db.select().from(smsConsents).where(eq(smsConsents.patientId, patientId));
    expect(consent).toMatchObject({ givenVia: "desk", givenByStaffId: desk.id });
    const [patient] = await db().db.select().from(patients).where(eq(patients.id, patientId));
    expect(patient).toMatchObject({ email: "", personId: null });
    const day = await callRoute(dayLoader, get(desk.cookie), { params: { slug, date: localDayKey(startsAt, "America/New_York") } });
    expect(JSON.stringify(await day.json())).toContain(`Phone, ${desk.email}`);
  });

  it("two at once: a parent on the phone and their child right after, both booked in one transaction — or neither, when the time after is taken", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const tag = randomBytes(3).toString("hex");
    const [person] = await db().db.insert(persons).values({ email: `parent-${tag}@example.com`, name: "Ana Lopez", passwordHash: "x", emailVerifiedAt: new Date() }).returning();
    const [parent] = await db().db.insert(patients).values({ email: person.email, firstName: "Ana", lastName: "Lopez", phone: uniquePhone(), personId: person.id }).returning();
    const [child] = await db().db.insert(patients).values({ email: person.email, firstName: "Leo", lastName: "Lopez", dateOfBirth: "2016-04-02", familyOfPersonId: person.id, relationship: "child" }).returning();
    const startsAt = localTimeAhead(3, "10:00");
    const params = { slug, patientId: String(parent.id) };
    const hold = async (at: Date) => {
      const held = await callRoute(bookAction, post(desk.cookie, { intent: "hold", slot: at.toISOString(), service: "CLNCHK", provider: "any" }), { params });
      return new URL(held.headers.get("Location")!, ORIGIN).searchParams.get("hold")!;
    };
    // The held page offers the account's other people for the time right after.
    const first = await hold(startsAt);
    const page = await callRoute(bookLoader, get(desk.cookie, `?service=CLNCHK&provider=any&hold=${first}`), { params });
    expect((await page.json()).family).toEqual([{ value: String(child.id), label: "Leo Lopez" }]);
    const booked = await callRoute(bookAction, post(desk.cookie, { intent: "book", hold: first, service: "CLNCHK", provider: "any", insurance: "none", together: String(child.id) }), { params });
    expect(booked.status).toBe(303);
    const visits = await db().db.select().from(appointments).where(eq(appointments.studioSlug, slug)).orderBy(appointments.startsAt);
    expect(visits.map((v) => [v.patientId, v.startsAt.getTime(), v.channel, v.bookedByStaffId])).toEqual([
      [parent.id, startsAt.getTime(), "phone", desk.id],
      [child.id, startsAt.getTime() + 3_600_000, "phone", desk.id],
    ]);
    expect(visits[0]!.details).toMatchObject({ pairToken: visits[1]!.token });

    // The next day the time after is someone else's: nothing is booked, the parent's time is still held, the desk is told.
    const next = new Date(startsAt.getTime() + 24 * 3_600_000);
    expect((await bookAppointment(db().db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt: new Date(next.getTime() + 3_600_000), patient: { email: `other-${tag}@example.com`, firstName: "O", lastName: "P", phone: uniquePhone(), dateOfBirth: null, preferences: [] }, needsInsurance: false, details: {} })).ok).toBe(true);
    const second = await hold(next);
    const refused = await callRoute(bookAction, post(desk.cookie, { intent: "book", hold: second, service: "CLNCHK", provider: "any", insurance: "none", together: String(child.id) }), { params });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain("The time right after is not free for the family member");
    expect(await db().db.select().from(appointments).where(and(eq(appointments.studioSlug, slug), eq(appointments.patientId, parent.id)))).toHaveLength(1);
    expect(await db().db.select().from(slotHolds).where(eq(slotHolds.bookingId, second))).toHaveLength(1);
    // Someone not of the account is refused whatever the post says.
    const stranger = await newPatient(desk.cookie, slug);
    const crafted = await callRoute(bookAction, post(desk.cookie, { intent: "book", hold: second, service: "CLNCHK", provider: "any", insurance: "none", together: String(stranger) }), { params });
    expect(crafted.status).toBe(409);
  });

  it("a free time on the day view is a link into the desk's booking: the caller found or made, the time comes preselected on its day", async () => {
    const { slug, providerIds } = await createStudioWithProviders(db().db);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const startsAt = localTimeAhead(2, "13:00");
    const date = localDayKey(startsAt, "America/New_York");
    const day = (await (await callRoute(dayLoader, get(desk.cookie), { params: { slug, date } })).json()) as { free: { providerId: number; times: { label: string; href: string }[] }[] };
    const mine = day.free.find((f) => f.providerId === providerIds[0])!;
    const link = mine.times.find((t) => t.href.includes(encodeURIComponent(startsAt.toISOString())))!;
    expect(link.label).toMatch(/1:00/);
    const href = new URL(link.href, ORIGIN);
    expect(href.pathname).toBe(`/staff/studios/${slug}/book`);
    const step1 = (await (await callRoute(callerLoader, get(desk.cookie, href.search), { params: { slug } })).json()) as { carry: string };
    expect(new URLSearchParams(step1.carry).get("at")).toBe(startsAt.toISOString());
    const made = await callRoute(callerAction, post(desk.cookie, { ...caller(), carry: step1.carry }), { params: { slug } });
    expect(made.status).toBe(303);
    const next = new URL(made.headers.get("Location")!, ORIGIN);
    expect(next.searchParams.get("at")).toBe(startsAt.toISOString());
    const page = (await (await callRoute(bookLoader, get(desk.cookie, next.search), { params: { slug, patientId: next.pathname.split("/").at(-1)! } })).json()) as { preselected: string; picker: { days: { parts: { slots: { value: string }[] }[] }[] } };
    expect(page.preselected).toBe(startsAt.toISOString());
    expect(page.picker.days[0]!.parts.flatMap((p) => p.slots.map((s) => s.value))).toContain(startsAt.toISOString());
    // A past day offers none; a forged carry is dropped.
    const past = (await (await callRoute(dayLoader, get(desk.cookie), { params: { slug, date: "2020-01-06" } })).json()) as { free: unknown[] };
    expect(past.free).toEqual([]);
    const forged = (await (await callRoute(callerLoader, get(desk.cookie, "?at=tomorrow&service=<x>&provider=1"), { params: { slug } })).json()) as { carry: string };
    expect(forged.carry).toBe("provider=1");
  });

  it("the desk's search finds a caller by phone, a name's beginning either way round, \"first last\", an email's beginning or a date of birth", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const tag = randomBytes(3).toString("hex");
    const fields = caller({ firstName: `Zelda${tag}`, lastName: `Quorn${tag}`, email: `zq-${tag}@example.com`, dateOfBirth: "1961-07-14" });
    const id = await newPatient(desk.cookie, slug, fields);
    const search = async (q: string) => ((await (await callRoute(callerAction, post(desk.cookie, { intent: "search", q }), { params: { slug } })).json()) as { results: { id: number; phone: string }[] }).results;
    for (const q of [fields.phone, `quorn${tag}`.slice(0, 8), `QUORN${tag}`, `zelda${tag}`, `Zelda${tag} Quo`, `Quorn${tag} zel`, `zq-${tag}@`, "07/14/1961"]) {
      expect((await search(q)).map((r) => r.id), q).toContain(id);
    }
    expect((await search(`Zelda${tag} Nobody`)).map((r) => r.id)).not.toContain(id);
    expect((await search(fields.phone))[0]!.phone).toBe(`ends ${fields.phone.slice(-4)}`);
  });

  it("a closed account's record is found, shown \"Account closed\" and not bookable; the caller is booked as a new record (decision 080)", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const fields = caller();
    const oldId = await newPatient(desk.cookie, slug, fields);
    // As closing an account leaves its record (decision 078): no email, closed_at set.
    await db().db.update(patients).set({ email: "", closedAt: new Date() }).where(eq(patients.id, oldId));
    const found = (await (await callRoute(callerAction, post(desk.cookie, { intent: "search", q: fields.phone }), { params: { slug } })).json()) as { results: { id: number; closed: boolean; account: boolean }[] };
    expect(found.results.find((r) => r.id === oldId)).toMatchObject({ closed: true, account: false });
    // Booking it by its address is the console's 404.
    const params = { slug, patientId: String(oldId) };
    expect((await callRoute(bookLoader, get(desk.cookie), { params })).status).toBe(404);
    expect((await holdAndBook(desk.cookie, slug, oldId, localTimeAhead(9, "10:00"))).status).toBe(404);
    // The new caller: the closed record is shown among the likely duplicates, then a new record is made.
    const shown = await callRoute(callerAction, post(desk.cookie, caller({ phone: fields.phone })), { params: { slug } });
    expect((await shown.json()).duplicates.find((d: { id: number }) => d.id === oldId)).toMatchObject({ closed: true });
    const made = await callRoute(callerAction, post(desk.cookie, { ...fields, seen: "yes" }), { params: { slug } });
    expect(made.status).toBe(303);
    const newId = Number(made.headers.get("Location")!.split("/").at(-1));
    expect(newId).not.toBe(oldId);
  });

  it("the duplicate rule: same phone, or same name and date of birth, is shown before a new record; an email already a patient's is never a second", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const first = caller({ email: `maria-${randomBytes(3).toString("hex")}@example.com` });
    const firstId = await newPatient(desk.cookie, slug, first);
    for (const again of [caller({ phone: first.phone }), caller({ lastName: first.lastName.toUpperCase(), firstName: "maria" })]) {
      const shown = await callRoute(callerAction, post(desk.cookie, again), { params: { slug } });
      expect(shown.status).toBe(200);
      expect((await shown.json()).duplicates.map((d: { id: number }) => d.id)).toContain(firstId);
    }
    // Seen and chosen "someone else": made (two desk callers without email may coexist).
    const second = await callRoute(callerAction, post(desk.cookie, { ...caller({ phone: first.phone }), seen: "yes" }), { params: { slug } });
    expect(second.status).toBe(303);
    const taken = await callRoute(callerAction, post(desk.cookie, { ...caller({ email: first.email.toUpperCase() }), seen: "yes" }), { params: { slug } });
    expect(taken.status).toBe(409);
    expect(await db().db.select().from(patients).where(eq(patients.email, first.email))).toHaveLength(1);
    const bad = await callRoute(callerAction, post(desk.cookie, { intent: "new", firstName: "", phone: "12", dateOfBirth: "2999-01-01", email: "x" }), { params: { slug } });
    expect(bad.status).toBe(400);
  });

  it("a caller the desk made without email who books online with the same phone and name is the same patient, given the email", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const fields = caller();
    const patientId = await newPatient(desk.cookie, slug, fields);
    const email = `online-${randomBytes(3).toString("hex")}@example.com`;
    const online = await bookAppointment(db().db, {
      studioSlug: slug,
      serviceCode: "CLNCHK",
      startsAt: localTimeAhead(4, "11:00"),
      patient: { email, firstName: fields.firstName, lastName: fields.lastName, phone: fields.phone, dateOfBirth: fields.dateOfBirth, preferences: [] },
      needsInsurance: false,
      details: {},
    });
    expect(online.ok).toBe(true);
    const [visit] = await db().db.select().from(appointments).where(eq(appointments.id, online.ok ? online.appointment.id : -1));
    expect(visit!.patientId).toBe(patientId);
    expect(visit!.channel).toBe("online");
    const [patient] = await db().db.select().from(patients).where(eq(patients.id, patientId));
    expect(patient!.email).toBe(email);
  });

  it("squeeze-ins: the front desk's crafted post is refused; a manager sees the conflict, then books it with a reason, audited and marked on the day", async () => {
    const { slug, providerIds } = await createStudioWithProviders(db().db);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const manager = await signedInStaff(db().db, "manager", [slug]);
    const startsAt = localTimeAhead(5, "10:00");
    const first = await holdAndBook(desk.cookie, slug, await newPatient(desk.cookie, slug), startsAt);
    expect(first.status).toBe(303);
    const other = await newPatient(desk.cookie, slug);
    const day = localDayKey(startsAt, "America/New_York");
    const squeeze = { intent: "squeeze", service: "CLNCHK", providerId: String(providerIds[0]), day, time: "10:00", reason: "emergency", insurance: "none", confirm: "yes" };
    const refused = await callRoute(bookAction, post(desk.cookie, squeeze), { params: { slug, patientId: String(other) } });
    expect(refused.status).toBe(403);
    expect(await db().db.select().from(appointments).where(eq(appointments.patientId, other))).toHaveLength(0);
    // The taken time is not offered, and cannot be held, by the ordinary way.
    const hold = await callRoute(bookAction, post(desk.cookie, { intent: "hold", slot: startsAt.toISOString(), service: "CLNCHK", provider: "any" }), { params: { slug, patientId: String(other) } });
    expect(hold.headers.get("Location")).toContain("taken=1");
    const noReason = await callRoute(bookAction, post(manager.cookie, { ...squeeze, reason: "" }), { params: { slug, patientId: String(other) } });
    expect(noReason.status).toBe(400);
    const { confirm: _confirm, ...unconfirmed } = squeeze;
    const check = await callRoute(bookAction, post(manager.cookie, unconfirmed), { params: { slug, patientId: String(other) } });
    expect(check.status).toBe(200);
    expect((await check.json()).conflicts).toHaveLength(1);
    expect(await db().db.select().from(appointments).where(eq(appointments.patientId, other))).toHaveLength(0);
    const saved = await callRoute(bookAction, post(manager.cookie, squeeze), { params: { slug, patientId: String(other) } });
    expect(saved.status).toBe(303);
    const [visit] = await db().db.select().from(appointments).where(eq(appointments.patientId, other));
    expect(visit).toMatchObject({ squeezeReason: "Emergency", bookedByStaffId: manager.id, providerId: providerIds[0], startsAt });
    const [line] = await db().db.select().from(auditLog).where(and(eq(auditLog.appointmentId, visit!.id), eq(auditLog.action, "visit.squeeze_in")));
    expect(line).toMatchObject({ staffEmail: manager.email, note: "Emergency" });
    const dayPage = await callRoute(dayLoader, get(manager.cookie), { params: { slug, date: day } });
    expect(JSON.stringify(await dayPage.json())).toContain('"squeeze":"Emergency"');
    // The database still refuses an overlap nobody chose.
    const [row] = await db().db.select().from(appointments).where(eq(appointments.id, visit!.id));
    await expect(
      db().db.insert(appointments).values({ ...row!, id: undefined, token: randomBytes(24).toString("base64url"), patientId: (await newPatientRow()).id, squeezeReason: null, bookedByStaffId: null }),
    ).rejects.toThrow();
  });

  async function newPatientRow() {
    const [row] = await db().db.insert(patients).values({ email: `x-${randomBytes(4).toString("hex")}@example.com` }).returning();
    return row!;
  }

  it("a desk and a patient online race for one provider's time: one wins, the other is told it was just taken, nothing doubled", async () => {
    for (let round = 0; round < 3; round++) {
      const { slug } = await createStudioWithProviders(db().db);
      const desk = await signedInStaff(db().db, "front_desk", [slug]);
      const patientId = await newPatient(desk.cookie, slug);
      const startsAt = localTimeAhead(6, "14:00");
      const deskTry = callRoute(bookAction, post(desk.cookie, { intent: "hold", slot: startsAt.toISOString(), service: "CLNCHK", provider: "any" }), { params: { slug, patientId: String(patientId) } });
      const onlineTry = bookAppointment(db().db, {
        studioSlug: slug,
        serviceCode: "CLNCHK",
        startsAt,
        patient: { email: `race-${randomBytes(3).toString("hex")}@example.com`, firstName: "Online", lastName: "Racer", phone: uniquePhone(), dateOfBirth: null, preferences: [] },
        needsInsurance: false,
        details: {},
      });
      const [deskHeld, online] = await Promise.all([deskTry, onlineTry]);
      const deskWon = !deskHeld.headers.get("Location")!.includes("taken=1");
      expect(deskWon).toBe(!online.ok);
      if (deskWon) {
        const hold = new URL(deskHeld.headers.get("Location")!, ORIGIN).searchParams.get("hold")!;
        const booked = await callRoute(bookAction, post(desk.cookie, { intent: "book", hold, service: "CLNCHK", provider: "any", insurance: "none" }), { params: { slug, patientId: String(patientId) } });
        expect(booked.status).toBe(303);
      } else {
        expect(online.ok ? null : online.code).toBe(null);
      }
      expect(await db().db.select().from(appointments).where(eq(appointments.studioSlug, slug))).toHaveLength(1);
    }
  });
});
