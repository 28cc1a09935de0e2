/**
 * Booking as a returning patient (issue 10 D): a logged-in patient's details come from their account's
 * patient record; after a guest booking the confirmed page offers an account for the visit's email.
 */
import { eq } from "drizzle-orm";
import { honeypotProps } from "~/auth/forms.server";
import { getPatient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { patients } from "~/db/schema";
import { FLAVORS, SHOWS } from "~/rules/comfort-preferences";
import { accountPatient } from "~/scheduling/visits.server";
import { forgetPerson } from "./funnel";
import { bookingCookie } from "./step.server";

/** The contact step's starting values from the account's patient record (blank where the record has none). */
export async function accountContact(personId: number) {
  const record = await accountPatient(await getDb(), personId);
  if (!record) return null;
  const preference = (name: string, options: readonly { value: string }[]) => {
    const value = record.preferences.find((p) => p.name === name)?.value;
    return options.some((o) => o.value === value) ? value : undefined;
  };
  return {
    firstName: record.firstName,
    lastName: record.lastName,
    phone: record.phone,
    dateOfBirth: record.dateOfBirth ?? "",
    preferences: { flavor: preference("FLAVOR", FLAVORS), show: preference("NETFLIX", SHOWS) },
  };
}

/**
 * The confirmed page's "create an account" offer: the visit's email (in the page, never in a URL) and the
 * sign-up form's honeypot. Only for a guest viewer and a visit that is no account's yet.
 */
export async function accountOffer(request: Request, visit: { patientId: number; status: string }) {
  if (visit.status === "CANCELLED" || (await getPatient(request))) return null;
  const [patient] = await (await getDb())
    .select({ email: patients.email, personId: patients.personId })
    .from(patients)
    .where(eq(patients.id, visit.patientId));
  if (!patient || patient.personId !== null) return null;
  return { email: patient.email, honeypot: honeypotProps() };
}

/** On logout: the booking cookie without the person's details (a Set-Cookie value), or null when it holds none. */
export async function bookingWithoutPerson(request: Request): Promise<string | null> {
  const state = await bookingCookie().read(request);
  const kept = forgetPerson(state);
  return JSON.stringify(kept) === JSON.stringify(state) ? null : bookingCookie().serialize(kept);
}
