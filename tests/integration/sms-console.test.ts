/**
 * Texts in the studio console (issue 31 C, decision 062), on PGlite and PostgreSQL, through the routes' loaders and
 * actions as Remix calls them:
 * - "C" by text shows "Confirmed by text" on the visit page and the day; the visit page shows its texts with their
 *   delivery state, and that read is audited;
 * - an unknown reply makes the studio's thread wait in the inbox; staff of another studio see no thread and get a 404
 *   for its page; the thread's URL is an opaque id (never the number); every read of the thread is audited;
 * - staff answer: empty or too long → 400 with the words kept; an answer goes through the SMS outbox (kind staff,
 *   the staff member recorded) once per form, and the thread stops waiting — unless the patient wrote again since
 *   the page was shown; "handled" without an answer; a number that said STOP cannot be answered.
 */
import { and, desc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, smsOutbox, smsThreads, studios } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { handleInbound } from "~/sms/inbound.server";
import { segmentsOf } from "~/sms/segments";
import { loader as visitLoader } from "~/routes/staff+/visits.$id";
import { loader as dayLoader } from "~/routes/staff+/studios.$slug.day.$date";
import { loader as inboxLoader } from "~/routes/staff+/texts";
import { loader as layoutLoader } from "~/routes/staff+/_layout";
import { action as threadAction, loader as threadLoader } from "~/routes/staff+/texts_.$id";
import { localDayKey } from "~/rules/zoned-time";
import { localTimeAhead } from "../fixtures/clock";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { signedInStaff } from "../helpers/staff";
import { tellVisitChanges } from "../helpers/visit-notices";

const ORIGIN = "http://localhost:3000";
const SITE = "https://dental.example.com";
const get = (cookie: string, path = "/staff/texts") => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
const post = (cookie: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}/staff/texts/x`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } });
let serial = 0;
const nextPhone = () => `617555${String(3000 + serial++).padStart(4, "0")}`;
const sid = () => `SM${Math.random().toString(16).slice(2).padEnd(16, "0").slice(0, 16)}${Date.now().toString(16).padStart(16, "0")}`;

const daysAhead = (days: number) => localTimeAhead(days, "10:00");

describeEachEngine("texts in the console", ({ db }) => {
  async function studio() {
    const { slug } = await createStudioWithProviders(db().db);
    await db().db.update(studios).set({ phone: "6175550123", name: "Fenway" }).where(eq(studios.slug, slug));
    return slug;
  }
  async function book(slug: string, days = 3) {
    const phone = nextPhone();
    const outcome = await bookAppointment(db().db, {
      studioSlug: slug,
      serviceCode: "CLNCHK",
      startsAt: daysAhead(days),
      patient: { ...patientInput(), phone },
      needsInsurance: false,
      details: {},
      smsConsent: true,
    });
    if (!outcome.ok) throw new Error(outcome.code);
    // The booking's text is queued by the visit notices after the commit (decision 070), as a server's job would.
    await tellVisitChanges(db().db);
    return { visit: outcome.appointment, phone: `+1${phone}` };
  }
  const reply = (from: string, body: string) => handleInbound(db().db, { messageSid: sid(), from, body }, { now: new Date(), siteOrigin: SITE });
  const audits = (email: string, action: string) =>
    db().db.select().from(auditLog).where(and(eq(auditLog.staffEmail, email), eq(auditLog.action, action))).orderBy(desc(auditLog.id));
  const threadOf = async (phone: string) => (await db().db.select().from(smsThreads).where(eq(smsThreads.phone, phone)))[0]!;

  it("C by text: 'Confirmed by text' on the visit page and on the day; the visit's texts shown with their state, the read audited", async () => {
    const slug = await studio();
    const { visit, phone } = await book(slug);
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const before = (await (await callRoute(visitLoader, get(desk.cookie), { params: { id: String(visit.id) } })).json()) as { texts: { confirmedByText: string | null } };
    expect(before.texts.confirmedByText).toBeNull();
    expect(await reply(phone, "C")).toBe("confirm");
    const page = (await (await callRoute(visitLoader, get(desk.cookie), { params: { id: String(visit.id) } })).json()) as {
      texts: { confirmedByText: string | null; messages: { direction: string; body: string; state: string | null; who: string }[] };
    };
    expect(page.texts.confirmedByText).toMatch(/\d{1,2}:\d{2}/);
    expect(page.texts.messages.map((m) => [m.direction, m.who])).toEqual([
      ["out", "Booking confirmation"],
      ["in", "Patient"],
      ["out", "Automatic answer to C"],
    ]);
    expect(page.texts.messages[0]!.state).toBe("Waiting to be sent"); // no provider here: the text waits in the outbox
    const [read] = await audits(desk.email, "sms.thread_view");
    expect(read).toMatchObject({ appointmentId: visit.id, studioSlug: slug });
    const day = (await (await callRoute(dayLoader, get(desk.cookie), { params: { slug, date: localDayKey(visit.startsAt, "America/New_York") } })).json()) as {
      day: { byProvider: { visits: { id: number; confirmedByText: boolean }[] }[] };
    };
    const rows = day.day.byProvider.flatMap((p) => p.visits);
    expect(rows.find((r) => r.id === visit.id)?.confirmedByText).toBe(true);
  });

  it("the console bar counts the threads waiting for an answer in the viewer's studios only; answered or handled, they leave the count", async () => {
    const slug = await studio();
    const other = await studio();
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const elsewhere = await signedInStaff(db().db, "front_desk", [other]);
    const bar = async (cookie: string) => ((await (await callRoute(layoutLoader, get(cookie))).json()) as { viewer: { textsWaiting: number } }).viewer.textsWaiting;
    expect(await bar(desk.cookie)).toBe(0);
    const first = await book(slug, 3);
    const second = await book(slug, 4);
    const theirs = await book(other);
    await reply(first.phone, "Is there parking?");
    await reply(first.phone, "And a bike rack?"); // the same thread: still one
    await reply(second.phone, "Can I bring my son?");
    await reply(theirs.phone, "Do you take Delta?");
    await reply(second.phone, "C"); // a keyword: answered by the app, no wait added
    expect(await bar(desk.cookie)).toBe(2);
    expect(await bar(elsewhere.cookie)).toBe(1);

    const thread = await threadOf(first.phone);
    const page = (await (await callRoute(threadLoader, get(desk.cookie), { params: { id: thread.publicId } })).json()) as { seen: number };
    expect((await callRoute(threadAction, post(desk.cookie, { intent: "handled", seen: String(page.seen) }), { params: { id: thread.publicId } })).status).toBe(303);
    expect(await bar(desk.cookie)).toBe(1);
    expect(await bar(elsewhere.cookie)).toBe(1);
  });

  it("an unknown reply waits in its studio's inbox; another studio's staff see nothing and get a 404; reads audited; the URL is opaque", async () => {
    const slug = await studio();
    const other = await studio();
    const { phone } = await book(slug);
    expect(await reply(phone, "Can I bring my son along?")).toBe("studio");
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const stranger = await signedInStaff(db().db, "manager", [other]);
    const inbox = (await (await callRoute(inboxLoader, get(desk.cookie))).json()) as { waiting: { href: string; phone: string }[] };
    const row = inbox.waiting.find((t) => t.phone === `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`);
    expect(row).toBeDefined();
    // The inbox shows no message text (opening a thread is the audited read).
    expect(JSON.stringify(inbox)).not.toContain("bring my son");
    const id = row!.href.split("/").pop()!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(row!.href).not.toContain(phone.slice(2));
    const theirs = (await (await callRoute(inboxLoader, get(stranger.cookie))).json()) as { waiting: unknown[]; recent: unknown[] };
    expect(JSON.stringify(theirs)).not.toContain(id);
    expect((await callRoute(threadLoader, get(stranger.cookie), { params: { id } })).status).toBe(404);
    expect((await callRoute(threadAction, post(stranger.cookie, { intent: "handled", seen: "999999" }), { params: { id } })).status).toBe(404);
    expect((await callRoute(threadLoader, get(desk.cookie), { params: { id: "not-a-thread-id-at-all" } })).status).toBe(404);
    expect(await audits(stranger.email, "sms.thread_view")).toHaveLength(0);

    const page = await callRoute(threadLoader, get(desk.cookie), { params: { id } });
    expect(page.status).toBe(200);
    const thread = (await page.json()) as { messages: { body: string }[]; waitingSince: string | null; open: boolean };
    expect(thread.messages.map((m) => m.body).at(-1)).toBe("Can I bring my son along?");
    expect(thread.waitingSince).not.toBeNull();
    await callRoute(threadLoader, get(desk.cookie), { params: { id } });
    const reads = await audits(desk.email, "sms.thread_view");
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({ studioSlug: slug, after: { thread: id } });
    expect(JSON.stringify(reads)).not.toContain(phone.slice(2));
  });

  it("staff answer through the outbox once per form; empty or too long is a 400 with the words kept; the thread stops waiting", async () => {
    const slug = await studio();
    const { phone } = await book(slug);
    await reply(phone, "Is there parking?");
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const thread = await threadOf(phone);
    const page = (await (await callRoute(threadLoader, get(desk.cookie), { params: { id: thread.publicId } })).json()) as { nonce: string; seen: number };
    const answer = (body: string, nonce = page.nonce, seen = page.seen) =>
      callRoute(threadAction, post(desk.cookie, { intent: "answer", body, nonce, seen: String(seen) }), { params: { id: thread.publicId } });

    const empty = await answer("   ");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { body: ["Write the answer."] } });
    const long = "Yes, there is a garage. ".repeat(14); // 336 characters: more than two segments with the studio's name
    const tooLong = await answer(long);
    expect(tooLong.status).toBe(400);
    const refused = (await tooLong.json()) as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(refused.error.body![0]).toContain("Too long");
    expect(refused.initialValue.body).toBe(long.slice(0, 300));
    expect(await db().db.select().from(smsOutbox).where(and(eq(smsOutbox.to, phone), eq(smsOutbox.kind, "staff")))).toHaveLength(0);

    const sent = await answer("Yes: the garage on Brookline Ave, the first hour is free.");
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/staff/texts/${thread.publicId}?done=sent`);
    // The same form posted again (a double click, a resubmit): nothing more queued.
    expect((await answer("Yes: the garage on Brookline Ave, the first hour is free.")).status).toBe(303);
    const rows = await db().db.select().from(smsOutbox).where(and(eq(smsOutbox.to, phone), eq(smsOutbox.kind, "staff")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ body: "Studio Dental Fenway: Yes: the garage on Brookline Ave, the first hour is free.", studioSlug: slug, status: "PENDING", quietZone: null, capped: false });
    const [me] = await audits(desk.email, "sms.answer");
    expect(me).toMatchObject({ studioSlug: slug, after: { thread: thread.publicId, outbox: rows[0]!.id } });
    expect(rows[0]!.staffId).toBe(me!.staffId);
    expect((await threadOf(phone)).waitingSince).toBeNull();
    const after = (await (await callRoute(threadLoader, get(desk.cookie), { params: { id: thread.publicId } })).json()) as { messages: { who: string; state: string }[] };
    expect(after.messages.at(-1)).toMatchObject({ who: `Studio: ${desk.email}`, state: "Waiting to be sent" });
  });

  it("an emoji in a long answer: the form shows first that it goes as UCS-2 and in how many texts; the post with that count sends it as written, never '?'", async () => {
    const slug = await studio();
    const { phone } = await book(slug);
    await reply(phone, "Is there parking?");
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const thread = await threadOf(phone);
    const page = (await (await callRoute(threadLoader, get(desk.cookie), { params: { id: thread.publicId } })).json()) as { nonce: string; seen: number };
    const answer = (body: string, segments?: number) =>
      callRoute(threadAction, post(desk.cookie, { intent: "answer", body, nonce: page.nonce, seen: String(page.seen), ...(segments ? { segments: String(segments) } : {}) }), { params: { id: thread.publicId } });
    const staffRows = () => db().db.select().from(smsOutbox).where(and(eq(smsOutbox.to, phone), eq(smsOutbox.kind, "staff")));
    // 170 characters and an emoji: two GSM-7 segments' worth, four in UCS-2 (the old composition sent "?" instead).
    const words = "Yes 🚗 the garage on Brookline Ave is free for the first hour, and we validate parking for the rest of your visit. Ask at the front desk when you arrive. See you soon!";
    const expected = `Studio Dental Fenway: ${words}`;
    expect(segmentsOf(expected)).toMatchObject({ encoding: "UCS-2", segments: 3 });

    const checked = await answer(words);
    expect(checked.status).toBe(200);
    const shown = (await checked.json()) as { check: { segments: number; message: string }; initialValue: Record<string, string>; error: Record<string, string[]> };
    expect(shown.check.segments).toBe(3);
    expect(shown.check.message).toContain("🚗 is not in the texting alphabet (GSM-7), so this answer goes out as Unicode (UCS-2): 3 text messages");
    expect(shown.initialValue.body).toBe(words);
    expect(await staffRows()).toHaveLength(0);
    // A count the form did not show (the words edited since, or a forged one): shown again, not sent.
    expect((await answer(words, 2)).status).toBe(200);
    expect(await staffRows()).toHaveLength(0);

    const sent = await answer(words, 3);
    expect(sent.status).toBe(303);
    const rows = await staffRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toBe(expected);
    expect(rows[0]!.body).not.toContain("?");
    expect((await threadOf(phone)).waitingSince).toBeNull();

    // Longer than five UCS-2 texts: refused with the reason, the words kept.
    const tooLong = await answer(`🙂 ${"Parking is free. ".repeat(20)}`);
    expect(tooLong.status).toBe(400);
    const refused = (await tooLong.json()) as { error: Record<string, string[]> };
    expect(refused.error.body![0]).toMatch(/^Too long: with 🙂 in it, it would go out as 6 text messages of 67 characters \(5 at most\)/);
  });

  it("a reply after the page was shown keeps the thread waiting; 'handled' clears it; a number that said STOP cannot be answered", async () => {
    const slug = await studio();
    const { phone } = await book(slug);
    await reply(phone, "What time again?");
    const desk = await signedInStaff(db().db, "front_desk", [slug]);
    const thread = await threadOf(phone);
    const page = (await (await callRoute(threadLoader, get(desk.cookie), { params: { id: thread.publicId } })).json()) as { nonce: string; seen: number };
    await reply(phone, "Also, can I come earlier?");
    const answered = await callRoute(threadAction, post(desk.cookie, { intent: "answer", body: "At 10 AM.", nonce: page.nonce, seen: String(page.seen) }), {
      params: { id: thread.publicId },
    });
    expect(answered.status).toBe(303);
    expect((await threadOf(phone)).waitingSince).not.toBeNull();
    const stale = await callRoute(threadAction, post(desk.cookie, { intent: "handled", seen: String(page.seen) }), { params: { id: thread.publicId } });
    expect(stale.status).toBe(409);
    const fresh = (await (await callRoute(threadLoader, get(desk.cookie), { params: { id: thread.publicId } })).json()) as { seen: number; nonce: string };
    const handled = await callRoute(threadAction, post(desk.cookie, { intent: "handled", seen: String(fresh.seen) }), { params: { id: thread.publicId } });
    expect(handled.status).toBe(303);
    expect(await threadOf(phone)).toMatchObject({ waitingSince: null });
    expect(await audits(desk.email, "sms.handled")).toHaveLength(1);

    expect(await reply(phone, "STOP")).toBe("stop");
    const stopped = (await (await callRoute(threadLoader, get(desk.cookie), { params: { id: thread.publicId } })).json()) as { open: boolean; nonce: string; seen: number };
    expect(stopped.open).toBe(false);
    const refused = await callRoute(threadAction, post(desk.cookie, { intent: "answer", body: "Sorry to see you go", nonce: stopped.nonce, seen: String(stopped.seen) }), {
      params: { id: thread.publicId },
    });
    expect(refused.status).toBe(409);
  });
});


