/**
 * The patient's own details in the patient area (issue 10): the account's patient record (name, phone, date of
 * birth, comfort preferences), made for the account's email the first time they are saved.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Patient } from "~/auth/sessions.server";
import { getDb, type Db } from "~/db/client.server";
import { patients, type Preference } from "~/db/schema";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE, type T } from "~/i18n/translate";
import { formatLongDateTime } from "~/rules/zoned-time";
import { serviceName, studioName } from "~/scheduling/service-names";
import { accountPatient, accountVisits, splitVisits, type AccountVisit, type PatientRecord } from "~/scheduling/visits.server";

export type Details = { firstName: string; lastName: string; phone: string; dateOfBirth: string };
export type Comfort = { flavor?: string; show?: string };

const COMFORT_NAMES = ["FLAVOR", "NETFLIX"];

/** The comfort choices in a record's preferences (spec names FLAVOR and NETFLIX). */
export function comfortOf(record: Pick<PatientRecord, "preferences"> | null): Comfort {
  const value = (name: string) => record?.preferences.find((p) => p.name.trim().toUpperCase() === name)?.value;
  return { flavor: value("FLAVOR"), show: value("NETFLIX") };
}

/** The record's preferences with FLAVOR and NETFLIX replaced by these choices; any other preference stays. */
function withComfort(preferences: Preference[], comfort: Comfort): Preference[] {
  const kept = preferences.filter((p) => !COMFORT_NAMES.includes(p.name.trim().toUpperCase()));
  return [...kept, ...(comfort.flavor ? [{ name: "FLAVOR", value: comfort.flavor }] : []), ...(comfort.show ? [{ name: "NETFLIX", value: comfort.show }] : [])];
}

type Change = Partial<Omit<typeof patients.$inferInsert, "id" | "email" | "personId" | "preferences">> & { comfort?: Comfort };

/**
 * Applies a change to the account's patient record; without one, to the record of the account's email
 * (claimed when no account has it) or a new one. Returns false when that email's record is another
 * account's (an address that changed hands): the studio sorts that out, nothing is overwritten.
 */
async function changeRecord(patient: Patient, { comfort, ...change }: Change): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const record = (await accountPatient(tx, patient.personId)) ?? (await claimableRecord(tx, patient));
    if (record === "taken") return false;
    const preferences = comfort ? withComfort(record?.preferences ?? [], comfort) : undefined;
    if (record) {
      await tx
        .update(patients)
        .set({ ...change, ...(preferences ? { preferences } : {}), personId: patient.personId })
        .where(eq(patients.id, record.id));
    } else {
      await tx.insert(patients).values({ ...change, email: patient.email, personId: patient.personId, preferences: preferences ?? [] });
    }
    return true;
  });
}

async function claimableRecord(tx: Pick<Db, "select">, patient: Patient): Promise<PatientRecord | "taken" | null> {
  const [row] = await tx.select().from(patients).where(and(eq(patients.email, patient.email), isNull(patients.familyOfPersonId)));
  if (!row) return null;
  return row.personId === null || row.personId === patient.personId ? row : "taken";
}

/** Saves name, phone (10 digits) and date of birth. */
export const saveDetails = (patient: Patient, details: Details) => changeRecord(patient, details);

/** Saves the comfort choices; an empty choice means "decide at the visit". */
export const saveComfort = (patient: Patient, comfort: Comfort) => changeRecord(patient, { comfort });

/** `status` in the reader's words; `tone` names its style. */
export type VisitRow = { href: string; when: string; service: string; studio: string; status: string; tone: string; upcoming: boolean };

const STATUS: Record<AccountVisit["status"] | "PAST", string> = {
  CONFIRMED: "account.visit.status.confirmed",
  CANCELLED: "account.visit.status.cancelled",
  COMPLETED: "account.visit.status.completed",
  NO_SHOW: "account.visit.status.missed",
  PAST: "account.visit.status.past",
};

/** A visit as the patient area lists it: the time in the studio's zone (with its abbreviation), and where it links. */
function visitRow(visit: AccountVisit, upcoming: boolean, t: T, locale: string): VisitRow {
  // A confirmed visit whose time has passed is not yet marked by the studio: just "Past".
  const state = visit.status === "CONFIRMED" && !upcoming ? "PAST" : visit.status;
  return {
    href: `/profile/appointments/${visit.token}`,
    when: formatLongDateTime(visit.startsAt, visit.tz, locale),
    service: serviceName(t, locale, { code: visit.serviceCode, name: visit.serviceName }),
    // The video studio's name says so itself ("Virtual consult (video)"), in the reader's language.
    studio: studioName(t, locale, { slug: visit.studioSlug, name: visit.studioName }),
    status: t(STATUS[state]),
    tone: state.toLowerCase(),
    upcoming,
  };
}

/** The account's visits, upcoming (soonest first) and past (latest first); `only` narrows them (e.g. ortho). */
export async function accountVisitRows(personId: number, now = new Date(), only: (visit: AccountVisit) => boolean = () => true, locale = DEFAULT_LOCALE) {
  return visitRows((await accountVisits(await getDb(), personId)).filter(only), now, locale);
}

/** Visits as the patient area lists them, upcoming (soonest first) and past (latest first). */
export function visitRows(visits: AccountVisit[], now: Date, locale = DEFAULT_LOCALE) {
  const { upcoming, past } = splitVisits(visits, now);
  const t = tFor(locale);
  return { upcoming: upcoming.map((v) => visitRow(v, true, t, locale)), past: past.map((v) => visitRow(v, false, t, locale)), visits };
}
