import { z } from "zod/v4";
import type { BookingAccount } from "./funnel";
import { getDb } from "~/db/client.server";
import type { T } from "~/i18n/translate";
import { memberSummary } from "~/rules/family";
import { marketTimezone } from "~/rules/markets";
import { localToday } from "~/rules/zoned-time";
import { familyMember, familyMembers } from "~/scheduling/family.server";

/**
 * /booking/who: whom the booking is for (decision 069: its schema and choices in the feature). The message is a
 * catalogue key: submitStep words it in the reader's language.
 */
export const whoSchema = z.object({
  patientFor: z.string("family.who.errors.choose").regex(/^(me|\d{1,9})$/, "family.who.errors.choose"),
});

/** Me, then each family member the account may book for (removed ones are not offered). */
export async function whoChoices(account: BookingAccount, t: T) {
  const today = localToday(new Date(), marketTimezone(null));
  const members = await familyMembers(await getDb(), account.personId);
  return [
    { value: "me", label: t("family.who.me"), detail: t("family.who.meDetail") },
    ...members.map((m) => ({ value: String(m.id), label: `${m.firstName} ${m.lastName}`.trim(), detail: memberSummary(m, today, t) })),
  ];
}

/** The answer, once the chosen member is checked to be this account's (anything else: the form again, 400). */
export async function whoValue(posted: string, account: BookingAccount) {
  if (posted === "me") return { patientFor: "me" as const };
  const member = await familyMember(await getDb(), account.personId, posted);
  if (!member) return { fieldErrors: { patientFor: ["family.who.errors.choose"] } };
  return { patientFor: member.id };
}
