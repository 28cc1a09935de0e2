/**
 * Parts of a studio's day, in its own time zone: the times page groups its times by them and the waitlist matches
 * freed times to them (decision 022). Morning before noon, afternoon noon to 5 PM, evening from 5 PM.
 */
import { localHour } from "./zoned-time";

export const DAY_PARTS = [
  { value: "morning", name: "Morning", until: 12, hours: "before noon" },
  { value: "afternoon", name: "Afternoon", until: 17, hours: "noon to 5 PM" },
  { value: "evening", name: "Evening", until: 24, hours: "after 5 PM" },
] as const;

export type DayPart = (typeof DAY_PARTS)[number]["value"];
export const DAY_PART_VALUES = DAY_PARTS.map((p) => p.value) as [DayPart, ...DayPart[]];

/** The part of the day an instant falls in, at a studio in zone `tz`. */
export function dayPartOf(at: Date, tz: string): (typeof DAY_PARTS)[number] {
  const hour = localHour(at, tz);
  return DAY_PARTS.find((p) => hour < p.until)!;
}

/** "mornings and evenings": the parts a patient chose, in the day's order. */
export function describeDayParts(parts: readonly string[]): string {
  const names = DAY_PARTS.filter((p) => parts.includes(p.value)).map((p) => `${p.value}s`);
  if (names.length === DAY_PARTS.length) return "any time of day";
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}
