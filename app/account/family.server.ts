/**
 * The family in the patient area (issue 20 A, decision 024): the member form's rules and the profile's view of
 * each member with their visits. The rows themselves: scheduling/family.server.ts (booking reads them too).
 */
import { z } from "zod/v4";
import { getDb } from "~/db/client.server";
import { ageOn } from "~/rules/age";
import { isRealDate, memberSummary, RELATIONSHIPS, type Relationship } from "~/rules/family";
import { marketTimezone } from "~/rules/markets";
import { localToday } from "~/rules/zoned-time";
import { getPatient } from "~/auth/sessions.server";
import { formatLongDateTime } from "~/rules/zoned-time";
import { familyMembers, pairedVisits } from "~/scheduling/family.server";
import { familyVisits } from "~/scheduling/visits.server";
import { visitRows, type VisitRow } from "./profile.server";

const nameField = (label: string) =>
  z
    .string(`Enter their ${label}.`)
    .trim()
    .min(1, `Enter their ${label}.`)
    .max(50, `Please use at most 50 characters for their ${label}.`)
    .regex(/^[^\p{Cc}]*$/u, `Their ${label} has characters we can’t use.`);

/** The add and edit form: names, date of birth (a real date, not in the future, under 120 years), relationship. */
export function memberSchema(today: string) {
  return z.object({
    firstName: nameField("first name"),
    lastName: nameField("last name"),
    dateOfBirth: z
      .string("Enter their date of birth.")
      .max(10, "Enter their date of birth as month, day and year, like 5 27 2018.")
      .superRefine((v, ctx) => {
        const fail = (message: string) => ctx.addIssue({ code: "custom", message });
        if (!v) return fail("Enter their date of birth.");
        if (!isRealDate(v)) return fail("Enter a real date of birth: month 1–12, day 1–31 and a 4-digit year, like 5 27 2018.");
        if (v > today) return fail("Their date of birth can’t be in the future.");
        if (ageOn(v, today) >= 120) return fail("Check the year of their date of birth.");
      }),
    relationship: z.enum(RELATIONSHIPS.map((r) => r.value) as [Relationship, ...Relationship[]], "Choose how they are related to you."),
  });
}

export type MemberView = {
  id: number;
  name: string;
  firstName: string;
  summary: string;
  removed: boolean;
  href: string;
  upcoming: VisitRow[];
  past: VisitRow[];
};

/**
 * The family as the holder's profile shows it: each member under their own name with their visits; a removed
 * member only while they have visits to show (marked removed).
 */
export async function familyOverview(personId: number, now = new Date()): Promise<MemberView[]> {
  const db = await getDb();
  const [members, visits] = await Promise.all([familyMembers(db, personId, { withRemoved: true }), familyVisits(db, personId)]);
  const today = localToday(now, marketTimezone(null));
  return members
    .map((member) => {
      const rows = visitRows(
        visits.filter((v) => v.patientId === member.id),
        now,
      );
      return {
        id: member.id,
        name: `${member.firstName} ${member.lastName}`.trim(),
        firstName: member.firstName,
        summary: memberSummary(member, today),
        removed: member.removedAt !== null,
        href: `/profile/family/${member.id}`,
        upcoming: rows.upcoming,
        past: rows.past,
      };
    })
    .filter((m) => !m.removed || m.upcoming.length + m.past.length > 0);
}

/** What /profile says after a family form (a fixed word in the URL, never a name). */
export function familyNotice(word: string | null): string | null {
  if (word === "added") return "Your family member is added. Choose them when you book.";
  if (word === "removed") return "Removed from your family. Their past visits stay below.";
  return null;
}


/**
 * The confirmed page's "booked together" list (issue 20 A): both people's visits, for the logged-in account
 * that manages both; null for anyone else (a guest holding one link learns nothing about the other visit).
 */
export async function bookedTogether(request: Request, appointment: { token: string; details: Record<string, unknown> }) {
  const pair = appointment.details?.pairToken;
  if (typeof pair !== "string" || !/^[A-Za-z0-9_-]{20,64}$/.test(pair)) return null;
  const viewer = await getPatient(request);
  if (!viewer) return null;
  const visits = await pairedVisits(await getDb(), viewer.personId, [appointment.token, pair]);
  return visits?.map((v) => ({ name: v.name, service: v.serviceName, when: formatLongDateTime(v.startsAt, v.tz), href: `/profile/appointments/${v.token}`, cancelled: v.status === "CANCELLED" })) ?? null;
}
