/**
 * Family members (issue 20 A, decision 024): who an account holder may add, and who is their dependant.
 * Pure: no I/O.
 */
import { ADULT_AGE, ageOn } from "./age";

export const RELATIONSHIPS = [
  { value: "child", label: "My child" },
  { value: "partner", label: "My partner or spouse" },
  { value: "parent", label: "My parent" },
  { value: "sibling", label: "My brother or sister" },
  { value: "other", label: "Someone else in my care" },
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number]["value"];

/** How many people one account may keep on its family list (removed ones not counted). */
export const MAX_FAMILY_MEMBERS = 12;

export const relationshipLabel = (value: string | null | undefined) => RELATIONSHIPS.find((r) => r.value === value)?.label ?? "Family member";

/** Under 18 on `today` (the studio's date): the account holder is their guardian, whatever the relationship. */
export const isDependant = (dateOfBirth: string | null | undefined, today: string) => !!dateOfBirth && ageOn(dateOfBirth, today) < ADULT_AGE;

/** "Sam, 7 · My child · dependant": how a member is described in lists. */
export function memberSummary(member: { dateOfBirth: string | null; relationship: string | null }, today: string): string {
  const age = member.dateOfBirth ? ageOn(member.dateOfBirth, today) : null;
  return [relationshipLabel(member.relationship), age === null ? null : `age ${age}`, isDependant(member.dateOfBirth, today) ? "you are their guardian" : null]
    .filter(Boolean)
    .join(" · ");
}

/** A real calendar date, 'YYYY-MM-DD' (rejects 2027-02-30). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
