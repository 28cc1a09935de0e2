/**
 * "Book another family member at the same time" (issue 20 A): who may be the second person of a logged-in
 * booking, the times offered for them, and the second visit's booking request. The pair is booked in one
 * transaction (scheduling/book.server.ts bookTogether).
 */
import { getDb } from "~/db/client.server";
import type { T } from "~/i18n/translate";
import { formatLocalTime, zoneAbbreviation } from "~/rules/zoned-time";
import { getStudioAnyState } from "~/scheduling/catalogue.server";
import { familyMember, familyMembers, pairOffers } from "~/scheduling/family.server";
import type { BookingAccount } from "./funnel";
import { accountContact } from "./returning.server";
import type { BookingState, PatientFor } from "./state";

type Contact = NonNullable<Awaited<ReturnType<typeof accountContact>>>;
export type Candidate = { value: string; patientFor: PatientFor; name: string; contact: Contact };

/** The people the account may book beside the first one: its family members, and itself when its record has a name. */
export async function companionCandidates(account: BookingAccount, main: PatientFor | undefined): Promise<Candidate[]> {
  const db = await getDb();
  const [members, own] = await Promise.all([familyMembers(db, account.personId), accountContact(account.personId, "me")]);
  const people: Candidate[] = [];
  if ((main ?? "me") !== "me" && own?.firstName) people.push({ value: "me", patientFor: "me", name: `${own.firstName} ${own.lastName}`.trim(), contact: own });
  for (const m of members) {
    if (m.id === main) continue;
    const contact = await accountContact(account.personId, m.id);
    if (contact) people.push({ value: String(m.id), patientFor: m.id, name: `${m.firstName} ${m.lastName}`.trim(), contact });
  }
  return people;
}

export type Offer = { value: string; label: string; detail: string };

/** The times offered for the second person, as choices ("Same time" / "Right after"), in the studio's zone and the reader's words. */
export async function companionOffers(state: BookingState, { t, locale }: { t: T; locale: string }): Promise<Offer[]> {
  if (!state.studio || !state.serviceType || !state.slot) return [];
  const db = await getDb();
  const studio = await getStudioAnyState(db, state.studio);
  if (!studio) return [];
  const offers = await pairOffers(db, { studioSlug: state.studio, serviceCode: state.serviceType, startsAt: new Date(state.slot.startsAt), holder: state.bookingId });
  const at = (d: Date) => `${formatLocalTime(d, studio.tz, locale)} ${zoneAbbreviation(d, studio.tz)}`;
  const list: Offer[] = [];
  if (offers.sameTime) list.push({ value: offers.sameTime.toISOString(), label: t("booking.companion.sameTime", { time: at(offers.sameTime) }), detail: t("booking.companion.sameTimeDetail") });
  if (offers.after) list.push({ value: offers.after.toISOString(), label: t("booking.companion.after", { time: at(offers.after) }), detail: t("booking.companion.afterDetail") });
  return list;
}

/** The companion in the booking, checked again (a member removed meanwhile, or another account's, is no one). */
export async function companionOf(state: BookingState, account: BookingAccount | null): Promise<Candidate | null> {
  if (!state.companion || !account) return null;
  const wanted = state.companion.patientFor;
  if (wanted === state.patientFor || (wanted === "me" && (state.patientFor ?? "me") === "me")) return null;
  if (wanted !== "me" && !(await familyMember(await getDb(), account.personId, wanted))) return null;
  return (await companionCandidates(account, state.patientFor)).find((c) => c.patientFor === wanted) ?? null;
}
