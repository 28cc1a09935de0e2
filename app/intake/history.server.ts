/**
 * "My mouth" (issue 10): the health history and insurance a logged-in patient gave at intake, newest first,
 * read only for the account that owns the visits. Each read is a line in the intake audit (via "account",
 * action "view", step "profile"), like any other read of health data (decision 006).
 */
import { desc, eq, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { appointments, intakeAudit, intakeCardPhotos, intakes, patients } from "~/db/schema";
import { formatCalendarDate } from "~/rules/zoned-time";
import { tFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import type { HealthHistory, IntakeInsurance, IntakeState } from "./flow";
import { ALLERGENS, CARRIER_CHOICES, CONDITIONS, labelOf, PLAN_TYPES, PREGNANCY, PREMEDICATION, RELATIONSHIPS, TOBACCO } from "./options";

// The staff console reads these rows too, and it speaks English only (decision 027).
const en = tFor(DEFAULT_LOCALE);

export type Row = { key: string; value: string };
export type OnFile = { rows: Row[]; updatedAt: Date; complete: boolean };

function healthRows(health: HealthHistory): Row[] {
  const rows: Row[] = [];
  const add = (key: string, value: string) => rows.push({ key, value });
  add("Conditions", health.conditions.includes("none") ? "None of these" : health.conditions.map((c) => labelOf(en, CONDITIONS, c)).join("; "));
  if (health.otherConditions) add("Other conditions", health.otherConditions);
  add("Medicines", health.takesMedications === "yes" ? (health.medications ?? "") : "None");
  const allergies = [...health.allergens.map((a) => labelOf(en, ALLERGENS, a)), ...(health.otherAllergies ? [health.otherAllergies] : [])];
  add("Allergies", health.hasAllergies === "yes" ? allergies.join("; ") : "None");
  if (health.hasAllergies === "yes" && health.allergyReactions) add("Reactions", health.allergyReactions);
  add("Pregnant or nursing", labelOf(en, PREGNANCY, health.pregnancy));
  add("Tobacco", labelOf(en, TOBACCO, health.tobacco));
  add("Antibiotics advised before dental visits", labelOf(en, PREMEDICATION, health.premedication));
  return rows;
}

function insuranceRows(insurance: IntakeInsurance, photos: { front: boolean; back: boolean }): Row[] {
  if (insurance.kind === "none") return [{ key: "Dental insurance", value: "I don’t have dental insurance" }];
  const rows: Row[] = [
    { key: "Dental insurance", value: labelOf(en, CARRIER_CHOICES, insurance.carrier) },
    ...(insurance.planName ? [{ key: "Plan name", value: insurance.planName }] : []),
    { key: "Plan type", value: labelOf(en, PLAN_TYPES, insurance.planType) },
    { key: "Member ID", value: insurance.memberId },
    { key: "Group number", value: insurance.groupNumber ?? "Not given" },
    { key: "Whose plan", value: labelOf(en, RELATIONSHIPS, insurance.subscriber.relationship) },
  ];
  if (insurance.subscriber.relationship !== "self") {
    rows.push({ key: "Their name", value: insurance.subscriber.name }, { key: "Their date of birth", value: formatCalendarDate(insurance.subscriber.dateOfBirth) });
  }
  const sides = [photos.front ? "front" : null, photos.back ? "back" : null].filter(Boolean);
  rows.push({ key: "Card photos", value: sides.length ? `On file (${sides.join(" and ")})` : "None on file" });
  return rows;
}

/**
 * The newest health history and the newest insurance among the account's intakes (each may come from a
 * different visit: not every visit asks for the health history), or null for what is not on file.
 */
export const accountHealthRecord = (personId: number) => healthRecordWhere(eq(patients.personId, personId));

/** The same for one family member of the holder's (the caller checked the member is theirs), audited alike. */
export const memberHealthRecord = (patientId: number) => healthRecordWhere(eq(patients.id, patientId));

/** A family member's health history and insurance as their page shows them (each with the day it was last saved). */
export async function memberHealthView(patientId: number, locale: string) {
  const record = await memberHealthRecord(patientId);
  const view = (onFile: typeof record.health) => (onFile ? { rows: onFile.rows, asOf: formatCalendarDate(onFile.updatedAt.toISOString().slice(0, 10), locale), complete: onFile.complete } : null);
  return { health: view(record.health), insurance: view(record.insurance) };
}

async function healthRecordWhere(where: SQL): Promise<{ health: OnFile | null; insurance: OnFile | null }> {
  const db = await getDb();
  const rows = await db
    .select({ appointmentId: intakes.appointmentId, answers: intakes.answers, status: intakes.status, updatedAt: intakes.updatedAt })
    .from(intakes)
    .innerJoin(appointments, eq(appointments.id, intakes.appointmentId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(where)
    .orderBy(desc(intakes.updatedAt), desc(intakes.appointmentId));
  const answers = (row: (typeof rows)[number]) => row.answers as Partial<IntakeState>;
  const withHealth = rows.find((row) => answers(row).health);
  const withInsurance = rows.find((row) => answers(row).insurance);
  const read = [...new Set([withHealth?.appointmentId, withInsurance?.appointmentId].filter((id): id is number => id !== undefined))];
  if (read.length) await db.insert(intakeAudit).values(read.map((appointmentId) => ({ appointmentId, via: "account" as const, action: "view" as const, step: "profile" })));
  let photos = { front: false, back: false };
  if (withInsurance) {
    const sides = await db.select({ side: intakeCardPhotos.side }).from(intakeCardPhotos).where(eq(intakeCardPhotos.appointmentId, withInsurance.appointmentId));
    photos = { front: sides.some((s) => s.side === "front"), back: sides.some((s) => s.side === "back") };
  }
  const onFile = (row: (typeof rows)[number] | undefined, rowsOf: (state: Partial<IntakeState>) => Row[]): OnFile | null =>
    row ? { rows: rowsOf(answers(row)), updatedAt: row.updatedAt, complete: row.status === "COMPLETE" } : null;
  return {
    health: onFile(withHealth, (state) => healthRows(state.health!)),
    insurance: onFile(withInsurance, (state) => insuranceRows(state.insurance!, photos)),
  };
}

/**
 * One visit's intake for the studio console (issue 18): its health history and insurance as rows, or null for
 * what is not on file. The read is a line in the intake audit (via "staff"); the console adds who in audit_log.
 */
export async function visitIntakeForStaff(appointmentId: number): Promise<{ health: OnFile | null; insurance: OnFile | null; photos: { front: boolean; back: boolean } }> {
  const db = await getDb();
  const [row] = await db.select().from(intakes).where(eq(intakes.appointmentId, appointmentId));
  await db.insert(intakeAudit).values({ appointmentId, via: "staff", action: "view", step: "console" });
  const sides = await db.select({ side: intakeCardPhotos.side }).from(intakeCardPhotos).where(eq(intakeCardPhotos.appointmentId, appointmentId));
  const photos = { front: sides.some((s) => s.side === "front"), back: sides.some((s) => s.side === "back") };
  const state = (row?.answers ?? {}) as Partial<IntakeState>;
  const onFile = (rows: Row[] | null): OnFile | null => (rows && row ? { rows, updatedAt: row.updatedAt, complete: row.status === "COMPLETE" } : null);
  return {
    health: onFile(state.health ? healthRows(state.health) : null),
    insurance: onFile(state.insurance ? insuranceRows(state.insurance, photos) : null),
    photos,
  };
}
