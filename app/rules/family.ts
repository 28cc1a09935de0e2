/**
 * Family members (issue 20 A, decision 024): who an account holder may add, and who is their dependant.
 * Pure: no I/O.
 */
/** The reader's `t` (app/i18n), typed here so rules import nothing of the app. */
type T = (key: string, vars?: Record<string, string | number>) => string;
import { ADULT_AGE, ageOn } from "./age";

/** Each relationship's words are a `family` catalogue key (decision 027). */
export const RELATIONSHIPS = [
  { value: "child", label: "family.relationships.child" },
  { value: "partner", label: "family.relationships.partner" },
  { value: "parent", label: "family.relationships.parent" },
  { value: "sibling", label: "family.relationships.sibling" },
  { value: "other", label: "family.relationships.other" },
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number]["value"];

/** How many people one account may keep on its family list (removed ones not counted). */
export const MAX_FAMILY_MEMBERS = 12;

export const relationshipLabel = (value: string | null | undefined, t: T) => t(RELATIONSHIPS.find((r) => r.value === value)?.label ?? "family.relationships.member");

/** Under 18 on `today` (the studio's date): the account holder is their guardian, whatever the relationship. */
export const isDependant = (dateOfBirth: string | null | undefined, today: string) => !!dateOfBirth && ageOn(dateOfBirth, today) < ADULT_AGE;

/** "Sam, 7 · My child · dependant": how a member is described in lists. */
export function memberSummary(member: { dateOfBirth: string | null; relationship: string | null }, today: string, t: T): string {
  const age = member.dateOfBirth ? ageOn(member.dateOfBirth, today) : null;
  return [relationshipLabel(member.relationship, t), age === null ? null : t("family.summary.age", { age }), isDependant(member.dateOfBirth, today) ? t("family.summary.guardian") : null]
    .filter(Boolean)
    .join(" · ");
}

/** A real calendar date, 'YYYY-MM-DD' (rejects 2027-02-30). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
