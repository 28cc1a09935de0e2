/**
 * A series' calendar (issue 39, decision 076): the place of a visit in its series ("3 of 8") for its emails and its
 * own calendar file, and the series' file of every visit still booked, at /booking/series/<token>/calendar.ics.
 */
import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import { appointments, visitSeries } from "~/db/schema";
import { getEnv } from "~/platform/env.server";
import { isVisitTokenShape } from "./book.server";
import { getService, getStudioAnyState } from "./catalogue.server";
import { seriesIcs, type SeriesPlace } from "./visit-calendar";

/** A visit's place in its series, or undefined for a single visit. */
export async function seriesPlaceOf(db: Pick<Db, "select">, visit: { seriesId: number | null; seriesPosition: number | null }): Promise<SeriesPlace | undefined> {
  if (visit.seriesId === null || visit.seriesPosition === null) return undefined;
  const [series] = await db.select({ token: visitSeries.token, of: visitSeries.occurrences }).from(visitSeries).where(eq(visitSeries.id, visit.seriesId));
  return series ? { position: visit.seriesPosition, of: series.of, token: series.token } : undefined;
}

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The series' file: one VEVENT per visit not cancelled, as its own file has it now (UID, SEQUENCE, time), each
 * RELATED-TO the series; 404 for an unknown token or a series with no visit left. The token is the series' key
 * (128+ bits), like a visit's own calendar link.
 */
export async function seriesCalendarFile(token: string): Promise<Response> {
  if (!isVisitTokenShape(token)) return notFound();
  const db = await getDb();
  const [series] = await db.select().from(visitSeries).where(eq(visitSeries.token, token));
  if (!series) return notFound();
  const visits = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.seriesId, series.id), ne(appointments.status, "CANCELLED")))
    .orderBy(asc(appointments.seriesPosition));
  const studio = await getStudioAnyState(db, series.studioSlug);
  const service = await getService(db, series.serviceType);
  if (visits.length === 0 || !studio || !service) return notFound();
  const mailFrom = getEnv().MAIL_FROM;
  const ics = seriesIcs(
    visits.map((appointment) => ({
      appointment: { ...appointment, series: { position: appointment.seriesPosition!, of: series.occurrences, token } },
      studio,
      service,
      now: series.createdAt,
      mailFrom,
    })),
  );
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="visits.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
