import { and, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { openDatabase, type Db } from "~/db/client.server";
import { appointments, emailOutbox, patients, recallNotices, services } from "~/db/schema";
import { accountRecalls, recallSubscription, sendDueRecalls, setRecallOptOut } from "~/recall/recall.server";
import { newAppointmentToken } from "~/scheduling/book.server";
import { referrerPolicyFor } from "~/platform/security-headers.server";
import * as unsubscribeRoute from "~/routes/recall+/unsubscribe.$token";
import { describeEachEngine } from "../helpers/db";
import { callRoute } from "../helpers/route-call";
import { createPatient, createStudioWithProviders } from "../fixtures/factories";

/**
 * Recall (issue 20 B) with the clock driven across months, on PGlite and PostgreSQL, two senders racing on every
 * tick (on PostgreSQL a second pool, as a second container would have).
 */
const SITE = "https://dental.example.com";
const DAY = 86_400_000;

type Status = "CONFIRMED" | "COMPLETED" | "CANCELLED" | "NO_SHOW";

async function visit(db: Db, patientId: number, studio: { slug: string; providerIds: number[] }, startsAt: string, status: Status, service = "CLNCHK") {
  const start = new Date(startsAt);
  const [row] = await db
    .insert(appointments)
    .values({ token: newAppointmentToken(), patientId, studioSlug: studio.slug, providerId: studio.providerIds[0], serviceType: service, startsAt: start, endsAt: new Date(start.getTime() + 3_600_000), status })
    .returning();
  return row;
}

const recallMails = (db: Db, to: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .then((rows) => rows.filter((r) => /checkup is due/.test(r.subject)).sort((a, b) => a.id - b.id));

const unsubscribeToken = (text: string) => /\/recall\/unsubscribe\/([A-Za-z0-9_-]{32})$/m.exec(text)![1];

describeEachEngine("recall emails", ({ db, engine }) => {
  it("due soon once, due once, none when booked, none after unsubscribing, none for cancelled or missed visits or a service without recall; two senders send each once", async () => {
    const database = db();
    const second = engine === "postgres" ? await openDatabase({ databaseUrl: (database as { url?: string }).url!, migrate: false }) : database;
    try {
      const studio = await createStudioWithProviders(database.db, { roles: ["hygienist"] });
      const other = await createStudioWithProviders(database.db, { roles: ["hygienist"] });
      const p = async (firstName: string) => createPatient(database.db, { firstName });
      const [plain, booked, bookedLate, unsubscribed, cancelled, missed, whitening, lateSender] = await Promise.all(
        ["Ada", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"].map(p),
      );
      // Visits in January 2027 (10:00 New York): due in July 2027; "due soon" on June 16 at 9 AM EDT (13:00 UTC).
      await visit(database.db, plain.id, studio, "2027-01-14T15:00:00Z", "COMPLETED");
      await visit(database.db, plain.id, studio, "2026-07-10T14:00:00Z", "COMPLETED"); // an older one does not count
      // Confirmed and past its end counts as completed; a visit booked for after it stops the recall.
      await visit(database.db, booked.id, studio, "2027-01-15T15:00:00Z", "CONFIRMED");
      await visit(database.db, booked.id, other, "2027-06-01T14:00:00Z", "CONFIRMED");
      await visit(database.db, bookedLate.id, studio, "2027-01-14T17:00:00Z", "COMPLETED");
      await visit(database.db, unsubscribed.id, studio, "2027-01-14T18:00:00Z", "COMPLETED");
      await visit(database.db, cancelled.id, studio, "2027-01-14T19:00:00Z", "CANCELLED");
      await visit(database.db, missed.id, studio, "2027-01-14T20:00:00Z", "NO_SHOW");
      await visit(database.db, whitening.id, studio, "2027-01-14T21:00:00Z", "COMPLETED", "WHTNG");
      await visit(database.db, lateSender.id, other, "2027-01-14T15:00:00Z", "COMPLETED");

      const tick = async (at: Date) => {
        await Promise.all([sendDueRecalls(database.db, { now: at, siteOrigin: SITE }), sendDueRecalls(second.db, { now: at, siteOrigin: SITE })]);
      };
      // Every 4 days from January to the day before "due soon": nothing yet.
      for (let t = Date.parse("2027-01-15T13:00:00Z"); t < Date.parse("2027-06-16T12:59:00Z"); t += 4 * DAY) await tick(new Date(t));
      await tick(new Date("2027-06-16T12:59:00Z"));
      expect(await database.db.select().from(emailOutbox).where(inArray(emailOutbox.to, [plain.email, booked.email]))).toEqual([]);
      // Hal had turned recall emails off; he turns them back on after his due date (below).
      await database.db.update(patients).set({ recallOptedOutAt: new Date("2027-01-01T00:00:00Z") }).where(eq(patients.id, lateSender.id));

      await tick(new Date("2027-06-16T13:00:00Z"));
      await tick(new Date("2027-06-16T13:05:00Z"));
      const [soon] = await recallMails(database.db, plain.email);
      expect(soon.subject).toBe("Studio Dental: your next checkup is due in July 2027");
      expect(soon.text).toMatch(/^Hi Ada,$/m);
      expect(soon.text).toContain(`${SITE}/booking?service=CLNCHK&studio=${studio.slug}`);
      expect(soon.html).toContain(`${SITE}/booking?service=CLNCHK&amp;studio=${studio.slug}`);
      const token = unsubscribeToken(soon.text);
      expect(soon.headers).toEqual({ "List-Unsubscribe": `<${SITE}/recall/unsubscribe/${token}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
      expect(await recallSubscription(database.db, token)).toEqual({ patientId: plain.id, optedOut: false });

      // Dee unsubscribes from her first email; Cy books a visit for after the due date.
      const [deeSoon] = await recallMails(database.db, unsubscribed.email);
      expect(await setRecallOptOut(database.db, unsubscribeToken(deeSoon.text), true)).toBe(true);
      await visit(database.db, bookedLate.id, studio, "2027-07-20T14:00:00Z", "CONFIRMED");

      for (let t = Date.parse("2027-06-17T13:00:00Z"); t < Date.parse("2027-07-14T13:00:00Z"); t += 3 * DAY) await tick(new Date(t));
      await tick(new Date("2027-07-14T13:00:00Z"));
      await database.db.update(patients).set({ recallOptedOutAt: null }).where(eq(patients.id, lateSender.id));
      for (let t = Date.parse("2027-07-15T13:00:00Z"); t < Date.parse("2027-09-30T13:00:00Z"); t += 3 * DAY) await tick(new Date(t));

      const subjects = async (to: string) => (await recallMails(database.db, to)).map((m) => m.subject);
      expect(await subjects(plain.email)).toEqual(["Studio Dental: your next checkup is due in July 2027", "Studio Dental: your checkup is due"]);
      expect(await subjects(booked.email)).toEqual([]);
      expect(await subjects(bookedLate.email)).toEqual(["Studio Dental: your next checkup is due in July 2027"]);
      expect(await subjects(unsubscribed.email)).toEqual(["Studio Dental: your next checkup is due in July 2027"]);
      expect(await subjects(cancelled.email)).toEqual([]);
      expect(await subjects(missed.email)).toEqual([]);
      expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, whitening.email))).toEqual([]);
      // Recall back on after the due email's time: only the due email, the "due soon" one is not sent late.
      expect(await subjects(lateSender.email)).toEqual(["Studio Dental: your checkup is due"]);
      const [due] = await recallMails(database.db, plain.email).then((m) => m.slice(1));
      expect(due.text).toContain(`${SITE}/booking?service=CLNCHK&studio=${studio.slug}`);
      expect(unsubscribeToken(due.text)).not.toBe(token);

      const notices = await database.db.select().from(recallNotices).where(inArray(recallNotices.patientId, [plain.id, lateSender.id]));
      expect(notices.map((n) => [n.patientId === plain.id ? "Ada" : "Hal", n.dueOn, n.kind, n.sentAt ? "sent" : n.skipped]).sort()).toEqual([
        ["Ada", "2027-07-14", "due", "sent"],
        ["Ada", "2027-07-14", "due_soon", "sent"],
        ["Hal", "2027-07-14", "due", "sent"],
      ]);
    } finally {
      if (second !== database) await second.close();
    }
  });

  it("/profile's line: the account's patient rows' next checkup due, none once one is booked, an unknown token is nobody's", async () => {
    const database = db().db;
    const studio = await createStudioWithProviders(database, { roles: ["hygienist"] });
    const [{ id: personId }] = await database.execute<{ id: number }>(
      // A person row without the account code's argon2 work: only its id matters here.
      (await import("drizzle-orm")).sql`insert into persons (email, password_hash, email_verified_at) values (${`acct-${Date.now()}@example.com`}, 'x', now()) returning id`,
    ).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const patient = await createPatient(database, { firstName: "Robin", lastName: "Patel", personId });
    const now = new Date("2027-03-01T12:00:00Z");
    expect(await accountRecalls(database, personId, now)).toEqual([]);
    await visit(database, patient.id, studio, "2026-12-14T15:00:00Z", "COMPLETED");
    expect(await accountRecalls(database, personId, now)).toEqual([
      { key: `${patient.id}-CLNCHK`, patientName: "Robin Patel", line: "Next checkup due in June 2027", bookHref: `/booking?service=CLNCHK&studio=${studio.slug}` },
    ]);
    expect((await accountRecalls(database, personId, new Date("2027-08-01T12:00:00Z")))[0].line).toBe("Your checkup was due in June 2027");
    await visit(database, patient.id, studio, "2027-06-10T14:00:00Z", "CONFIRMED");
    expect(await accountRecalls(database, personId, now)).toEqual([]);
    await database.update(appointments).set({ status: "CANCELLED" }).where(and(eq(appointments.patientId, patient.id), eq(appointments.status, "CONFIRMED")));
    expect(await accountRecalls(database, personId, now)).toHaveLength(1);
    expect(await recallSubscription(database, "A".repeat(32))).toBeNull();
    expect(await setRecallOptOut(database, "not-a-token", true)).toBe(false);
  });

  it("a family member's recall (issue 20 A): on the holder's /profile under the member's name, emailed to the holder about the member, nobody else's", async () => {
    const database = db().db;
    const studio = await createStudioWithProviders(database, { roles: ["hygienist"] });
    const account = async (email: string) =>
      (
        (await database.execute(
          (await import("drizzle-orm")).sql`insert into persons (email, password_hash, email_verified_at) values (${email}, 'x', now()) returning id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows[0].id;
    const parentEmail = `parent-${Date.now()}@example.com`;
    const parentId = await account(parentEmail);
    const otherId = await account(`other-${Date.now()}@example.com`);
    await createPatient(database, { email: parentEmail, firstName: "Robin", lastName: "Patel", personId: parentId });
    const child = await createPatient(database, { email: parentEmail, firstName: "Sam", lastName: "Patel", familyOfPersonId: parentId, relationship: "child" });
    await visit(database, child.id, studio, "2026-12-14T15:00:00Z", "COMPLETED");
    const now = new Date("2027-03-01T12:00:00Z");
    expect(await accountRecalls(database, parentId, now)).toEqual([expect.objectContaining({ patientName: "Sam Patel", line: "Next checkup due in June 2027" })]);
    expect(await accountRecalls(database, otherId, now)).toEqual([]);
    // Four weeks before June 14: one email to the parent's address, about Sam, greeting nobody by Sam's name.
    await sendDueRecalls(database, { now: new Date("2027-05-17T14:00:00Z"), siteOrigin: SITE });
    const [mail] = await recallMails(database, parentEmail);
    expect(mail.subject).toContain("Sam’s next checkup is due in June 2027");
    expect(mail.text).not.toContain("Hi Sam");
    // A removed member leaves the holder's list.
    await database.update(patients).set({ removedAt: now }).where(eq(patients.id, child.id));
    expect(await accountRecalls(database, parentId, now)).toEqual([]);
  });

  it("a recall email in the patient row's language (issue 21): es-US in Spanish with a Spanish month, en-US unchanged, List-Unsubscribe the same", async () => {
    const database = db().db;
    const studio = await createStudioWithProviders(database, { roles: ["hygienist"] });
    const es = await createPatient(database, { email: `es-${Date.now()}@example.com`, firstName: "Lucía" });
    await database.update(patients).set({ locale: "es-US" }).where(eq(patients.id, es.id));
    const en = await createPatient(database, { email: `en-${Date.now()}@example.com`, firstName: "Alex" });
    await visit(database, es.id, studio, "2026-12-14T15:00:00Z", "COMPLETED");
    await visit(database, en.id, studio, "2026-12-14T17:00:00Z", "COMPLETED");
    expect(await sendDueRecalls(database, { now: new Date("2027-05-17T14:00:00Z"), siteOrigin: SITE })).toBe(2);
    const [spanish] = await database.select().from(emailOutbox).where(eq(emailOutbox.to, es.email));
    expect(spanish.subject).toBe("Studio Dental: su próximo chequeo le toca en junio de 2027");
    expect(spanish.text).toContain("Hola, Lucía:");
    expect(spanish.text).toContain("Ya casi es hora de su próxima cita de");
    expect(spanish.text).toMatch(/^Dejar de recibir estos recordatorios: https:\/\/dental\.example\.com\/recall\/unsubscribe\/[A-Za-z0-9_-]{32}$/m);
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toContain("Reservar su chequeo");
    expect(spanish.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect((spanish.headers as Record<string, string>)["List-Unsubscribe"]).toMatch(/^<https:\/\/dental\.example\.com\/recall\/unsubscribe\/[A-Za-z0-9_-]{32}>$/);
    const [english] = await database.select().from(emailOutbox).where(eq(emailOutbox.to, en.email));
    expect(english.subject).toBe("Studio Dental: your next checkup is due in June 2027");
    expect(english.text).toContain("Hi Alex,");
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).toContain("Book your checkup");
  });

  it("the unsubscribe page: opening changes nothing, a post stops or restarts, RFC 8058's one-click post, bad input 400, another site 403, an unknown token 404", async () => {
    const database = db().db;
    const studio = await createStudioWithProviders(database, { roles: ["hygienist"] });
    const patient = await createPatient(database, { firstName: "Ola" });
    await visit(database, patient.id, studio, "2028-01-10T15:00:00Z", "COMPLETED");
    expect(await sendDueRecalls(database, { now: new Date("2028-06-12T14:00:00Z"), siteOrigin: SITE })).toBe(1);
    const token = unsubscribeToken((await recallMails(database, patient.email))[0].text);
    const url = `http://localhost:3000/recall/unsubscribe/${token}`;
    const post = (body: string, headers: Record<string, string> = {}) =>
      callRoute(unsubscribeRoute.action, new Request(url, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } }), { params: { token } });
    const page = async () => (await (await callRoute(unsubscribeRoute.loader, new Request(url), { params: { token } })).json()) as { optedOut: boolean };

    expect(referrerPolicyFor(`/recall/unsubscribe/${token}`, "")).toBe("no-referrer");
    expect(await page()).toEqual({ optedOut: false });
    const garbage = await post("intent=everything");
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ optedOut: false, error: { "": [expect.stringContaining("could not be sent")] } });
    expect((await post("intent=stop", { Origin: "https://elsewhere.example" })).status).toBe(403);
    expect(await page()).toEqual({ optedOut: false });

    const stopped = await post("intent=stop", { Origin: "http://localhost:3000" });
    expect([stopped.status, stopped.headers.get("Location")]).toEqual([303, `/recall/unsubscribe/${token}?done=stop`]);
    expect(await page()).toEqual({ optedOut: true });
    expect((await post("intent=resume")).status).toBe(303);
    expect(await page()).toEqual({ optedOut: false });
    // A mail client's one-click unsubscribe: no Origin, the RFC 8058 body.
    expect((await post("List-Unsubscribe=One-Click")).status).toBe(303);
    expect(await page()).toEqual({ optedOut: true });

    const unknown = `http://localhost:3000/recall/unsubscribe/${"B".repeat(32)}`;
    expect((await callRoute(unsubscribeRoute.loader, new Request(unknown), { params: { token: "B".repeat(32) } })).status).toBe(404);
    expect((await callRoute(unsubscribeRoute.action, new Request(unknown, { method: "POST", body: "intent=stop", headers: { "Content-Type": "application/x-www-form-urlencoded" } }), { params: { token: "B".repeat(32) } })).status).toBe(404);
    expect((await callRoute(unsubscribeRoute.loader, new Request("http://localhost:3000/recall/unsubscribe/%00"), { params: { token: "\0" } })).status).toBe(404);
  });
  it("issue 33 C: a checkup six months ago today with nothing sent before gets only the due email, at 9 AM, not a late \"due soon\" beside it; the footer says why (the visit), in both languages", async () => {
    const database = db();
    const second = engine === "postgres" ? await openDatabase({ databaseUrl: (database as { url?: string }).url!, migrate: false }) : database;
    try {
      const studio = await createStudioWithProviders(database.db, { roles: ["hygienist"] });
      const guest = await createPatient(database.db, { firstName: "Ivy" });
      const spanish = await createPatient(database.db, { firstName: "Lupe", locale: "es-US" });
      // January 14, 2029: due July 14, 2029. The senders were down until that morning (a deployment, an outage).
      await visit(database.db, guest.id, studio, "2029-01-14T15:00:00Z", "COMPLETED");
      await visit(database.db, spanish.id, studio, "2029-01-14T16:00:00Z", "COMPLETED");
      const tick = (at: string) => Promise.all([sendDueRecalls(database.db, { now: new Date(at), siteOrigin: SITE }), sendDueRecalls(second.db, { now: new Date(at), siteOrigin: SITE })]);
      const mails = (to: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

      await tick("2029-07-14T12:37:00Z"); // 8:37 AM in New York: the "due soon" is 28 days late, not sent
      expect(await mails(guest.email)).toEqual([]);
      for (const at of ["2029-07-14T13:01:00Z", "2029-07-14T13:30:00Z", "2029-07-14T21:00:00Z", "2029-07-15T13:00:00Z"]) await tick(at);
      const [due, ...more] = await mails(guest.email);
      expect([due.subject, more]).toEqual(["Studio Dental: your checkup is due", []]);
      const notices = await database.db.select().from(recallNotices).where(eq(recallNotices.patientId, guest.id));
      expect(notices.map((n) => [n.kind, n.sentAt?.toISOString()])).toEqual([["due", "2029-07-14T13:01:00.000Z"]]);

      // Why they get it: their visit, not a wish a guest never expressed; the one-click stop stays.
      const why = `You get this email because you had a visit at Studio Dental Test ${studio.slug} in January 2029, and we let our patients know when their next checkup is due.`;
      expect(due.text).toContain(why);
      expect(due.html).toContain(why);
      expect(`${due.text}${due.html}`).not.toMatch(/asked to hear/);
      expect(due.text).toMatch(/^Stop these reminders: https:\/\/dental\.example\.com\/recall\/unsubscribe\/[A-Za-z0-9_-]{32}$/m);
      expect(due.html).toMatch(/<a href="https:\/\/dental\.example\.com\/recall\/unsubscribe\/[A-Za-z0-9_-]{32}"[^>]*>Stop these reminders<\/a>/);
      const [es, ...esMore] = await mails(spanish.email);
      expect(esMore).toEqual([]);
      const porque = `Recibe este correo porque tuvo una cita en Studio Dental Test ${studio.slug} en enero de 2029, y avisamos a nuestros pacientes cuando les toca su próximo chequeo.`;
      expect(es.text).toContain(porque);
      expect(es.html).toContain(porque);
      expect(es.html).toMatch(/>Dejar de recibir estos recordatorios<\/a>/);
    } finally {
      if (second !== database) await second.close();
    }
  });

  it("issue 33 C: a \"due soon\" planned on its day but not sent that day (the senders stalled) is skipped, not sent late", async () => {
    const database = db().db;
    const studio = await createStudioWithProviders(database, { roles: ["hygienist"] });
    const patient = await createPatient(database, { firstName: "Jo" });
    const from = await visit(database, patient.id, studio, "2029-02-14T15:00:00Z", "COMPLETED");
    // Due August 14; "due soon" on July 17 at 9 AM EDT. Planned then, the sender only gets to it the next morning.
    await database.insert(recallNotices).values({ patientId: patient.id, serviceCode: "CLNCHK", visitId: from.id, dueOn: "2029-08-14", kind: "due_soon", sendAt: new Date("2029-07-17T13:00:00Z") });
    expect(await sendDueRecalls(database, { now: new Date("2029-07-18T04:30:00Z"), siteOrigin: SITE })).toBe(0); // 00:30 the next day in New York
    expect(await database.select().from(emailOutbox).where(eq(emailOutbox.to, patient.email))).toEqual([]);
    expect((await database.select().from(recallNotices).where(eq(recallNotices.patientId, patient.id))).map((n) => [n.kind, n.sentAt, n.skipped])).toEqual([["due_soon", null, "late"]]);
  });

  it("issue 33 C: at most one recall email a day per patient, also when two senders each claim one of the patient's notices", async () => {
    const database = db();
    const second = engine === "postgres" ? await openDatabase({ databaseUrl: (database as { url?: string }).url!, migrate: false }) : database;
    // A second service with a recall (whitening every 6 months, for this test): two recalls due the same day.
    await database.db.update(services).set({ recallMonths: 6 }).where(eq(services.code, "WHTNG"));
    try {
      const studio = await createStudioWithProviders(database.db, { roles: ["hygienist"] });
      const patient = await createPatient(database.db, { firstName: "Kim" });
      await visit(database.db, patient.id, studio, "2030-01-14T15:00:00Z", "COMPLETED");
      await visit(database.db, patient.id, studio, "2030-01-14T17:00:00Z", "COMPLETED", "WHTNG");
      // One notice each (limit 1): the two senders hold different notices of the same patient at the same moment.
      const tick = (at: string) =>
        Promise.all([sendDueRecalls(database.db, { now: new Date(at), siteOrigin: SITE, limit: 1 }), sendDueRecalls(second.db, { now: new Date(at), siteOrigin: SITE, limit: 1 })]);
      const mails = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.to, patient.email));
      for (const at of ["2030-06-16T13:00:00Z", "2030-06-16T13:05:00Z", "2030-06-16T20:00:00Z"]) await tick(at);
      expect(await mails()).toHaveLength(1); // the other "due soon" would be late tomorrow: skipped
      for (const at of ["2030-07-14T13:00:00Z", "2030-07-14T13:05:00Z", "2030-07-14T20:00:00Z", "2030-07-15T12:00:00Z"]) await tick(at);
      const notices = await database.db.select().from(recallNotices).where(eq(recallNotices.patientId, patient.id));
      expect(notices.filter((n) => n.sentAt).map((n) => n.sentAt!.toISOString()).sort()).toEqual(["2030-06-16T13:00:00.000Z", "2030-07-14T13:00:00.000Z"]);
      expect(notices.filter((n) => n.skipped).map((n) => [n.kind, n.skipped])).toEqual([["due_soon", "one_a_day"]]);
      // The second due email waits for the next morning.
      for (const at of ["2030-07-15T13:00:00Z", "2030-07-15T13:05:00Z"]) await tick(at);
      const sent = (await database.db.select().from(recallNotices).where(eq(recallNotices.patientId, patient.id))).filter((n) => n.sentAt).map((n) => n.sentAt!.toISOString()).sort();
      expect(sent).toEqual(["2030-06-16T13:00:00.000Z", "2030-07-14T13:00:00.000Z", "2030-07-15T13:00:00.000Z"]);
      expect(await mails()).toHaveLength(3);
    } finally {
      await database.db.update(services).set({ recallMonths: null }).where(eq(services.code, "WHTNG"));
      if (second !== database) await second.close();
    }
  });
});
