/**
 * The embedded default's development pages (issue 31 D): with no provider configured a text waits in the outbox and
 * /dev/outbox shows it beside the emails; /dev/sms replies as a patient through the same handling as /sms/inbound
 * (C confirms the visit, anything else reaches the studio's thread); a bad form is a 400 with the words kept; both
 * pages do not exist (404, reads and posts) unless DEV_ROUTES=true or NODE_ENV=development.
 */
import { eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { tellVisitChanges } from "../helpers/visit-notices";

/** DEV_ROUTES read from process.env at each call (getEnv is read once per process otherwise). */
vi.mock("~/platform/env.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/platform/env.server")>();
  return { ...real, getEnv: () => ({ ...real.getEnv(), DEV_ROUTES: process.env.DEV_ROUTES === "true" }) };
});

const { describeEachEngine } = await import("../helpers/db");
const { callRoute } = await import("../helpers/route-call");
import { localTimeAhead } from "../fixtures/clock";
const { createStudioWithProviders, patientInput } = await import("../fixtures/factories");
const { smsInbound, smsThreads } = await import("~/db/schema");
const { bookAppointment } = await import("~/scheduling/book.server");
const { confirmedByText } = await import("~/sms/inbound.server");
const outboxPage = await import("~/routes/dev+/outbox");
const smsPage = await import("~/routes/dev+/sms");

const ORIGIN = "http://localhost:3000";
const get = (path: string) => new Request(`${ORIGIN}${path}`);
const post = (fields: Record<string, string>) =>
  new Request(`${ORIGIN}/dev/sms`, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });

describeEachEngine("texts' development pages", ({ db }) => {
  it("only with DEV_ROUTES: a booking's text on /dev/outbox; /dev/sms replies as the patient (C confirms, other words reach the studio)", async () => {
    const before = process.env.DEV_ROUTES;
    try {
      delete process.env.DEV_ROUTES;
      expect((await callRoute(outboxPage.loader, get("/dev/outbox"))).status).toBe(404);
      expect((await callRoute(smsPage.loader, get("/dev/sms"))).status).toBe(404);
      expect((await callRoute(smsPage.action, post({ from: "6175550100", body: "C" }))).status).toBe(404);
      expect(await db().db.select().from(smsInbound)).toHaveLength(0);

      process.env.DEV_ROUTES = "true";
      const { slug } = await createStudioWithProviders(db().db);
      const startsAt = localTimeAhead(3, "10:00");
      const phone = "6175550142";
      const booked = await bookAppointment(db().db, { studioSlug: slug, serviceCode: "CLNCHK", startsAt, patient: { ...patientInput(), phone }, needsInsurance: false, details: {}, smsConsent: true });
      if (!booked.ok) throw new Error(booked.code);
      await tellVisitChanges(db().db); // the booking's text, queued after its commit (decision 070)
      const outbox = (await (await callRoute(outboxPage.loader, get("/dev/outbox"))).json()) as { texts: { to: string; kind: string; body: string; status: string; segments: number }[] };
      expect(outbox.texts[0]).toMatchObject({ to: `+1${phone}`, kind: "booked", status: "PENDING" });
      expect(outbox.texts[0]!.body).toContain("Reply C to confirm");
      expect(outbox.texts[0]!.segments).toBeLessThanOrEqual(2);

      const bad = await callRoute(smsPage.action, post({ from: "12345", body: "" }));
      expect(bad.status).toBe(400);
      const refused = (await bad.json()) as { error: Record<string, string[]>; initialValue: Record<string, string> };
      expect(Object.keys(refused.error).sort()).toEqual(["body", "from"]);
      expect(refused.initialValue.from).toBe("12345");

      const confirm = await callRoute(smsPage.action, post({ from: "(617) 555-0142", body: "c" }));
      expect(confirm.status).toBe(303);
      expect(confirm.headers.get("location")).toBe("/dev/sms?taken=confirm");
      expect(await confirmedByText(db().db, [booked.appointment.id])).toEqual(new Set([booked.appointment.id]));
      const after = (await (await callRoute(outboxPage.loader, get("/dev/outbox"))).json()) as { texts: { kind: string; body: string }[] };
      expect(after.texts[0]).toMatchObject({ kind: "confirmed" });

      const question = await callRoute(smsPage.action, post({ from: "6175550142", body: "Do you take Delta Dental?" }));
      expect(question.headers.get("location")).toBe("/dev/sms?taken=studio");
      const [thread] = await db().db.select().from(smsThreads).where(eq(smsThreads.phone, `+1${phone}`));
      expect(thread).toMatchObject({ studioSlug: slug });
      expect(thread!.waitingSince).not.toBeNull();
      const page = (await (await callRoute(smsPage.loader, get("/dev/sms"))).json()) as { replies: { body: string; handledAs: string }[] };
      expect(page.replies.slice(0, 2).map((r) => r.handledAs)).toEqual(["studio", "confirm"]);
    } finally {
      if (before === undefined) delete process.env.DEV_ROUTES;
      else process.env.DEV_ROUTES = before;
    }
  });
});
