/**
 * Booking as a returning patient (issue 10 D): a logged-in patient's details come from their account's
 * patient record; after a guest booking the confirmed page offers an account for the visit's email.
 */
import { eq } from "drizzle-orm";
import { honeypotProps } from "~/flow/forms.server";
import { bookedHere } from "~/auth/booked-here.server";
import { getPatient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { patients } from "~/db/schema";
import { FLAVORS, SHOWS } from "~/rules/comfort-preferences";
import { familyMember } from "~/scheduling/family.server";
import { accountPatient } from "~/scheduling/visits.server";
import type { PatientFor } from "./state";
import { forgetPerson } from "./funnel";
import { bookingCookie } from "./step.server";

/**
 * The contact step's starting values from the account's patient record (blank where the record has none); for
 * one of its family members (issue 20 A), from the member's record, with the holder's mobile number.
 */
export async function accountContact(personId: number, patientFor: PatientFor = "me") {
  const db = await getDb();
  const own = await accountPatient(db, personId);
  const member = patientFor === "me" ? null : await familyMember(db, personId, patientFor);
  const record = member ? { ...member, phone: own?.phone ?? "" } : own;
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
 * sign-up form's honeypot. Only in the browser that booked (see bookedHere), for a guest viewer and a visit
 * that is no account's yet.
 */
export async function accountOffer(request: Request, visit: { token: string; patientId: number; status: string }) {
  if (visit.status === "CANCELLED" || !bookedHere(request, visit.token) || (await getPatient(request))) return null;
  const [patient] = await (await getDb())
    .select({ email: patients.email, personId: patients.personId, familyOf: patients.familyOfPersonId })
    .from(patients)
    .where(eq(patients.id, visit.patientId));
  if (!patient || patient.personId !== null || patient.familyOf !== null) return null;
  return { email: patient.email, honeypot: honeypotProps() };
}

/** On logout: the booking cookie without the person's details (a Set-Cookie value), or null when it holds none. */
export async function bookingWithoutPerson(request: Request): Promise<string | null> {
  const state = await bookingCookie().read(request);
  const kept = forgetPerson(state);
  return JSON.stringify(kept) === JSON.stringify(state) ? null : bookingCookie().serialize(kept);
}

/**
 * Who a logged-in booking is for (issue 20 A): null for the account itself (or a guest), the member's name for
 * one of its family members, "gone" when the member in the cookie is not (or no longer) the account's.
 */
export async function bookingFor(state: { patientFor?: PatientFor }, account: { personId: number } | null): Promise<string | null | "gone"> {
  if (!account || typeof state.patientFor !== "number") return null;
  const member = await familyMember(await getDb(), account.personId, state.patientFor);
  return member ? `${member.firstName} ${member.lastName}`.trim() : "gone";
}
