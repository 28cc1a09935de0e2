// The outbox delivers through a real SMTP server process (smtp-server on a loopback port).
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import { deliverPending, enqueueEmail } from "~/platform/email.server";
import { confirmationEmail } from "~/visit-notices/visit-email";
import { describeEachEngine } from "../helpers/db";
import { buildIcs } from "~/scheduling/ics";
import { mimeParts } from "../standards/mime";
import { captureRawEmail } from "../standards/captured";

type Received = { from: string; to: string[]; data: string };
let received: Received[] = [];
let refuse = false;
/** While set, the server holds the next email's data until it resolves (a send in progress). */
let hold: Promise<void> | null = null;
let dataStarted: () => void = () => {};
let server: SMTPServer;
let url = "";

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      callback(refuse ? Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      dataStarted();
      const held = hold;
      hold = null;
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), data });
        // As delivered: its HTML to the validator, its calendar part(s) to the .ics checks (the run's global teardown).
        captureRawEmail(data, "email outbox over SMTP (as received)");
        void (held ?? Promise.resolve()).then(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describeEachEngine("email outbox over SMTP", ({ db }) => {
  it("sends the confirmation with its calendar file and marks it sent", async () => {
    received = [];
    refuse = false;
    await enqueueEmail(db().db, {
      to: "patient@example.com",
      subject: "Booked: Checkup & cleaning",
      text: "Your visit is booked.",
      ics: buildIcs({
        uid: "tok_sent@studio-dental",
        startsAt: new Date("2027-03-15T13:00:00Z"),
        endsAt: new Date("2027-03-15T14:00:00Z"),
        timezone: "America/New_York",
        summary: "Checkup & cleaning at Studio Dental Fenway",
        location: "Fenway, 1330 Boylston St, Boston, MA 02215",
        description: "Please arrive 10 minutes early.",
        organizer: { name: "Studio Dental Fenway", email: "appointments@example.com" },
        now: new Date("2027-03-01T12:00:00Z"),
      }),
    });
    expect(await deliverPending(db().db, url, "Studio Dental <appointments@example.com>")).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["patient@example.com"]);
    expect(received[0].from).toBe("appointments@example.com");
    expect(received[0].data).toContain("Subject: Booked: Checkup & cleaning");
    expect(received[0].data).toMatch(/Content-Type: text\/calendar/i);
    // One calendar part (issue 25): text/calendar with the file's METHOD, no application/ics attachment beside it.
    const calendars = mimeParts(received[0].data).filter((p) => /calendar|ics/i.test(p.contentType));
    expect(calendars.map((p) => p.contentType)).toEqual(["text/calendar; charset=utf-8; method=PUBLISH"]);
    expect(calendars[0].body).toContain("ORGANIZER;CN=\"Studio Dental Fenway\":mailto:appointments@example.com\r\n");
    const [row] = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, "patient@example.com"));
    expect(row.status).toBe("SENT");
    expect(row.sentAt).not.toBeNull();
    // Nothing is sent twice.
    expect(await deliverPending(db().db, url, "x@example.com")).toBe(0);
  });

  it("the confirmation arrives as multipart HTML and text with the .ics; the subject has the date and time; both parts the address", async () => {
    received = [];
    refuse = false;
    const mail = confirmationEmail({
      to: "multipart@example.com",
      firstName: "Pat",
      appointment: { token: "tok_mp", startsAt: new Date("2027-03-15T13:00:00Z"), endsAt: new Date("2027-03-15T14:00:00Z"), serviceType: "CLNCHK", needsInsurance: false },
      studio: { slug: "fenway", name: "Fenway", address: "1330 Boylston St, Boston, MA 02215", phone: "6175550171", tz: "America/New_York", isVirtual: false, mapUrl: "https://www.google.com/maps/search/?api=1&query=Fenway", latitude: 42.345, longitude: -71.098 },
      service: { name: "Checkup & cleaning" },
      now: new Date("2027-03-01T12:00:00Z"),
      siteOrigin: "https://book.example.com",
      mailFrom: "Studio Dental <appointments@example.com>",
    });
    await enqueueEmail(db().db, mail);
    expect(await deliverPending(db().db, url, "Studio Dental <appointments@example.com>")).toBe(1);
    // Unfold headers and quoted-printable soft breaks to read it as a mail client would.
    const data = received[0].data.replace(/\r\n[ \t]+/g, " ").replace(/=\r\n/g, "");
    expect(data).toMatch(/Content-Type: multipart\/(alternative|mixed)/i);
    expect(data).toMatch(/Content-Type: text\/plain/i);
    expect(data).toMatch(/Content-Type: text\/html/i);
    expect(data).toMatch(/Content-Type: text\/calendar/i);
    expect(data).toContain("Subject: Studio Dental: your Checkup & cleaning on Monday, March 15, 2027 at 9:00 AM EDT");
    expect(data.split("1330 Boylston St").length - 1).toBeGreaterThanOrEqual(2); // the text part and the HTML part
  });

  it("two processes' workers send an email once, even while the first is still sending it", async () => {
    received = [];
    refuse = false;
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (dataStarted = resolve));
    await enqueueEmail(db().db, { to: "once@example.com", subject: "Cancelled", text: "Your visit is cancelled." });
    // One container claims it and is talking to the SMTP server; another container's worker polls meanwhile.
    const first = deliverPending(db().db, url, "appointments@example.com");
    let second: number;
    try {
      await started;
      second = await deliverPending(db().db, url, "appointments@example.com");
    } finally {
      release();
      dataStarted = () => {};
    }
    expect(await first).toBe(1);
    expect(second).toBe(0);
    expect(received.filter((m) => m.to.includes("once@example.com"))).toHaveLength(1);
    const [row] = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, "once@example.com"));
    expect(row.status).toBe("SENT");
    expect(row.attempts).toBe(1);
  });

  it("a claim left by a process that stopped mid-send is taken over after the claim's time", async () => {
    received = [];
    refuse = false;
    await enqueueEmail(db().db, { to: "orphan@example.com", subject: "Moved", text: "Your visit is moved." });
    const claimedAt = new Date();
    await db().db.update(emailOutbox).set({ attempts: 1, sentAt: claimedAt }).where(eq(emailOutbox.to, "orphan@example.com"));
    expect(await deliverPending(db().db, url, "appointments@example.com", 20, new Date(claimedAt.getTime() + 60_000))).toBe(0);
    expect(await deliverPending(db().db, url, "appointments@example.com", 20, new Date(claimedAt.getTime() + 16 * 60_000))).toBe(1);
    expect(received.map((m) => m.to)).toEqual([["orphan@example.com"]]);
  });

  it("keeps a refused email pending with the error, and gives up after five attempts", async () => {
    received = [];
    refuse = true;
    await enqueueEmail(db().db, { to: "bounce@example.com", subject: "Hi", text: "x" });
    for (let i = 0; i < 6; i++) await deliverPending(db().db, url, "appointments@example.com");
    const [row] = await db().db.select().from(emailOutbox).where(eq(emailOutbox.to, "bounce@example.com"));
    expect(row.attempts).toBe(5);
    expect(row.status).toBe("FAILED");
    expect(row.lastError).toMatch(/mailbox unavailable|550/);
    expect(received).toHaveLength(0);
  });
});
