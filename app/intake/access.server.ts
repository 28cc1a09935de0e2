/**
 * Who may open a visit's intake, in one function (decision 006): whoever holds the visit's token (`?token=…`,
 * a 192-bit bearer secret), recorded as `via: "account"` when the logged-in patient owns the visit; and a
 * logged-in patient without a token in hand is taken to their own next visit's intake (`ownNextIntake`).
 * Every intake loader and action goes through this function.
 */
import { and, asc, eq, gt, ne } from "drizzle-orm";
import { getPatient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { appointments, patients } from "~/db/schema";
import { requiresIntake } from "~/rules/intake";
import { appointmentNeedsInsurance } from "~/rules/needs-insurance";
import { formatLongDateTime } from "~/rules/zoned-time";
import { getAppointmentByToken } from "~/scheduling/book.server";
import { getService, getStudioAnyState } from "~/scheduling/catalogue.server";
import { goneLink } from "~/platform/gone-link.server";
import { i18nOf } from "~/i18n/locale.server";
import { serviceName } from "~/scheduling/service-names";

export type IntakeVisit = {
  appointment: typeof appointments.$inferSelect;
  via: "token" | "account";
  token: string;
  /** "Invisalign consult at Fenway, Monday, March 15, 2027 at 9:00 AM EDT" (the studio's zone). */
  label: { service: string; studio: string; when: string };
  /** The health history is asked for the services the spec's intake rule names. */
  health: boolean;
  /** Anything to do at all: the service needs intake, or the visit needs insurance (spec §5). */
  needed: boolean;
  /** What the booking already said about insurance (prefills the provider step). */
  bookedInsurance: { kind: "carrier"; carrier: string; memberId?: string } | { kind: "self-pay" } | undefined;
};

/** The same answer for an unknown, short, long, malformed or cancelled-visit token (the site's 404 page). */
export function notFound(): Response {
  return goneLink({
    heading: "common.gone.intakeHeading",
    message: "common.gone.intake",
    next: { href: "/studios", label: "common.gone.intakeNext" },
  });
}

const visits = new WeakMap<Request, Promise<IntakeVisit>>();

/** The visit this request may open the intake of, or a thrown 404. Memoised per request. */
export function intakeAccess(request: Request): Promise<IntakeVisit> {
  let visit = visits.get(request);
  if (!visit) {
    visit = findVisit(request);
    visits.set(request, visit);
  }
  return visit;
}

async function findVisit(request: Request): Promise<IntakeVisit> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const db = await getDb();
  const appointment = await getAppointmentByToken(db, token);
  if (!appointment || appointment.status === "CANCELLED") throw notFound();
  const [studio, service, [patient], viewer] = await Promise.all([
    getStudioAnyState(db, appointment.studioSlug),
    getService(db, appointment.serviceType),
    db.select({ preferences: patients.preferences, personId: patients.personId, familyOf: patients.familyOfPersonId }).from(patients).where(eq(patients.id, appointment.patientId)),
    getPatient(request),
  ]);
  if (!studio || !service) throw notFound();
  // The page's language (a patient may fill the intake in another language than they booked in).
  const { locale, t } = i18nOf(request);
  const health = requiresIntake(appointment.serviceType);
  const needsInsurance = appointmentNeedsInsurance({
    needsInsurance: appointment.needsInsurance,
    serviceType: appointment.serviceType,
    preferences: patient?.preferences ?? [],
  });
  const booked = appointment.details?.insurance as IntakeVisit["bookedInsurance"];
  return {
    appointment,
    // The holder filling a family member's intake reads it as the patient's own (issue 20 A): via the account.
    via: viewer && (patient?.personId === viewer.personId || patient?.familyOf === viewer.personId) ? "account" : "token",
    token: appointment.token,
    label: { service: serviceName(t, locale, service), studio: studio.name, when: formatLongDateTime(appointment.startsAt, studio.tz, locale) },
    health,
    needed: health || needsInsurance,
    bookedInsurance: booked && typeof booked === "object" && "kind" in booked ? booked : undefined,
  };
}

/**
 * A logged-in patient at `/intake` without a token: the intake link of their next upcoming visit, or null
 * (not logged in, or no upcoming visit). Only their own visits: the patient row must be claimed by them.
 */
export async function ownNextIntake(request: Request, now = new Date()): Promise<string | null> {
  const viewer = await getPatient(request);
  if (!viewer) return null;
  const db = await getDb();
  const [next] = await db
    .select({ token: appointments.token })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(and(eq(patients.personId, viewer.personId), ne(appointments.status, "CANCELLED"), gt(appointments.startsAt, now)))
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  return next ? `/intake?token=${encodeURIComponent(next.token)}` : null;
}
