/**
 * The waitlist (issue 19 B, decision 022), on PGlite and on PostgreSQL: a cancel's freed time is offered to the oldest
 * matching entries a batch at a time, each offer once whatever the number of senders (two database handles = two
 * processes on PostgreSQL); the first claim wins, a later one is told and stays on the list; booking that service at
 * that studio leaves the list; the join form refuses hostile values with a 400. The clock is driven, never waited for.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type Database, type Db } from "~/db/client.server";
import { appointments, emailOutbox, visitEvents, waitlistEntries, waitlistOffers, waitlistOpenings, waitlistSignals } from "~/db/schema";
import { bookingCookie } from "~/booking/step.server";
import { bookAppointment } from "~/scheduling/book.server";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { cancelVisit } from "~/scheduling/visit-changes.server";
import { claimOffer } from "~/waitlist/claim.server";
import { newBookingId } from "~/scheduling/holds.server";
import { joinWaitlist, leaveWaitlist, entryByLinkToken } from "~/waitlist/entries.server";
import { expireEntries, sendWaitlistOffers } from "~/waitlist/sender.server";
import { action as joinAction } from "~/routes/booking+/waitlist";
import { loader as offerLoader } from "~/routes/waitlist+/offer.$token";
import { loader as leaveLoader } from "~/routes/waitlist+/leave.$token";
import { createAccount } from "~/auth/accounts.server";
import { loader as profileLoader } from "~/routes/profile+/_index";
import { action as profileLeave } from "~/routes/profile+/waitlist";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";

// Monday 2027-01-04 12:00 UTC; the test studio is open 08:00–18:00 New York time (13:00–23:00 UTC in January).
const now = new Date("2027-01-04T12:00:00Z");
const friday10am = new Date("2027-01-08T15:00:00Z"); // a morning in New York
const SITE = "https://dental.example.com";
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

async function place(db: Db, slug: string) {
  const studio = (await getBookableStudio(db, slug, { fresh: true }))!;
  const service = (await getService(db, "CLNCHK", { fresh: true }))!;
  return { studio, service };
}

async function join(db: Db, slug: string, email: string, wish: { firstDay?: string; lastDay?: string; parts?: ("morning" | "afternoon" | "evening")[]; at: Date }) {
  return joinWaitlist(db, {
    email,
    personId: null,
    ...(await place(db, slug)),
    firstDay: wish.firstDay ?? "2027-01-05",
    lastDay: wish.lastDay ?? "2027-01-12",
    parts: wish.parts ?? ["morning"],
    sendEmail: true,
    now: wish.at,
  });
}

async function bookAt(db: Db, slug: string, startsAt: Date, email = patientInput().email, holdId?: string) {
  const outcome = await bookAppointment(db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt, patient: patientInput(email), needsInsurance: false, details: {}, now: minutes(14), holdId });
  if (!outcome.ok) throw new Error(`booking failed: ${outcome.code}`);
  return outcome.appointment;
}

const offersTo = async (db: Db, email: string) =>
  (await db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).filter((m) => m.subject.includes("a time for your"));
const claimToken = (text: string) => /\/waitlist\/offer\/([A-Za-z0-9_-]{32})/.exec(text)![1];

describeEachEngine("waitlist", ({ db, engine }) => {
  // The second "process": another connection pool on PostgreSQL; on PGlite (one process by design) the same handle.
  let other: Database | null = null;
  const second = () => (other ?? db()).db;
  beforeAll(async () => {
    const url = (db() as Database & { url?: string }).url;
    if (engine === "postgres" && url) other = await openDatabase({ databaseUrl: url, migrate: false });
  });
  afterAll(async () => {
    await other?.close();
  });

  it("a cancel's freed time goes to the oldest matching entries, three at a time, each offer once across two senders", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await bookAt(db().db, slug, friday10am);
    const emails = Array.from({ length: 5 }, (_, i) => `wait-${i}-${slug}@example.com`);
    for (const [i, email] of emails.entries()) await join(db().db, slug, email, { at: minutes(i) });
    await join(db().db, slug, `afternoons-${slug}@example.com`, { parts: ["afternoon", "evening"], at: minutes(-10) });
    await join(db().db, slug, `later-${slug}@example.com`, { firstDay: "2027-01-09", lastDay: "2027-01-20", at: minutes(-10) });
    await join(db().db, slug, `gone-${slug}@example.com`, { at: minutes(-20) });
    const [gone] = await db().db.select().from(waitlistEntries).where(eq(waitlistEntries.email, `gone-${slug}@example.com`));
    await leaveWaitlist(db().db, gone.id, { now: minutes(-19) });

    // Nothing freed yet: nothing offered.
    expect(await sendWaitlistOffers(db().db, { now: minutes(6), siteOrigin: SITE })).toBe(0);

    expect(await cancelVisit(db().db, { appointmentId: visit.id, sequence: 0, shownFeeCents: null, now: minutes(10) })).toMatchObject({ ok: true });
    // Two processes run the sender at the same moment: the rows decide who sends.
    const sent = await Promise.all([sendWaitlistOffers(db().db, { now: minutes(11), siteOrigin: SITE }), sendWaitlistOffers(second(), { now: minutes(11), siteOrigin: SITE })]);
    expect(sent[0] + sent[1]).toBe(3);
    for (const email of emails.slice(0, 3)) expect(await offersTo(db().db, email)).toHaveLength(1);
    for (const email of [...emails.slice(3), `afternoons-${slug}@example.com`, `later-${slug}@example.com`, `gone-${slug}@example.com`]) expect(await offersTo(db().db, email)).toHaveLength(0);
    const [offer] = await offersTo(db().db, emails[0]);
    expect(offer.text).toContain("Friday, January 8, 2027 at 10:00 AM EST");
    expect(offer.text).toMatch(/Leave the waitlist: https:\/\/dental\.example\.com\/waitlist\/leave\/[A-Za-z0-9_-]{32}/);
    // The token is only stored hashed.
    const token = claimToken(offer.text);
    expect(JSON.stringify(await db().db.select().from(waitlistOffers))).not.toContain(token);

    // Before the wait is over: nobody else. After it: the next two, then nobody left, and the opening closes.
    expect(await Promise.all([sendWaitlistOffers(db().db, { now: minutes(20), siteOrigin: SITE }), sendWaitlistOffers(second(), { now: minutes(20), siteOrigin: SITE })])).toEqual([0, 0]);
    const next = await Promise.all([sendWaitlistOffers(db().db, { now: minutes(27), siteOrigin: SITE }), sendWaitlistOffers(second(), { now: minutes(27), siteOrigin: SITE })]);
    expect(next[0] + next[1]).toBe(2);
    for (const email of emails) expect(await offersTo(db().db, email)).toHaveLength(1);
    expect(await sendWaitlistOffers(db().db, { now: minutes(43), siteOrigin: SITE })).toBe(0);
    const [opening] = await db().db.select().from(waitlistOpenings).where(eq(waitlistOpenings.studioSlug, slug));
    expect(opening).toMatchObject({ closedReason: "nobody", batches: 2 });
    expect(await db().db.select().from(waitlistSignals).where(eq(waitlistSignals.studioSlug, slug))).toHaveLength(0);
  });

  it("the first claim gets the time, at once from two processes too; a later claimer is told it is taken and stays on the list; booking it leaves the list", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await bookAt(db().db, slug, friday10am);
    const [a, b, c] = ["a", "b", "c"].map((x) => `claim-${x}-${slug}@example.com`);
    for (const [i, email] of [a, b, c].entries()) await join(db().db, slug, email, { at: minutes(i) });
    await cancelVisit(db().db, { appointmentId: visit.id, sequence: 0, shownFeeCents: null, now: minutes(10) });
    expect(await sendWaitlistOffers(db().db, { now: minutes(11), siteOrigin: SITE })).toBe(3);
    const [ta, tb, tc] = await Promise.all([a, b, c].map(async (e) => claimToken((await offersTo(db().db, e))[0].text)));

    const [first, secondClaim] = await Promise.all([
      claimOffer(db().db, ta, { now: minutes(12), bookingId: newBookingId() }),
      claimOffer(second(), tb, { now: minutes(12), bookingId: newBookingId() }),
    ]);
    const outcomes = [first, secondClaim];
    expect(outcomes.filter((o) => o?.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => o && !o.ok && o.code === "taken")).toHaveLength(1);
    const winner = first?.ok ? a : b;
    const loser = first?.ok ? b : a;
    expect(await claimOffer(db().db, tc, { now: minutes(13), bookingId: newBookingId() })).toEqual({ ok: false, code: "taken" });
    // The winner pressing again (another tab) still has it.
    expect(await claimOffer(db().db, first?.ok ? ta : tb, { now: minutes(13), bookingId: newBookingId() })).toMatchObject({ ok: true, claimed: { startsAt: friday10am, email: winner } });
    // The later claimers' page says it is taken; they stay on the list.
    const page = await callRoute(offerLoader, new Request(`${SITE}/waitlist/offer/${tc}`), { params: { token: tc } });
    expect(((await page.json()) as { state: string }).state).toBe("taken");
    const live = await db().db.select().from(waitlistEntries).where(and(eq(waitlistEntries.studioSlug, slug), isNull(waitlistEntries.leftAt)));
    expect(live.map((e) => e.email).sort()).toEqual([a, b, c].sort());

    // Held for the winner (SLOT_HOLD_MINUTES): nobody else can book it meanwhile; the winner can.
    const won = (first?.ok ? first : secondClaim)!;
    expect(won.ok && won.claimed.hold?.expiresAt).toEqual(minutes(22));
    await expect(bookAt(db().db, slug, friday10am)).rejects.toThrow("availability_conflict");
    const claimedVisit = await bookAt(db().db, slug, friday10am, winner, won.ok ? won.claimed.hold!.bookingId : undefined);
    // Booked on the claim's hold: the waitlist's channel, on the visit and in its event (the webhook's body); the first
    // visit, booked without a claim, was online (issue 38 E).
    const channels = await db().db.select({ id: appointments.id, token: appointments.token, channel: appointments.channel }).from(appointments).where(eq(appointments.studioSlug, slug));
    expect(Object.fromEntries(channels.map((c) => [c.token, c.channel]))).toEqual({ [visit.token]: "online", [claimedVisit.token]: "waitlist" });
    const claimedId = channels.find((c) => c.token === claimedVisit.token)!.id;
    const [booked] = await db().db.select({ channel: visitEvents.channel }).from(visitEvents).where(and(eq(visitEvents.type, "visit.booked"), eq(visitEvents.visitId, claimedId)));
    expect(booked?.channel).toBe("waitlist");
    // The waitlist hears the booking in the visit record (its next run; in a server, woken at once by the commit).
    await sendWaitlistOffers(db().db, { now: minutes(14), siteOrigin: SITE });
    const rows = await db().db.select().from(waitlistEntries).where(eq(waitlistEntries.studioSlug, slug));
    expect(rows.find((r) => r.email === winner)).toMatchObject({ leftReason: "booked" });
    expect(rows.find((r) => r.email === loser)).toMatchObject({ leftAt: null });
  });

  it("a claimed time that is not booked before the hold lapses is offered to the next in line", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await bookAt(db().db, slug, friday10am);
    const emails = Array.from({ length: 4 }, (_, i) => `lapse-${i}-${slug}@example.com`);
    for (const [i, email] of emails.entries()) await join(db().db, slug, email, { at: minutes(i) });
    await cancelVisit(db().db, { appointmentId: visit.id, sequence: 0, shownFeeCents: null, now: minutes(10) });
    await sendWaitlistOffers(db().db, { now: minutes(11), siteOrigin: SITE });
    const token = claimToken((await offersTo(db().db, emails[0]))[0].text);
    expect(await claimOffer(db().db, token, { now: minutes(12), bookingId: newBookingId() })).toMatchObject({ ok: true });
    expect(await sendWaitlistOffers(db().db, { now: minutes(20), siteOrigin: SITE })).toBe(0);
    // Hold over (10 minutes + 1), not booked: offered again, the one who never got it first.
    expect(await sendWaitlistOffers(db().db, { now: minutes(24), siteOrigin: SITE })).toBeGreaterThan(0);
    expect(await offersTo(db().db, emails[3])).toHaveLength(1);
  });

  it("joining again keeps one entry and its place; a leave link works by the entry's or an offer's token; entries end after their last day", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const email = `again-${slug}@example.com`;
    const first = await join(db().db, slug, email, { at: minutes(0) });
    const again = await join(db().db, slug, email, { parts: ["evening"], at: minutes(5) });
    expect(again.entryId).toBe(first.entryId);
    const [row] = await db().db.select().from(waitlistEntries).where(eq(waitlistEntries.id, first.entryId));
    expect(row).toMatchObject({ parts: ["evening"], createdAt: minutes(0) });
    const joined = (await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).at(-1)!;
    expect(joined.subject).toContain("you are on the waitlist");
    const leave = /\/waitlist\/leave\/([A-Za-z0-9_-]{32})/.exec(joined.text)![1];
    expect(await entryByLinkToken(db().db, leave)).toMatchObject({ id: first.entryId, left: false });
    // The first email's token was replaced by the second's: only the newest works.
    const old = /\/waitlist\/leave\/([A-Za-z0-9_-]{32})/.exec((await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, email)))[0].text)![1];
    expect(await entryByLinkToken(db().db, old)).toBeNull();
    for (const bad of ["x", "A".repeat(32), "../../etc/passwd"]) {
      expect((await callRoute(leaveLoader, new Request(`${SITE}/waitlist/leave/x`), { params: { token: bad } })).status).toBe(404);
      expect((await callRoute(offerLoader, new Request(`${SITE}/waitlist/offer/x`), { params: { token: bad } })).status).toBe(404);
    }

    const expiring = await join(db().db, slug, `expiring-${slug}@example.com`, { firstDay: "2027-01-05", lastDay: "2027-01-05", at: minutes(0) });
    expect(await expireEntries(db().db, new Date("2027-01-06T12:00:00Z"))).toBe(0); // still the 5th somewhere west
    expect(await expireEntries(db().db, new Date("2027-01-07T12:00:00Z"))).toBeGreaterThanOrEqual(1);
    const [ended] = await db().db.select().from(waitlistEntries).where(eq(waitlistEntries.id, expiring.entryId));
    expect(ended.leftReason).toBe("expired");
  });

  it("the join form: hostile or missing values are a 400 with a message per field and the values kept; a good post joins", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const cookie = (await bookingCookie().serialize({ completed: [], market: "boston", studio: slug, serviceType: "CLNCHK" })).split(";")[0];
    const post = (body: [string, string][]) =>
      callRoute(joinAction, new Request(`${SITE}/booking/waitlist`, { method: "POST", body: new URLSearchParams(body), headers: { Cookie: cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" } }));
    const today = new Date().toISOString().slice(0, 10);
    const cases: [string, [string, string][], string[]][] = [
      ["nothing", [], ["firstDay", "lastDay", "parts", "email"]],
      ["garbage", [["firstDay", "2027-02-30"], ["lastDay", "<script>"], ["parts", "night"], ["email", "not an email"]], ["firstDay", "lastDay", "parts", "email"]],
      ["past and backwards", [["firstDay", "2020-01-01"], ["lastDay", "2019-12-31"], ["parts", "morning"], ["email", "a@example.com"]], ["firstDay", "lastDay"]],
      ["too far", [["firstDay", today], ["lastDay", "2999-01-01"], ["parts", "morning"], ["email", "a@example.com"]], ["lastDay"]],
      ["impossible dates", [["firstDay", "9999-99-99"], ["lastDay", "0000-00-00"], ["parts", "morning"], ["email", "a@example.com"]], ["firstDay", "lastDay"]],
      ["huge", [["firstDay", "9".repeat(5000)], ["lastDay", today], ["parts", "x".repeat(5000)], ["email", `${"a".repeat(300)}@example.com`]], ["firstDay", "parts", "email"]],
    ];
    for (const [what, body, fields] of cases) {
      const res = await post(body);
      expect(res.status, what).toBe(400);
      const answer = (await res.json()) as { error: Record<string, string[]>; initialValue: Record<string, unknown> };
      expect(Object.keys(answer.error).sort(), what).toEqual(fields.sort());
      for (const [name, value] of body) if (name !== "parts") expect(String(answer.initialValue[name]), what).toBe(value.slice(0, 300));
    }
    const email = `form-${slug}@example.com`;
    const ok = await post([["firstDay", today], ["lastDay", today], ["parts", "evening"], ["parts", "morning"], ["parts", "morning"], ["email", ` ${email.toUpperCase()} `]]);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(`/booking/waitlist/joined?from=${today}&to=${today}&parts=morning+evening`);
    const [entry] = await db().db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
    expect(entry).toMatchObject({ studioSlug: slug, serviceCode: "CLNCHK", parts: ["morning", "evening"] });
    // Cross-site: refused before anything is read.
    const cross = await callRoute(joinAction, new Request(`${SITE}/booking/waitlist`, { method: "POST", body: new URLSearchParams([["firstDay", today]]), headers: { Cookie: cookie, Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" } }));
    expect(cross.status).toBe(403);
  });
  it("/profile lists the account's entries (joined as a guest under its email too), each leavable by the account only; anything else is a 400", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const email = `account-${slug}@example.com`;
    const cookie = (await createAccount(new Request(SITE), { email, name: "Robin Patel", password: "correct horse battery staple" })).split(";")[0];
    const mine = await join(db().db, slug, email, { firstDay: "2027-01-05", lastDay: "2099-01-12", parts: ["evening"], at: minutes(0) });
    const theirs = await join(db().db, slug, `stranger-${slug}@example.com`, { lastDay: "2099-01-12", at: minutes(0) });
    const page = await callRoute(profileLoader, new Request(`${SITE}/profile`, { headers: { Cookie: cookie } }));
    const data = (await page.json()) as { waitlist: { entries: { id: number; parts: string; studioName: string }[] } };
    expect(data.waitlist.entries.map((e) => e.id)).toEqual([mine.entryId]);
    expect(data.waitlist.entries[0]).toMatchObject({ parts: "evenings", studioName: `Test ${slug}` });
    const leave = (entry: string, origin = SITE) =>
      callRoute(profileLeave, new Request(`${SITE}/profile/waitlist`, { method: "POST", body: new URLSearchParams({ entry }), headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" } }));
    for (const bad of [String(theirs.entryId), "abc", "-1", "1e99", "", "99999999999"]) expect((await leave(bad)).status, bad).toBe(400);
    expect((await leave(String(mine.entryId), "https://evil.example")).status).toBe(403);
    const left = await leave(String(mine.entryId));
    expect(left.status).toBe(303);
    expect(left.headers.get("Location")).toBe("/profile?waitlist=left#waitlist");
    const rows = await db().db.select().from(waitlistEntries).where(eq(waitlistEntries.studioSlug, slug));
    expect(rows.find((r) => r.id === mine.entryId)).toMatchObject({ leftReason: "left" });
    expect(rows.find((r) => r.id === theirs.entryId)).toMatchObject({ leftAt: null });
  });

  it("emails in the language the patient joined in (issue 21): an es-US entry's offer in Spanish, an English one unchanged; the join form stores the request's language", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await bookAt(db().db, slug, friday10am);
    const [en, es] = [`lang-en-${slug}@example.com`, `lang-es-${slug}@example.com`];
    await join(db().db, slug, en, { at: minutes(0) });
    await joinWaitlist(db().db, { email: es, personId: null, ...(await place(db().db, slug)), firstDay: "2027-01-05", lastDay: "2027-01-12", parts: ["morning"], sendEmail: true, now: minutes(1), locale: "es-US" });
    const [joinedEs] = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, es));
    expect(joinedEs.subject).toBe("Studio Dental: está en la lista de espera para Chequeo y limpieza");
    expect(joinedEs.text).toContain("5 de enero de 2027");
    expect(joinedEs.text).toContain(", mañanas.");
    await cancelVisit(db().db, { appointmentId: visit.id, sequence: 0, shownFeeCents: null, now: minutes(10) });
    expect(await sendWaitlistOffers(db().db, { now: minutes(11), siteOrigin: SITE })).toBe(2);
    const mails = async (to: string) => (await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).sort((a, b) => a.id - b.id).at(-1)!;
    const spanish = await mails(es);
    expect(spanish.subject).toBe("Studio Dental: un horario para Chequeo y limpieza el viernes, 8 de enero de 2027 a las 10:00 a.m. EST");
    expect(spanish.text).toContain("Hola:");
    expect(spanish.text).toContain("Se liberó un horario que esperaba: Chequeo y limpieza el viernes, 8 de enero de 2027");
    expect(spanish.text).toMatch(/Apartar este horario: https:\/\/dental\.example\.com\/waitlist\/offer\//);
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toContain("Salir de la lista de espera");
    expect(spanish.html).not.toContain("Claim this time");
    const english = await mails(en);
    expect(english.subject).toBe("Studio Dental: a time for your Checkup & cleaning on Friday, January 8, 2027 at 10:00 AM EST");
    expect(english.text).toContain("A time you were waiting for is free: Checkup & cleaning on Friday, January 8, 2027");
    expect(english.html).toContain('<html lang="en">');

    // The join form keeps the request's language on the row (Accept-Language here; ?lang= and the cookie alike).
    const cookie = (await bookingCookie().serialize({ completed: [], market: "boston", studio: slug, serviceType: "CLNCHK" })).split(";")[0];
    const today = new Date().toISOString().slice(0, 10);
    const form = `form-es-${slug}@example.com`;
    const body = new URLSearchParams([["firstDay", today], ["lastDay", today], ["parts", "morning"], ["email", form]]);
    const headers = { Cookie: cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "es-MX,es;q=0.9" };
    const bad = await callRoute(joinAction, new Request(`${SITE}/booking/waitlist`, { method: "POST", body: new URLSearchParams([["firstDay", today]]), headers }));
    expect(((await bad.json()) as { error: Record<string, string[]> }).error.parts).toEqual(["Elija al menos un momento del día."]);
    expect((await callRoute(joinAction, new Request(`${SITE}/booking/waitlist`, { method: "POST", body, headers }))).status).toBe(303);
    const [row] = await db().db.select().from(waitlistEntries).where(eq(waitlistEntries.email, form));
    expect(row.locale).toBe("es-US");
  });
});
