/**
 * Parts of a studio's day, in its own time zone: the times page groups its times by them and the waitlist matches
 * freed times to them (decision 022). Morning before noon, afternoon noon to 5 PM, evening from 5 PM.
 */
/** The reader's `t` (app/i18n), typed here so rules import nothing of the app. */
type T = (key: string, vars?: Record<string, string | number>) => string;
const DEFAULT_LOCALE = "en-US";
import { listFormat } from "./intl-formats";
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

/** The waitlist's words for each part in the plural ("mornings"), keys of the `waitlist` catalogue. */
const PARTS_PLURAL: Record<DayPart, string> = { morning: "waitlist.parts.mornings", afternoon: "waitlist.parts.afternoons", evening: "waitlist.parts.evenings" };

/** "mornings and evenings" (es-US: "mañanas y noches"): the parts a patient chose, in the day's order. */
export function describeDayParts(parts: readonly string[], t: T, locale = DEFAULT_LOCALE): string {
  const names = DAY_PARTS.filter((p) => parts.includes(p.value)).map((p) => t(PARTS_PLURAL[p.value]));
  if (names.length === DAY_PARTS.length) return t("waitlist.parts.any");
  return listFormat(locale, { type: "conjunction" }).format(names);
}
