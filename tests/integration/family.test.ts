/**
 * Family members (issue 20 A, decision 024) through the real loaders, actions and booking transaction, on PGlite
 * and PostgreSQL: a member added, edited and removed from /profile (bad input a 400 with the values kept); a visit
 * booked for them is theirs, emailed to the holder and managed from the holder's profile; another account gets
 * 404 for the member and their visit; two people booked together are both booked or neither; the email and the
 * guest rules about one patient per address still hold; the database refuses a family row that is also an
 * account's own.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { callRoute } from "../helpers/route-call";
import { tellVisitChanges } from "../helpers/visit-notices";

process.env.SESSION_SECRET ??= "family-test-secret-0123456789-abcdefghijklm";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "family-"));

const { describeEachEngine } = await import("../helpers/db");
const { createStudioWithProviders, patientInput } = await import("../fixtures/factories");
const { localTimeAhead } = await import("../fixtures/clock");
const { appointments, emailOutbox, intakeAudit, patients, persons } = await import("~/db/schema");
const { createAccount } = await import("~/auth/accounts.server");
const { resetRateLimiters } = await import("~/auth/rate-limit.server");
const { bookAppointment, bookTogether } = await import("~/scheduling/book.server");
const { cancelVisit } = await import("~/scheduling/visit-changes.server");
const { intakeAccess } = await import("~/intake/access.server");
const profile = await import("~/routes/profile+/_index");
const addPage = await import("~/routes/profile+/family.new");
const memberPage = await import("~/routes/profile+/family.$id");
const visitPage = await import("~/routes/profile+/appointments.$token");
const confirmed = await import("~/routes/booking+/confirmed.$token");
const guestCancel = await import("~/routes/booking+/confirmed.$token_.cancel");
const guestReschedule = await import("~/routes/booking+/confirmed.$token_.reschedule");
const areaCancel = await import("~/routes/profile+/appointments.$token_.cancel");
const { bookedHereCookie } = await import("~/auth/booked-here.server");

const ORIGIN = "http://localhost:3000";
let n = 0;
const unique = (what: string) => `${what}-${Date.now()}-${n++}@example.com`;
type Fn = (args: never) => unknown;
const call = (fn: unknown, request: Request, params: Record<string, string> = {}) => callRoute(fn, request, { params, context: { clientIp: "203.0.113.9" } });
const get = (pathname: string, cookie?: string) => new Request(`${ORIGIN}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (pathname: string, cookie: string | undefined, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${pathname}`, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) } });

const CHILD = { firstName: "Sam", lastName: "Rivera", dateOfBirthMonth: "3", dateOfBirthDay: "14", dateOfBirthYear: "2018", relationship: "child" };
// 10:00 New York time three weeks ahead of the real clock (the profile's loaders read it); "now" two days before.
const at = localTimeAhead(21, "10:00");
const now = new Date(at.getTime() - 2 * 86_400_000);

describeEachEngine("family members", ({ db }) => {
  beforeAll(() => resetRateLimiters());

  async function account(name = "Alex Rivera") {
    const email = unique("holder");
    const setCookie = await createAccount(new Request(ORIGIN), { email, name, password: "correct horse battery staple" });
    const [person] = await db().db.select().from(persons).where(eq(persons.email, email));
    return { email, person, cookie: setCookie.split(";")[0] };
  }
  async function addChild(cookie: string, fields: Record<string, string> = CHILD) {
    const res = await call(addPage.action as Fn, post("/profile/family/new", cookie, fields));
    return res;
  }
  const membersOf = (personId: number) => db().db.select().from(patients).where(eq(patients.familyOfPersonId, personId));
  const booking = (slug: string, holder: { email: string; person: { id: number } }, extra: Record<string, unknown> = {}) => ({
    studioSlug: slug,
    serviceCode: "CLNCHK",
    startsAt: at,
    patient: { ...patientInput(holder.email), firstName: "Sam" },
    needsInsurance: false,
    details: {},
    personId: holder.person.id,
    now,
    ...extra,
  });

  it("adds a member from /profile (a 400 with values kept for bad input), lists them under their name, edits them", async () => {
    const holder = await account();
    const bad = await addChild(holder.cookie, { ...CHILD, firstName: " ", dateOfBirthYear: "2999", relationship: "pet" });
    expect(bad.status).toBe(400);
    const refused = (await bad.json()) as { initialValue: Record<string, string>; error: Record<string, string[]> };
    expect(Object.keys(refused.error).sort()).toEqual(["dateOfBirth", "firstName", "relationship"]);
    expect(refused.error.dateOfBirth[0]).toMatch(/future/);
    expect(refused.initialValue).toMatchObject({ lastName: "Rivera", dateOfBirthYear: "2999", relationship: "pet" });
    // Garbage is a 400, never a 500.
    expect((await call(addPage.action as Fn, new Request(`${ORIGIN}/profile/family/new`, { method: "POST", body: "{]", headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: holder.cookie } }))).status).toBe(400);
    expect(await membersOf(holder.person.id)).toHaveLength(0);

    const ok = await addChild(holder.cookie);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/profile?family=added#family");
    const [child] = await membersOf(holder.person.id);
    // The holder's email (emails about the child reach the holder); never an account's own record.
    expect(child).toMatchObject({ email: holder.email, personId: null, firstName: "Sam", dateOfBirth: "2018-03-14", relationship: "child", removedAt: null });

    const page = (await (await call(profile.loader as Fn, get("/profile?family=added", holder.cookie))).json()) as { family: { name: string; summary: string; href: string }[]; familyNotice: string; upcoming: unknown[] };
    expect(page.family).toEqual([expect.objectContaining({ name: "Sam Rivera", href: `/profile/family/${child.id}` })]);
    expect(page.family[0].summary).toMatch(/My child · age \d+ · you are their guardian/);
    expect(page.familyNotice).toMatch(/added/);

    const edit = await call(memberPage.action as Fn, post(`/profile/family/${child.id}`, holder.cookie, { ...CHILD, intent: "edit", firstName: "Samantha" }), { id: String(child.id) });
    expect(edit.status).toBe(303);
    expect((await membersOf(holder.person.id))[0].firstName).toBe("Samantha");
    // From the booking, the add form returns to "who is this visit for?" with that person chosen; nowhere else.
    const fromBooking = await addChild(holder.cookie, { ...CHILD, firstName: "Jo", returnTo: "/booking/who" });
    expect(fromBooking.headers.get("Location")).toMatch(/^\/booking\/who\?added=\d+$/);
    const elsewhere = await addChild(holder.cookie, { ...CHILD, firstName: "Kim", returnTo: "https://evil.example/" });
    expect(elsewhere.headers.get("Location")).toBe("/profile?family=added#family");
  });

  it("a member's visit is theirs, emailed to the holder, managed from the holder's profile; another account gets 404", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const holder = await account();
    await addChild(holder.cookie);
    const [child] = await membersOf(holder.person.id);
    const outcome = await bookAppointment(db().db, booking(slug, holder, { familyMemberId: child.id }));
    if (!outcome.ok) throw new Error(outcome.code);
    const [visit] = await db().db.select().from(appointments).where(eq(appointments.token, outcome.appointment.token));
    expect(visit.patientId).toBe(child.id);
    await tellVisitChanges(db().db);
    const [mail] = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, holder.email));
    expect(mail.text).toMatch(/^Hi Sam,/);
    // The holder's own record is untouched: no record was made or claimed for the address.
    expect(await db().db.select().from(patients).where(and(eq(patients.email, holder.email), isNull(patients.familyOfPersonId)))).toHaveLength(0);

    const token = outcome.appointment.token;
    expect((await call(visitPage.loader as Fn, get(`/profile/appointments/${token}`, holder.cookie), { token })).status).toBe(200);
    const page = (await (await call(profile.loader as Fn, get("/profile", holder.cookie))).json()) as { family: { upcoming: { href: string }[] }[]; upcoming: unknown[] };
    expect(page.upcoming).toHaveLength(0); // not the holder's own visit…
    expect(page.family[0].upcoming.map((v) => v.href)).toEqual([`/profile/appointments/${token}`]); // …but under Sam's name

    // The holder fills the child's intake as the patient's own: the reads are audited "account".
    const access = await intakeAccess(get(`/intake?token=${token}`, holder.cookie));
    expect(access.via).toBe("account");

    const stranger = await account("Someone Else");
    expect((await call(visitPage.loader as Fn, get(`/profile/appointments/${token}`, stranger.cookie), { token })).status).toBe(404);
    expect((await call(memberPage.loader as Fn, get(`/profile/family/${child.id}`, stranger.cookie), { id: String(child.id) })).status).toBe(404);
    const tampered = await call(memberPage.action as Fn, post(`/profile/family/${child.id}`, stranger.cookie, { ...CHILD, intent: "edit", firstName: "Mallory" }), { id: String(child.id) });
    expect(tampered.status).toBe(404);
    expect((await call(memberPage.action as Fn, post(`/profile/family/${child.id}`, stranger.cookie, { intent: "remove" }), { id: String(child.id) })).status).toBe(404);
    expect((await membersOf(holder.person.id))[0]).toMatchObject({ firstName: "Sam", removedAt: null });
    // Nor can another account book for them.
    expect(await bookAppointment(db().db, booking(slug, stranger, { familyMemberId: child.id, startsAt: new Date(at.getTime() + 3 * 3_600_000) }))).toEqual({ ok: false, code: "invalid" });
    const strangerPage = (await (await call(profile.loader as Fn, get("/profile", stranger.cookie))).json()) as { family: unknown[] };
    expect(strangerPage.family).toEqual([]);

    // The member's page: their visits and health read (audited as the patient's own, via the account).
    const mine = await call(memberPage.loader as Fn, get(`/profile/family/${child.id}`, holder.cookie), { id: String(child.id) });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { upcoming: unknown[] }).upcoming).toHaveLength(1);
    expect(await db().db.select().from(intakeAudit).where(eq(intakeAudit.appointmentId, visit.id))).toEqual([]);
  });

  // Issue 33 C: one family member's visit, booked alone, said nowhere whose it was (two booked together did).
  it("one member's visit names them on the confirmed and manage pages, to the browser that booked it and the holder's account — never to the link alone", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const holder = await account();
    await addChild(holder.cookie);
    const [child] = await membersOf(holder.person.id);
    const outcome = await bookAppointment(db().db, booking(slug, holder, { familyMemberId: child.id, startsAt: new Date(at.getTime() + 24 * 3_600_000) }));
    if (!outcome.ok) throw new Error(outcome.code);
    const token = outcome.appointment.token;
    const bookedHere = bookedHereCookie(token).split(";")[0];
    const stranger = await account("Someone Else");
    const forName = async (route: { loader: unknown }, pathname: string, cookie?: string) => {
      const res = await call(route.loader, get(pathname, cookie), { token });
      expect(res.status, pathname).toBe(200);
      return ((await res.json()) as { facts: { forName: string | null } }).facts.forName;
    };
    const guestPages = [
      [confirmed, `/booking/confirmed/${token}`],
      [guestCancel, `/booking/confirmed/${token}/cancel`],
      [guestReschedule, `/booking/confirmed/${token}/reschedule`],
    ] as const;
    for (const [route, pathname] of guestPages) {
      expect(await forName(route, pathname, bookedHere)).toBe("Sam Rivera"); // the browser that booked (logged out since)
      expect(await forName(route, pathname, holder.cookie)).toBe("Sam Rivera"); // the account that holds Sam
      expect(await forName(route, pathname)).toBeNull(); // the link alone
      expect(await forName(route, pathname, stranger.cookie)).toBeNull(); // another account with the link
      // Another visit's cookie, or this one's expired, is not this browser's booking.
      expect(await forName(route, pathname, bookedHereCookie("another-visit-token-000000").split(";")[0])).toBeNull();
      expect(await forName(route, pathname, bookedHereCookie(token, Date.now() - 2 * 3_600_000).split(";")[0])).toBeNull();
    }
    expect(await forName(visitPage, `/profile/appointments/${token}`, holder.cookie)).toBe("Sam Rivera");
    expect(await forName(areaCancel, `/profile/appointments/${token}/cancel`, holder.cookie)).toBe("Sam Rivera");

    // The holder's own visit names nobody: it is the reader's.
    const own = await bookAppointment(db().db, { ...booking(slug, holder, { startsAt: new Date(at.getTime() + 26 * 3_600_000) }), patient: { ...patientInput(holder.email), firstName: "Alex" } });
    if (!own.ok) throw new Error(own.code);
    const ownToken = own.appointment.token;
    const ownPage = await call(confirmed.loader, get(`/booking/confirmed/${ownToken}`, `${holder.cookie}; ${bookedHereCookie(ownToken).split(";")[0]}`), { token: ownToken });
    expect(((await ownPage.json()) as { facts: { forName: string | null } }).facts.forName).toBeNull();
  });

  it("removing a member: refused while a visit is ahead; after the cancel, removed, their visits kept and marked", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const holder = await account();
    await addChild(holder.cookie);
    const [child] = await membersOf(holder.person.id);
    const outcome = await bookAppointment(db().db, booking(slug, holder, { familyMemberId: child.id }));
    if (!outcome.ok) throw new Error(outcome.code);
    const remove = () => call(memberPage.action as Fn, post(`/profile/family/${child.id}`, holder.cookie, { intent: "remove" }), { id: String(child.id) });
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: Record<string, string[]> }).error[""][0]).toMatch(/Sam has a visit ahead/);
    expect(await cancelVisit(db().db, { appointmentId: outcome.appointment.id, sequence: 0, shownFeeCents: null })).toMatchObject({ ok: true });
    const done = await remove();
    expect(done.status).toBe(303);
    expect((await membersOf(holder.person.id))[0].removedAt).not.toBeNull();
    const page = (await (await call(profile.loader as Fn, get("/profile", holder.cookie))).json()) as { family: { removed: boolean; past: { status: string }[] }[] };
    expect(page.family).toEqual([expect.objectContaining({ removed: true, past: [expect.objectContaining({ status: "Cancelled" })] })]);
    // No longer bookable, no longer a page of its own; the visit's page stays the holder's.
    expect(await bookAppointment(db().db, booking(slug, holder, { familyMemberId: child.id }))).toEqual({ ok: false, code: "invalid" });
    expect((await call(memberPage.loader as Fn, get(`/profile/family/${child.id}`, holder.cookie), { id: String(child.id) })).status).toBe(404);
    const token = outcome.appointment.token;
    expect((await call(visitPage.loader as Fn, get(`/profile/appointments/${token}`, holder.cookie), { token })).status).toBe(200);
  });

  it("two people booked together: both in one transaction with one email naming both, each with its calendar file — or neither", async () => {
    const { slug } = await createStudioWithProviders(db().db, { roles: ["hygienist", "hygienist"] });
    const holder = await account();
    await addChild(holder.cookie);
    await addChild(holder.cookie, { ...CHILD, firstName: "Jo", dateOfBirthYear: "2015" });
    const [sam, jo] = await membersOf(holder.person.id);
    const pair = await bookTogether(
      db().db,
      booking(slug, holder, { familyMemberId: sam.id }),
      booking(slug, holder, { familyMemberId: jo.id, patient: { ...patientInput(holder.email), firstName: "Jo" } }),
      ["Sam", "Jo"],
      "Alex",
    );
    if (!pair.ok) throw new Error(pair.code);
    const rows = await db().db.select().from(appointments).where(inArray(appointments.patientId, [sam.id, jo.id]));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.providerId)).size).toBe(2); // the same time, another provider
    await tellVisitChanges(db().db);
    const mails = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, holder.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/Sam and Jo/);
    expect(mails[0].text).toContain(pair.appointments[0].token);
    expect(mails[0].text).toContain(pair.appointments[1].token);
    // Each visit's own calendar file (one event each, moved or cancelled on its own later), linked from the email.
    for (const a of pair.appointments) expect(mails[0].text).toContain(`/booking/confirmed/${a.token}/calendar.ics`);
    expect(mails[0].ics).toBeNull();

    // The confirmed page shows both to the holder, neither name to a browser holding only the link.
    const token = pair.appointments[0].token;
    const mine = (await (await call(confirmed.loader as Fn, get(`/booking/confirmed/${token}`, holder.cookie), { token })).json()) as { together: { name: string }[] | null };
    expect(mine.together?.map((v) => v.name)).toEqual(["Sam Rivera", "Jo Rivera"]);
    const guest = (await (await call(confirmed.loader as Fn, get(`/booking/confirmed/${token}`), { token })).json()) as { together: unknown };
    expect(guest.together).toBeNull();

    // Both or neither: the second time is taken (no provider left at that time) → the first is not booked either.
    const later = new Date(at.getTime() + 2 * 3_600_000);
    const third = await account();
    await addChild(third.cookie);
    await addChild(third.cookie, { ...CHILD, firstName: "Lee" });
    const [a, b] = await membersOf(third.person.id);
    const filler = await bookAppointment(db().db, { ...booking(slug, third, { startsAt: later, personId: null }), patient: patientInput() });
    const filler2 = await bookAppointment(db().db, { ...booking(slug, third, { startsAt: later, personId: null }), patient: patientInput() });
    expect(filler.ok && filler2.ok).toBe(true);
    await tellVisitChanges(db().db);
    const before = (await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, third.email))).length;
    const refused = await bookTogether(db().db, booking(slug, third, { familyMemberId: a.id, startsAt: new Date(later.getTime() - 3_600_000) }), booking(slug, third, { familyMemberId: b.id, startsAt: later }), ["Sam", "Lee"], "Alex");
    expect(refused).toEqual({ ok: false, code: "availability_conflict" });
    expect(await db().db.select().from(appointments).where(inArray(appointments.patientId, [a.id, b.id]))).toHaveLength(0);
    await tellVisitChanges(db().db);
    expect((await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, third.email))).length).toBe(before);
  });

  it("one patient per email still holds for guests and accounts; family rows are never claimed; the database refuses a family row that is an account's own", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const holder = await account();
    await addChild(holder.cookie);
    // The holder books for themselves: their own record is made for the address, beside the child's row.
    const own = await bookAppointment(db().db, booking(slug, holder, { patient: patientInput(holder.email), startsAt: new Date(at.getTime() + 4 * 3_600_000) }));
    expect(own.ok).toBe(true);
    const rows = await db().db.select().from(patients).where(eq(patients.email, holder.email));
    expect(rows.map((r) => [r.personId, r.familyOfPersonId]).sort()).toEqual([[holder.person.id, null], [null, holder.person.id]].sort());
    // A guest booking with that address finds the holder's own record, never the child's.
    const guest = await bookAppointment(db().db, { ...booking(slug, holder, { personId: null, startsAt: new Date(at.getTime() + 6 * 3_600_000) }), patient: patientInput(holder.email) });
    if (!guest.ok) throw new Error(guest.code);
    const [guestVisit] = await db().db.select().from(appointments).where(eq(appointments.token, guest.appointment.token));
    expect(rows.find((r) => r.id === guestVisit.patientId)?.familyOfPersonId).toBeNull();
    // A new account on an address a family row carries never claims that row (it stays its holder's).
    const address = unique("old-address");
    const [orphan] = await db().db.insert(patients).values({ email: address, firstName: "Sam", familyOfPersonId: holder.person.id, relationship: "child" }).returning();
    await createAccount(new Request(ORIGIN), { email: address, name: "New Owner", password: "correct horse battery staple" });
    expect((await db().db.select().from(patients).where(eq(patients.id, orphan.id)))[0]).toMatchObject({ personId: null, familyOfPersonId: holder.person.id });
    // Two own records for one address: refused by the partial unique index.
    await expect(db().db.insert(patients).values({ email: holder.email, firstName: "Dup" })).rejects.toMatchObject({ cause: expect.objectContaining({ code: "23505" }) });
    // A family row that is also an account's own record, or without a relationship: refused by the check.
    await expect(db().db.insert(patients).values({ email: holder.email, familyOfPersonId: holder.person.id, personId: holder.person.id, relationship: "child" })).rejects.toMatchObject({ cause: expect.objectContaining({ code: "23514" }) });
    await expect(db().db.insert(patients).values({ email: holder.email, familyOfPersonId: holder.person.id })).rejects.toMatchObject({ cause: expect.objectContaining({ code: "23514" }) });
  });

  it("'book another family member at the same time' offers the same time while the first visit's own hold keeps its provider (two hygienists)", async () => {
    const { bookingCookie } = await import("~/booking/step.server");
    const { completeState } = await import("../fixtures/booking-states");
    const another = await import("~/routes/booking+/another");
    const { newBookingId, placeHold } = await import("~/scheduling/holds.server");
    const { findSlots } = await import("~/scheduling/slots.server");
    const { getBookableStudio, getService } = await import("~/scheduling/catalogue.server");
    const { slug } = await createStudioWithProviders(db().db, { roles: ["hygienist", "hygienist"] });
    const holder = await account();
    await addChild(holder.cookie);
    await addChild(holder.cookie, { ...CHILD, firstName: "Jo", dateOfBirthYear: "2015" });
    const [sam] = await membersOf(holder.person.id);
    // The page reads the real clock: a time three days ahead that both hygienists have free.
    const clock = new Date();
    const [studio, service] = await Promise.all([getBookableStudio(db().db, slug), getService(db().db, "CLNCHK")]);
    const from = new Date(clock.getTime() + 3 * 86_400_000);
    const free = (await findSlots(db().db, studio!, service!, { from, to: new Date(from.getTime() + 7 * 86_400_000), now: clock }, { fresh: true })).find((s) => s.providerIds.length === 2)!;
    // Sam's booking chose it on the times page: held for that booking, on one of the two.
    const bookingId = newBookingId();
    expect(await placeHold(db().db, { bookingId, studioSlug: slug, serviceCode: "CLNCHK", startsAt: free.startsAt, now: clock, minutes: 10 })).toMatchObject({ ok: true });
    const endsAt = new Date(free.startsAt.getTime() + service!.durationMinutes * 60_000);
    const done = completeState("cleaning", { slot: { startsAt: free.startsAt.toISOString(), endsAt: endsAt.toISOString() } });
    const state = { ...done, completed: [...done.completed, "who" as const], studio: slug, bookingId, patientFor: sam.id };
    const cookies = `${holder.cookie}; ${(await bookingCookie().serialize(state)).split(";")[0]}`;
    const res = await call(another.loader as Fn, get("/booking/another", cookies));
    expect(res.headers.get("location")).toBe(null);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { offers: { value: string; label: string }[] };
    expect(page.offers.map((o) => o.value)).toContain(free.startsAt.toISOString());
    expect(page.offers[0].label).toMatch(/same time/i);
  });

  it("garbage posted to 'who is this visit for?' and 'book another at the same time': a 400 with a message or a way back, never a 500", async () => {
    const { bookingCookie } = await import("~/booking/step.server");
    const { completeState } = await import("../fixtures/booking-states");
    const who = await import("~/routes/booking+/who");
    const another = await import("~/routes/booking+/another");
    const holder = await account();
    await addChild(holder.cookie);
    const [child] = await membersOf(holder.person.id);
    // A booking up to the details step of an account with family (the steps before "who" done).
    const state = { ...completeState("cleaning"), completed: completeState("cleaning").completed.filter((s) => !["email", "contact-info", "insurance", "insurance-status", "payment-info"].includes(s)) };
    delete (state as { email?: string }).email;
    const cookies = `${holder.cookie}; ${(await bookingCookie().serialize(state)).split(";")[0]}`;
    const payloads: Record<string, string>[] = [
      {},
      { patientFor: "x".repeat(10_240) },
      { patientFor: "-1" },
      { patientFor: "2147483648" },
      { patientFor: String(child.id + 1000) },
      { patientFor: "../../etc/passwd", startsAt: "2027-13-45T99:99:00Z", intent: "\u0000" },
    ];
    for (const [name, route, path] of [["who", who, "/booking/who"], ["another", another, "/booking/another"]] as const) {
      for (const fields of payloads) {
        const res = await call(route.action as Fn, post(path, cookies, fields));
        expect(res.status, `${name} ${JSON.stringify(fields).slice(0, 60)}`).toBeLessThan(500);
        if (name === "who") expect(res.status, `who ${JSON.stringify(fields).slice(0, 60)}`).toBe(400);
      }
    }
    // The real choice still goes through.
    const chosen = await call(who.action as Fn, post("/booking/who", cookies, { patientFor: String(child.id) }));
    expect([302, 303]).toContain(chosen.status);
  });
});
