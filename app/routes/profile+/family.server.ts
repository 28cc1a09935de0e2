import { json, redirect } from "@remix-run/node";
import { memberSchema } from "~/account/family.server";
import { visitRows } from "~/account/profile.server";
import { fieldErrors, readFormPost, rejected, textValues } from "~/flow/forms.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { QUIZ_RESULTS, type QuizResult } from "~/booking/options";
import { getDb } from "~/db/client.server";
import { i18nOf } from "~/i18n/locale.server";
import { localizeReply, msg, type T } from "~/i18n/translate";
import { memberHealthRecord } from "~/intake/history.server";
import { intakeHref } from "~/rules/intake";
import { goneLink } from "~/platform/gone-link.server";
import { joinDateParts } from "~/platform/form-data.server";
import { isDependant, memberSummary, RELATIONSHIPS } from "~/rules/family";
import { marketTimezone } from "~/rules/markets";
import { formatCalendarDate, localToday } from "~/rules/zoned-time";
import { addFamilyMember, familyMember, removeFamilyMember, updateFamilyMember } from "~/scheduling/family.server";
import { familyVisits } from "~/scheduling/visits.server";

/** The family pages' server side (issue 20 A): add a member, a member's own page (visits, health, edit, remove). */

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

async function parseMember(form: FormData) {
  joinDateParts(form, "dateOfBirth");
  const values = textValues(form, FIELDS);
  const parsed = memberSchema(today()).safeParse(Object.fromEntries(form));
  return { values, parsed };
}

export async function addMember(request: Request) {
  const holder = await requirePatient(request);
  const { form } = await readFormPost(request);
  const returnTo = returnTarget(form.get("returnTo"));
  const { values, parsed } = await parseMember(form);
  if (!parsed.success) return refused(request, values, fieldErrors(parsed.error, i18nOf(request).t));
  const id = await addFamilyMember(holder, parsed.data);
  if (id === null) return refused(request, values, { "": ["family.errors.tooMany"] });
  if (returnTo === "/booking/who") return redirect(`/booking/who?added=${id}`, { status: 303, headers: PRIVATE_PAGE });
  return redirect("/profile?family=added#family", { status: 303, headers: PRIVATE_PAGE });
}

// The brand keeps its name; the others are `family` keys.
const RESULT: Record<QuizResult, { name: string | null; key: string | null; service: string }> = {
  invisalign: { name: "Invisalign", key: null, service: "INVISALN" },
  braces: { name: null, key: "family.member.result.braces", service: "BRACESCON" },
  "smile-straightening": { name: null, key: "family.member.result.smile", service: "INVISALN" },
};
const isQuizResult = (value: unknown): value is QuizResult => (QUIZ_RESULTS as readonly unknown[]).includes(value);

/**
 * A member's page, for the holder only: their visits, health history and insurance (the read audited as the
 * patient's own), their Breezy Braces suggestion, the edit and remove forms. Anyone else's member is a 404.
 */
export async function memberPage(request: Request, id: string | undefined) {
  const holder = await requirePatient(request);
  const { locale, t } = i18nOf(request);
  const db = await getDb();
  const member = await familyMember(db, holder.personId, id);
  if (!member) throw notFound();
  const now = new Date();
  const [visits, record] = await Promise.all([familyVisits(db, holder.personId), memberHealthRecord(member.id)]);
  const rows = visitRows(
    visits.filter((v) => v.patientId === member.id),
    now,
    locale,
  );
  const next = rows.visits.filter((v) => v.status === "CONFIRMED" && v.startsAt > now).at(-1);
  const quiz = rows.visits.filter((v) => v.serviceCategory === "ortho").map((v) => v.details.quizResult).find(isQuizResult) ?? null;
  const view = (onFile: typeof record.health) => (onFile ? { rows: onFile.rows, asOf: formatCalendarDate(onFile.updatedAt.toISOString().slice(0, 10), locale), complete: onFile.complete } : null);
  const done = new URL(request.url).searchParams.get("done");
  return json(
    {
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
      health: view(record.health),
      insurance: view(record.insurance),
      intakeLink: next ? intakeHref(next.token, { booked: true }) : null,
      braces: quiz ? { name: RESULT[quiz].name ?? t(RESULT[quiz].key!), book: `/booking?service=${RESULT[quiz].service}` } : null,
      relationships: relationships(t),
      notice: done === "saved" ? t("family.member.saved", { firstName: member.firstName }) : null,
    },
    { headers: PRIVATE_PAGE },
  );
}

export async function memberAction(request: Request, id: string | undefined) {
  const holder = await requirePatient(request);
  const member = await familyMember(await getDb(), holder.personId, id);
  if (!member) throw notFound();
  const { form } = await readFormPost(request);
  const intent = form.get("intent");
  if (intent === "edit") {
    const { values, parsed } = await parseMember(form);
    if (!parsed.success) return refused(request, values, fieldErrors(parsed.error, i18nOf(request).t), "edit");
    if (!(await updateFamilyMember(holder.personId, member.id, parsed.data))) throw notFound();
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
