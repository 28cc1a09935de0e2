import type { LoaderFunctionArgs } from "@remix-run/node";
import { getStudioAnyState } from "~/scheduling/catalogue.server";
import { getDb } from "~/db/client.server";
import { getAppointmentByToken } from "~/scheduling/book.server";
import { getService } from "~/scheduling/catalogue.server";
import { appointmentIcs } from "~/scheduling/visit-email";

/** /booking/confirmed/<token>/calendar.ics: the visit as an iCalendar file in the studio's timezone. */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const appointment = await getAppointmentByToken(db, params.token ?? "");
  const studio = appointment
    ? await getStudioAnyState(db, appointment.studioSlug)
    : null;
  const service = appointment
    ? await getService(db, appointment.serviceType)
    : null;
  if (
    !appointment ||
    !studio ||
    !service ||
    appointment.status === "CANCELLED"
  ) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const ics = appointmentIcs({
    appointment,
    studio,
    service,
    now: appointment.createdAt,
  });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="appointment.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
