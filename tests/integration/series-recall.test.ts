// A series of recall-type visits replaces the six-month recall while it lasts (issue 39 B, decision 081), on PGlite
// and PostgreSQL: a patient with a gum-care series still ahead gets no checkup recall; one with a single gum-care
// visit ahead still does; once the series is over (cancelled), the recall is due again.
import { and, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { appointments, emailOutbox, recallNotices, services, visitSeries } from "~/db/schema";
import { sendDueRecalls } from "~/recall/recall.server";
import { newAppointmentToken } from "~/scheduling/book.server";
import { createPatient, createStudioWithProviders } from "../fixtures/factories";
import { describeEachEngine } from "../helpers/db";

const SITE = "https://dental.example.com";

async function visit(db: Db, patientId: number, studio: { slug: string; providerIds: number[] }, startsAt: string, status: "CONFIRMED" | "COMPLETED", service: string, series?: { id: number; position: number }) {
  const start = new Date(startsAt);
  const [row] = await db
    .insert(appointments)
    .values({ token: newAppointmentToken(), patientId, studioSlug: studio.slug, providerId: studio.providerIds[0], serviceType: service, startsAt: start, endsAt: new Date(start.getTime() + 3_600_000), status, seriesId: series?.id ?? null, seriesPosition: series?.position ?? null })
    .returning();
  return row;
}

describeEachEngine("a series replaces the recall", ({ db }) => {
  it("no checkup recall while a gum-care series is ahead; a single gum-care visit does not replace it; the series over, the recall is due", async () => {
    const d = db().db;
    await d.insert(services).values({ code: "PERIOM", name: "Gum care (periodontal maintenance)", description: "Deep cleaning every 3 months.", category: "preventive", durationMinutes: 60, providerRoles: ["hygienist"], virtualAllowed: false, priceCents: 24900, recallMonths: 3 }).onConflictDoNothing();
    const studio = await createStudioWithProviders(d, { roles: ["hygienist"] });
    const [inSeries, single] = await Promise.all(["Ida", "Sol"].map((firstName) => createPatient(d, { firstName })));
    // Checkups in January 2027: due in July; "due soon" on June 16 at 9 AM EDT.
    await visit(d, inSeries.id, studio, "2027-01-14T15:00:00Z", "COMPLETED", "CLNCHK");
    await visit(d, single.id, studio, "2027-01-14T17:00:00Z", "COMPLETED", "CLNCHK");
    const [series] = await d
      .insert(visitSeries)
      .values({ token: newAppointmentToken(), patientId: inSeries.id, studioSlug: studio.slug, serviceType: "PERIOM", every: 3, unit: "months", localMinute: 600, occurrences: 2, channel: "phone" })
      .returning();
    const gumCare = [
      await visit(d, inSeries.id, studio, "2027-06-21T14:00:00Z", "CONFIRMED", "PERIOM", { id: series.id, position: 1 }),
      await visit(d, inSeries.id, studio, "2027-09-20T14:00:00Z", "CONFIRMED", "PERIOM", { id: series.id, position: 2 }),
    ];
    await visit(d, single.id, studio, "2027-07-05T16:00:00Z", "CONFIRMED", "PERIOM");

    const dueSoon = new Date("2027-06-16T13:05:00Z");
    await sendDueRecalls(d, { now: dueSoon, siteOrigin: SITE });
    const mails = async (to: string) => (await d.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((m) => /checkup is due/i.test(m.subject));
    expect(await mails(single.email)).toHaveLength(1);
    expect(await mails(inSeries.email)).toHaveLength(0);

    // The series cancelled: nothing of it ahead, the checkup recall is due again (the due email, July 14).
    await d.update(appointments).set({ status: "CANCELLED", cancelledAt: dueSoon }).where(inArray(appointments.id, gumCare.map((g) => g.id)));
    await sendDueRecalls(d, { now: new Date("2027-07-14T13:05:00Z"), siteOrigin: SITE });
    expect(await mails(inSeries.email)).toHaveLength(1);
    const notices = await d.select().from(recallNotices).where(and(eq(recallNotices.patientId, inSeries.id), eq(recallNotices.serviceCode, "CLNCHK")));
    expect(notices.map((n) => [n.kind, n.sentAt !== null])).toEqual([["due", true]]);
  });
});
