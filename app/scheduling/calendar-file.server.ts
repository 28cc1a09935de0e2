import { getDb } from "~/db/client.server";
import { getEnv } from "~/platform/env.server";
import { getAppointmentByToken } from "./book.server";
import { getService, getStudioAnyState } from "./catalogue.server";
import { seriesPlaceOf } from "./series-calendar.server";
import { appointmentIcs } from "./visit-calendar";

/** /booking/confirmed/<token>/calendar.ics: the visit as an iCalendar file in the studio's timezone; 404 when none. */
export async function visitCalendarFile(token: string): Promise<Response> {
  const db = await getDb();
  const appointment = await getAppointmentByToken(db, token);
  const studio = appointment ? await getStudioAnyState(db, appointment.studioSlug) : null;
  const service = appointment ? await getService(db, appointment.serviceType) : null;
  if (!appointment || !studio || !service || appointment.status === "CANCELLED") {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const series = await seriesPlaceOf(db, appointment);
  const ics = appointmentIcs({ appointment: { ...appointment, series }, studio, service, now: appointment.createdAt, mailFrom: getEnv().MAIL_FROM });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="appointment.ics"',
      // No Referrer-Policy of its own: a calendar file loads nothing and links nowhere, so the site's one
      // header is enough (a second one here made the response carry the header twice, issue 25).
      "Cache-Control": "private, no-store",
    },
  });
}
