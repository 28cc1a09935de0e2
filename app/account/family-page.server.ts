import { json, redirect } from "@remix-run/node";
import { readFormPost, rejected, validateForm } from "~/flow/forms.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { i18nOf } from "~/i18n/locale.server";
import { msg, type T } from "~/i18n/translate";
import type { z } from "zod/v4";
import { intakeHref } from "~/rules/intake";
import { goneLink } from "~/platform/gone-link.server";
import { joinDateParts } from "~/platform/form-data.server";
import { isDependant, memberSummary, RELATIONSHIPS } from "~/rules/family";
import { marketTimezone } from "~/rules/markets";
import { localToday } from "~/rules/zoned-time";
import { addFamilyMember, familyMember, removeFamilyMember, updateFamilyMember } from "~/scheduling/family.server";
import { familyVisits } from "~/scheduling/visits.server";
import { memberSchema } from "./family.server";
import { visitRows } from "./profile.server";

/**
 * The family pages' server side (issue 20 A, decision 069): add a member, a member's own page (visits, edit, remove).
 * The member's health record (intake) and Breezy Braces suggestion (booking) are added by the route: features do
 * not import each other.
 */

const FIELDS = ["firstName", "lastName", "dateOfBirth", "dateOfBirthMonth", "dateOfBirthDay", "dateOfBirthYear", "relationship"];
const today = () => localToday(new Date(), marketTimezone(null));
const relationships = (t: T) => RELATIONSHIPS.map((r) => ({ value: r.value, label: t(r.label) }));

/** Where the add form goes back to: the booking's "who is this visit for?" step, or the profile. Nothing else. */
const returnTarget = (value: unknown) => (value === "/booking/who" ? "/booking/who" : "/profile");

/** A refused form, its messages (catalogue keys, `msg()`s) in the reader's words. */
const refused = (request: Request, values: Record<string, string>, error: Record<string, string[]>, intent: string | null = null, status = 400) =>
  rejected(values, error, { intent, status, headers: PRIVATE_PAGE, t: i18nOf(request).t });

const notFound = () =>
  goneLink({
    heading: "common.gone.familyHeading",
    message: "common.gone.family",
    next: { href: "/profile#family", label: "common.gone.familyNext" },
  });

export async function newMemberPage(request: Request) {
  await requirePatient(request);
  const returnTo = returnTarget(new URL(request.url).searchParams.get("returnTo"));
  return json({ relationships: relationships(i18nOf(request).t), returnTo }, { headers: PRIVATE_PAGE });
}

/** The member form read with the form kit; `save` may refuse the valid member with messages of its own. */
function validateMember<Out>(request: Request, form: FormData, intent: string | null, save: (member: z.output<ReturnType<typeof memberSchema>>) => Promise<Out>) {
  joinDateParts(form, "dateOfBirth");
  return validateForm(form, memberSchema(today()), i18nOf(request).t, save, { intent, keep: FIELDS, headers: PRIVATE_PAGE });
}

export async function addMember(request: Request) {
  const holder = await requirePatient(request);
  const { form } = await readFormPost(request);
  const returnTo = returnTarget(form.get("returnTo"));
  const result = await validateMember(request, form, null, async (member) => (await addFamilyMember(holder, member)) ?? { formErrors: ["family.errors.tooMany"] });
  if (!result.ok) return result.response;
  const id = result.value;
  if (returnTo === "/booking/who") return redirect(`/booking/who?added=${id}`, { status: 303, headers: PRIVATE_PAGE });
  return redirect("/profile?family=added#family", { status: 303, headers: PRIVATE_PAGE });
}

/**
 * A member's page, for the holder only: their visits, the edit and remove forms, and the quiz result of their
 * ortho visit (for the route's Breezy Braces suggestion). Anyone else's member is a 404.
 */
export async function memberPage(request: Request, id: string | undefined) {
  const holder = await requirePatient(request);
  const { locale, t } = i18nOf(request);
  const db = await getDb();
  const member = await familyMember(db, holder.personId, id);
  if (!member) throw notFound();
  const now = new Date();
  const visits = await familyVisits(db, holder.personId);
  const rows = visitRows(
    visits.filter((v) => v.patientId === member.id),
    now,
    locale,
  );
  const next = rows.visits.filter((v) => v.status === "CONFIRMED" && v.startsAt > now).at(-1);
  const quizResults = rows.visits.filter((v) => v.serviceCategory === "ortho").map((v) => v.details.quizResult);
  const done = new URL(request.url).searchParams.get("done");
  return {
      member: {
        id: member.id,
        name: `${member.firstName} ${member.lastName}`.trim(),
        firstName: member.firstName,
        summary: memberSummary(member, today(), t),
        dependant: isDependant(member.dateOfBirth, today()),
      },
      details: { firstName: member.firstName, lastName: member.lastName, dateOfBirth: member.dateOfBirth ?? "", relationship: member.relationship },
      upcoming: rows.upcoming,
      past: rows.past,
      intakeLink: next ? intakeHref(next.token, { booked: true }) : null,
      quizResults,
      relationships: relationships(t),
      notice: done === "saved" ? t("family.member.saved", { firstName: member.firstName }) : null,
  };
}

export async function memberAction(request: Request, id: string | undefined) {
  const holder = await requirePatient(request);
  const member = await familyMember(await getDb(), holder.personId, id);
  if (!member) throw notFound();
  const { form } = await readFormPost(request);
  const intent = form.get("intent");
  if (intent === "edit") {
    const result = await validateMember(request, form, "edit", async (edited) => {
      if (!(await updateFamilyMember(holder.personId, member.id, edited))) throw notFound();
      return edited;
    });
    if (!result.ok) return result.response;
    return redirect(`/profile/family/${member.id}?done=saved#details`, { status: 303, headers: PRIVATE_PAGE });
  }
  if (intent === "remove") {
    const outcome = await removeFamilyMember(holder.personId, member.id);
    if (outcome === "not_found") throw notFound();
    if (outcome === "upcoming") {
      return refused(request, {}, { "": [msg("family.errors.upcoming", { firstName: member.firstName })] }, "remove", 409);
    }
    return redirect("/profile?family=removed#family", { status: 303, headers: PRIVATE_PAGE });
  }
  return refused(request, {}, { "": ["family.errors.stale"] });
}
