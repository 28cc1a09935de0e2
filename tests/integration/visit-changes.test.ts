import { and, eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import { openDatabase, type Db } from "~/db/client.server";
import { appointmentReminders, appointments, emailOutbox, patients } from "~/db/schema";
import { bookAppointment } from "~/scheduling/book.server";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { sendDueReminders } from "~/visit-notices/reminders.server";
import { timePickerWeek } from "~/scheduling/time-picker.server";
import {
  cancelVisit,
  rescheduleVisit,
} from "~/scheduling/visit-changes.server";
import { describeEachEngine } from "../helpers/db";
import { icsSeriesProblems } from "../standards/ics";
import { createStudioWithProviders, patientInput } from "../fixtures/factories";
import { tellVisitChanges } from "../helpers/visit-notices";

// Monday 2027-01-04 12:00 UTC. Studios are open 08:00–18:00 New York time (13:00–23:00 UTC in January).
const now = new Date("2027-01-04T12:00:00Z");
const visa = { brand: "visa", last4: "4242", token: "tok_test" };
const SITE = "https://dental.example.com";

async function book(
  db: Db,
  slug: string,
  startsAt: Date,
  {
    card = false,
    at = now,
    email,
  }: { card?: boolean; at?: Date; email?: string } = {}
) {
  const outcome = await bookAppointment(db, {
    studioSlug: slug,
    serviceCode: "CLNCHK",
    startsAt,
    patient: patientInput(email),
    needsInsurance: false,
    details: card ? { payment: visa } : {},
    now: at,
  });
  if (!outcome.ok) throw new Error(`booking failed: ${outcome.code}`);
  const [row] = await db
    .select()
    .from(appointments)
    .where(eq(appointments.token, outcome.appointment.token));
  return row;
}

const mailsTo = async (db: Db, to: string) =>
  (await tellVisitChanges(db),
  db)
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(emailOutbox.id);
const emailOf = async (db: Db, appointmentId: number) => {
  const [row] = await db
    .select({ contact: appointments.details })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return (row.contact.contact as { email: string }).email;
};

describeEachEngine("cancel and reschedule", ({ db }) => {
  it("cancels free more than 24 hours ahead: CANCELLED, email with METHOD:CANCEL, same UID, higher SEQUENCE; the time is free again", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const at = new Date("2027-01-08T15:00:00Z");
    const visit = await book(db().db, slug, at, { card: true });
    expect(
      await cancelVisit(db().db, {
        appointmentId: visit.id,
        sequence: 0,
        shownFeeCents: null,
        now,
      })
    ).toEqual({ ok: true, feeCents: null, count: 1 });
    const [row] = await db()
      .db.select()
      .from(appointments)
      .where(eq(appointments.id, visit.id));
    expect(row).toMatchObject({
      status: "CANCELLED",
      sequence: 1,
      lateCancelFeeCents: null,
    });
    const mails = await mailsTo(db().db, await emailOf(db().db, visit.id));
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toContain("is cancelled");
    expect(mails[1].ics).toContain("METHOD:CANCEL");
    expect(mails[1].ics).toContain("SEQUENCE:1");
    expect(mails[1].ics).toContain(`UID:${visit.token}@studio-dental`);
    expect(mails[0].ics).toContain("SEQUENCE:0");
    // The freed time can be booked by someone else.
    await book(db().db, slug, at);
  });

  it("a second cancel of the same visit (double click, second tab) changes nothing and sends nothing", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await book(db().db, slug, new Date("2027-01-08T16:00:00Z"));
    const both = await Promise.all([
      cancelVisit(db().db, {
        appointmentId: visit.id,
        sequence: 0,
        shownFeeCents: null,
        now,
      }),
      cancelVisit(db().db, {
        appointmentId: visit.id,
        sequence: 0,
        shownFeeCents: null,
        now,
      }),
    ]);
    expect(both.filter((o) => o.ok)).toHaveLength(1);
    expect(both.find((o) => !o.ok)).toEqual({ ok: false, code: "changed" });
    expect(
      await mailsTo(db().db, await emailOf(db().db, visit.id))
    ).toHaveLength(2);
  });

  it("inside 24 hours: the $50 fee is recorded against the card on file, only if it was the fee shown; without a card it is free", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const at = new Date("2027-01-05T15:00:00Z"); // 27 hours after `now`
    const late = new Date("2027-01-04T16:00:00Z"); // 23 hours before the visit
    const withCard = await book(db().db, slug, at, { card: true });
    // The page was shown before the window started (no fee): the server does not cancel on old terms.
    expect(
      await cancelVisit(db().db, {
        appointmentId: withCard.id,
        sequence: 0,
        shownFeeCents: null,
        now: late,
      })
    ).toEqual({ ok: false, code: "terms_changed" });
    expect(
      await cancelVisit(db().db, {
        appointmentId: withCard.id,
        sequence: 0,
        shownFeeCents: 5000,
        now: late,
      })
    ).toEqual({ ok: true, feeCents: 5000, count: 1 });
    const [row] = await db()
      .db.select()
      .from(appointments)
      .where(eq(appointments.id, withCard.id));
    expect(row.lateCancelFeeCents).toBe(5000);
    const mails = await mailsTo(db().db, await emailOf(db().db, withCard.id));
    expect(mails.at(-1)!.text).toContain(
      "late-cancellation fee of $50 will be charged to Visa ending 4242"
    );

    const other = await createStudioWithProviders(db().db);
    const noCard = await book(db().db, other.slug, at);
    expect(
      await cancelVisit(db().db, {
        appointmentId: noCard.id,
        sequence: 0,
        shownFeeCents: null,
        now: late,
      })
    ).toEqual({ ok: true, feeCents: null, count: 1 });
  });

  it("a visit that has begun or passed cannot be cancelled or moved online", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await book(db().db, slug, new Date("2027-01-06T15:00:00Z"));
    const after = new Date("2027-01-06T15:30:00Z");
    expect(
      await cancelVisit(db().db, {
        appointmentId: visit.id,
        sequence: 0,
        shownFeeCents: null,
        now: after,
      })
    ).toEqual({ ok: false, code: "not_changeable" });
    expect(
      await rescheduleVisit(db().db, {
        appointmentId: visit.id,
        sequence: 0,
        startsAt: new Date("2027-01-07T15:00:00Z"),
        now: after,
      })
    ).toEqual({
      ok: false,
      code: "not_changeable",
    });
  });

  it("reschedules in one move: the old time is free, the new one taken, email with the new .ics (same UID, SEQUENCE 1)", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const oldAt = new Date("2027-01-08T15:00:00Z");
    const newAt = new Date("2027-01-11T19:00:00Z"); // Monday 2 PM in New York
    const visit = await book(db().db, slug, oldAt);
    expect(
      await rescheduleVisit(db().db, {
        appointmentId: visit.id,
        sequence: 0,
        startsAt: newAt,
        now,
      })
    ).toEqual({ ok: true, startsAt: newAt });
    const [row] = await db()
      .db.select()
      .from(appointments)
      .where(eq(appointments.id, visit.id));
    expect(row).toMatchObject({
      status: "CONFIRMED",
      sequence: 1,
      token: visit.token,
    });
    expect(row.startsAt.toISOString()).toBe(newAt.toISOString());
    expect(row.endsAt.toISOString()).toBe("2027-01-11T20:00:00.000Z");
    const mails = await mailsTo(db().db, await emailOf(db().db, visit.id));
    expect(mails.at(-1)!.subject).toContain(
      "moved to Monday, January 11, 2027 at 2:00 PM EST"
    );
    expect(mails.at(-1)!.text).toContain("It was on Friday, January 8, 2027");
    expect(mails.at(-1)!.ics).toContain(
      "DTSTART;TZID=America/New_York:20270111T140000"
    );
    expect(mails.at(-1)!.ics).toContain("SEQUENCE:1");
    expect(mails.at(-1)!.ics).toContain(`UID:${visit.token}@studio-dental`);
    // The old time is free for someone else; the new one is not.
    await book(db().db, slug, oldAt);
    await expect(book(db().db, slug, newAt)).rejects.toThrow(
      "availability_conflict"
    );
    // The page the patient saw is stale now: a second move of version 0 changes nothing.
    expect(
      await rescheduleVisit(db().db, {
        appointmentId: visit.id,
        sequence: 0,
        startsAt: new Date("2027-01-12T15:00:00Z"),
        now,
      })
    ).toEqual({
      ok: false,
      code: "changed",
    });
    // Then cancelled: book → move → cancel are one event to a calendar (ical.js reads each; SEQUENCE rises).
    expect(await cancelVisit(db().db, { appointmentId: visit.id, sequence: 1, shownFeeCents: null, now })).toEqual({ ok: true, feeCents: null, count: 1 });
    const series = (await mailsTo(db().db, await emailOf(db().db, visit.id))).map((m) => m.ics!);
    expect(series).toHaveLength(3);
    expect(icsSeriesProblems(series)).toEqual([]);
  });

  it("a move may overlap the visit's own current time (15 minutes later), never another patient's", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await book(db().db, slug, new Date("2027-01-08T15:00:00Z"));
    const taken = await book(db().db, slug, new Date("2027-01-08T17:00:00Z"));
    expect(
      (
        await rescheduleVisit(db().db, {
          appointmentId: visit.id,
          sequence: 0,
          startsAt: new Date("2027-01-08T15:15:00Z"),
          now,
        })
      ).ok
    ).toBe(true);
    expect(
      await rescheduleVisit(db().db, {
        appointmentId: visit.id,
        sequence: 1,
        startsAt: new Date("2027-01-08T16:30:00Z"),
        now,
      })
    ).toEqual({
      ok: false,
      code: "availability_conflict",
    });
    expect(taken.status).toBe("CONFIRMED");
  });

  it("the new-time picker does not offer the visit's own time; posting it anyway says so and changes nothing", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await book(db().db, slug, new Date("2027-01-08T15:00:00Z"));
    const picker = await timePickerWeek(db().db, {
      studio: (await getBookableStudio(db().db, slug))!,
      service: (await getService(db().db, "CLNCHK"))!,
      now,
      url: new URL("https://dental.example.com/?day=2027-01-08"),
      selected: null,
      timeoutMs: 5_000,
      moving: { appointmentId: visit.id, startsAt: visit.startsAt },
    });
    const offered = picker.days[0].slots.map((s) => s.value);
    expect(picker.days[0].heading).toContain("January 8, 2027");
    expect(offered).not.toContain("2027-01-08T15:00:00.000Z");
    expect(offered).toContain("2027-01-08T15:15:00.000Z");
    expect(
      await rescheduleVisit(db().db, {
        appointmentId: visit.id,
        sequence: 0,
        startsAt: visit.startsAt,
        now,
      })
    ).toEqual({ ok: false, code: "same_time" });
    const [after] = await db()
      .db.select()
      .from(appointments)
      .where(eq(appointments.id, visit.id));
    expect(after.sequence).toBe(0);
    expect(await mailsTo(db().db, await emailOf(db().db, visit.id))).toHaveLength(1);
  });

  it("moving into the patient's own other visit is a conflict; inside 24 hours moving is refused (call the studio)", async () => {
    const a = await createStudioWithProviders(db().db);
    const b = await createStudioWithProviders(db().db);
    const email = patientInput().email;
    const visit = await book(
      db().db,
      a.slug,
      new Date("2027-01-08T15:00:00Z"),
      { email }
    );
    await book(db().db, b.slug, new Date("2027-01-09T15:00:00Z"), { email });
    expect(
      await rescheduleVisit(db().db, {
        appointmentId: visit.id,
        sequence: 0,
        startsAt: new Date("2027-01-09T15:00:00Z"),
        now,
      })
    ).toEqual({
      ok: false,
      code: "conflict",
    });
    const soon = await book(db().db, a.slug, new Date("2027-01-05T15:00:00Z"));
    expect(
      await rescheduleVisit(db().db, {
        appointmentId: soon.id,
        sequence: 0,
        startsAt: new Date("2027-01-12T15:00:00Z"),
        now: new Date("2027-01-04T16:00:00Z"),
      })
    ).toEqual({ ok: false, code: "not_changeable" });
  });
});

describeEachEngine("reminders", ({ db, engine }) => {
  it("a visit stored in Spanish (appointments.locale es-US) is reminded and cancelled in Spanish; the calendar file too", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await book(db().db, slug, new Date("2027-01-20T15:00:00Z"));
    await tellVisitChanges(db().db); // the booking's email, in English, as a server's job sends it at once
    await db().db.update(appointments).set({ locale: "es-US" }).where(eq(appointments.id, visit.id));
    // The worker reads the row as it is when the reminder is due (7 days ahead).
    expect(await sendDueReminders(db().db, { now: new Date("2027-01-13T16:00:00Z"), siteOrigin: SITE })).toBeGreaterThan(0);
    expect((await cancelVisit(db().db, { appointmentId: visit.id, sequence: 0, shownFeeCents: null, now })).ok).toBe(true);
    const [, reminder, cancel] = await mailsTo(db().db, await emailOf(db().db, visit.id));
    expect(reminder.subject).toMatch(/^Recordatorio: su cita de Chequeo y limpieza el miércoles, 20 de enero de 2027 a las /);
    expect(reminder.text).toContain("Un recordatorio: su cita de Chequeo y limpieza");
    expect(reminder.html).toContain("Lo esperamos en una semana");
    expect(cancel.subject).toContain("está cancelada");
    expect(cancel.ics!.replace(/\r\n /g, "")).toContain("DESCRIPTION:Esta cita fue cancelada.");
  });

  it("a patient who stopped reminder emails on the consents page gets none (skipped, opted_out) until they turn them on again; the booking's own email still goes", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await book(db().db, slug, new Date("2027-01-20T15:00:00Z"));
    await db().db.update(patients).set({ reminderEmailsOffAt: now }).where(eq(patients.id, visit.patientId));
    expect(await sendDueReminders(db().db, { now: new Date("2027-01-13T16:00:00Z"), siteOrigin: SITE })).toBe(0);
    const rows = async () => db().db.select({ kind: appointmentReminders.kind, sentAt: appointmentReminders.sentAt, skipped: appointmentReminders.skipped }).from(appointmentReminders).where(eq(appointmentReminders.appointmentId, visit.id));
    expect((await rows()).find((r) => r.kind === "7d")).toMatchObject({ sentAt: null, skipped: "opted_out" });
    await db().db.update(patients).set({ reminderEmailsOffAt: null }).where(eq(patients.id, visit.patientId));
    expect(await sendDueReminders(db().db, { now: new Date("2027-01-18T16:00:00Z"), siteOrigin: SITE })).toBe(1);
    expect((await rows()).find((r) => r.kind === "2d")?.sentAt).toBeInstanceOf(Date);
    const subjects = (await mailsTo(db().db, await emailOf(db().db, visit.id))).map((m) => m.subject);
    expect(subjects).toHaveLength(2); // the confirmation and the 2-day reminder, not the 7-day one
    expect(subjects[1]).not.toBe(subjects[0]);
  });

  it("7 days, 2 days and 2 hours ahead, once each with two senders; none after a cancel; the new times after a reschedule", async () => {
    const database = db();
    // A second sender: on PostgreSQL a second connection pool, as a second container would have.
    const second =
      engine === "postgres"
        ? await openDatabase({
            databaseUrl: (database as { url?: string }).url!,
            migrate: false,
          })
        : database;
    try {
      const { slug } = await createStudioWithProviders(database.db, {
        roles: ["hygienist", "hygienist"],
      });
      const full = await book(
        database.db,
        slug,
        new Date("2027-01-20T15:00:00Z")
      ); // all three
      const cancelled = await book(
        database.db,
        slug,
        new Date("2027-01-21T15:00:00Z")
      ); // none
      const moved = await book(
        database.db,
        slug,
        new Date("2027-01-22T15:00:00Z")
      ); // 7d for the old time, then three for the new
      const soon = await book(
        database.db,
        slug,
        new Date("2027-01-05T15:00:00Z")
      ); // booked 27 h ahead: only the 2-hour one

      const sent = new Map<number, string[]>();
      for (
        let t = now.getTime();
        t <= new Date("2027-01-28T00:00:00Z").getTime();
        t += 3_600_000
      ) {
        const at = new Date(t);
        if (at.toISOString() === "2027-01-10T12:00:00.000Z") {
          expect(
            (
              await cancelVisit(database.db, {
                appointmentId: cancelled.id,
                sequence: 0,
                shownFeeCents: null,
                now: at,
              })
            ).ok
          ).toBe(true);
        }
        if (at.toISOString() === "2027-01-16T12:00:00.000Z") {
          const outcome = await rescheduleVisit(database.db, {
            appointmentId: moved.id,
            sequence: 0,
            startsAt: new Date("2027-01-27T15:00:00Z"),
            now: at,
          });
          expect(outcome.ok).toBe(true);
        }
        await Promise.all([
          sendDueReminders(database.db, { now: at, siteOrigin: SITE }),
          sendDueReminders(second.db, { now: at, siteOrigin: SITE }),
        ]);
      }
      for (const visit of [full, cancelled, moved, soon]) {
        const to = await emailOf(database.db, visit.id);
        const reminders = await database.db
          .select()
          .from(emailOutbox)
          .where(
            and(eq(emailOutbox.to, to), like(emailOutbox.subject, "Reminder:%"))
          )
          .orderBy(emailOutbox.id);
        sent.set(
          visit.id,
          reminders.map((m) => m.subject)
        );
      }
      expect(sent.get(full.id)).toHaveLength(3);
      expect(sent.get(cancelled.id)).toHaveLength(0);
      expect(sent.get(soon.id)).toHaveLength(1);
      expect(sent.get(moved.id)).toEqual([
        "Reminder: your Checkup & cleaning on Friday, January 22, 2027 at 10:00 AM EST",
        "Reminder: your Checkup & cleaning on Wednesday, January 27, 2027 at 10:00 AM EST",
        "Reminder: your Checkup & cleaning on Wednesday, January 27, 2027 at 10:00 AM EST",
        "Reminder: your Checkup & cleaning on Wednesday, January 27, 2027 at 10:00 AM EST",
      ]);
      const reminderMail = (
        await database.db
          .select()
          .from(emailOutbox)
          .where(like(emailOutbox.subject, "Reminder:%"))
      )[0];
      expect(reminderMail.text).toContain(`${SITE}/booking/confirmed/`);
    } finally {
      if (second !== database) await second.close();
    }
  });

  it("after downtime a visit gets the nearest reminder that is due, not every missed one; a passed visit gets none", async () => {
    const { slug } = await createStudioWithProviders(db().db);
    const visit = await book(db().db, slug, new Date("2027-01-20T15:00:00Z"));
    // Down from before the 7-day reminder until after the 2-day one was due.
    expect(
      await sendDueReminders(db().db, {
        now: new Date("2027-01-19T12:00:00Z"),
        siteOrigin: SITE,
      })
    ).toBe(1);
    const rows = await db()
      .db.select()
      .from(appointmentReminders)
      .where(eq(appointmentReminders.appointmentId, visit.id))
      .orderBy(appointmentReminders.id);
    expect(rows.map((r) => [r.kind, r.sentAt ? "sent" : r.skipped])).toEqual([
      ["7d", "superseded"],
      ["2d", "sent"],
      ["2h", null],
    ]);
    // Back only after the visit began: the 2-hour reminder is not sent late.
    expect(
      await sendDueReminders(db().db, {
        now: new Date("2027-01-20T15:30:00Z"),
        siteOrigin: SITE,
      })
    ).toBe(0);
  });
});
