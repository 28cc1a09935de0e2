/**
 * The family in the patient area (issue 20 A, decision 024): the member form's rules and the profile's view of
 * each member with their visits. The rows themselves: scheduling/family.server.ts (booking reads them too).
 */
import { z } from "zod/v4";
import { tFor } from "~/i18n/catalogues.server";
import { localeOf } from "~/i18n/locale.server";
import { DEFAULT_LOCALE, type T } from "~/i18n/translate";
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

// Messages are catalogue keys (decision 027): the action words them in the reader's language.
const NAME_ERRORS = {
  firstName: { missing: "family.errors.firstNameMissing", tooLong: "family.errors.firstNameTooLong", chars: "family.errors.firstNameChars" },
  lastName: { missing: "family.errors.lastNameMissing", tooLong: "family.errors.lastNameTooLong", chars: "family.errors.lastNameChars" },
};
const nameField = (errors: (typeof NAME_ERRORS)[keyof typeof NAME_ERRORS]) =>
  z
    .string(errors.missing)
    .trim()
    .min(1, errors.missing)
    .max(50, errors.tooLong)
    .regex(/^[^\p{Cc}]*$/u, errors.chars);

/** The add and edit form: names, date of birth (a real date, not in the future, under 120 years), relationship. */
export function memberSchema(today: string) {
  return z.object({
    firstName: nameField(NAME_ERRORS.firstName),
    lastName: nameField(NAME_ERRORS.lastName),
    dateOfBirth: z
      .string("family.errors.dobMissing")
      .max(10, "family.errors.dobFormat")
      .superRefine((v, ctx) => {
        const fail = (message: string) => ctx.addIssue({ code: "custom", message });
        if (!v) return fail("family.errors.dobMissing");
        if (!isRealDate(v)) return fail("family.errors.dobInvalid");
        if (v > today) return fail("family.errors.dobFuture");
        if (ageOn(v, today) >= 120) return fail("family.errors.dobYear");
      }),
    relationship: z.enum(RELATIONSHIPS.map((r) => r.value) as [Relationship, ...Relationship[]], "family.errors.relationship"),
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
export async function familyOverview(personId: number, now = new Date(), t: T = tFor(DEFAULT_LOCALE), locale = DEFAULT_LOCALE): Promise<MemberView[]> {
  const db = await getDb();
  const [members, visits] = await Promise.all([familyMembers(db, personId, { withRemoved: true }), familyVisits(db, personId)]);
  const today = localToday(now, marketTimezone(null));
  return members
    .map((member) => {
      const rows = visitRows(
        visits.filter((v) => v.patientId === member.id),
        now,
        locale,
      );
      return {
        id: member.id,
        name: `${member.firstName} ${member.lastName}`.trim(),
        firstName: member.firstName,
        summary: memberSummary(member, today, t),
        removed: member.removedAt !== null,
        href: `/profile/family/${member.id}`,
        upcoming: rows.upcoming,
        past: rows.past,
      };
    })
    .filter((m) => !m.removed || m.upcoming.length + m.past.length > 0);
}

/** What /profile says after a family form (a fixed word in the URL, never a name): a key FamilySection words. */
export function familyNotice(word: string | null): string | null {
  if (word === "added") return "family.notice.added";
  if (word === "removed") return "family.notice.removed";
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
  return visits?.map((v) => ({ name: v.name, service: v.serviceName, when: formatLongDateTime(v.startsAt, v.tz, localeOf(request)), href: `/profile/appointments/${v.token}`, cancelled: v.status === "CANCELLED" })) ?? null;
}
