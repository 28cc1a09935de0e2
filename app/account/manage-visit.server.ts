/**
 * Cancel and reschedule pages, for a guest holding the visit's link (/booking/confirmed/<token>/…) and for
 * the logged-in patient it belongs to (/profile/appointments/<token>/…). One implementation; only who
 * may open the visit differs. Anyone else, and any unknown token, gets the same 404.
 */
import { readFormPost, rejected, validateForm } from "~/flow/forms.server";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod/v4";
import { eq } from "drizzle-orm";
import { bookedHere } from "~/auth/booked-here.server";
import { getPatient, requirePatient } from "~/auth/sessions.server";
import { getDb, type Db } from "~/db/client.server";
import { patients } from "~/db/schema";
import { getEnv } from "~/platform/env.server";
import { getAppointmentByToken } from "~/scheduling/book.server";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { timePickerWeek } from "~/scheduling/time-picker.server";
import {
  cancelVisit,
  rescheduleVisit,
  seriesCancelChoices,
  SHOWN_FEE_FIELDS,
  shownFeeOf,
  shownFeeValue,
  type ChangeRefused,
} from "~/scheduling/visit-changes.server";
import { formatUsd } from "~/rules/currency";
import { visitFacts } from "~/scheduling/visit-view.server";
import { visitOfAccount } from "~/scheduling/visits.server";
import { goneLink } from "~/platform/gone-link.server";
import { i18nOf, localeOf } from "~/i18n/locale.server";

export type VisitAccess = "guest" | "account";

/** Where a visit is managed from: its link for a guest, the patient area for its account. */
export const manageBase = (access: VisitAccess, token: string) =>
  access === "account"
    ? `/profile/appointments/${token}`
    : `/booking/confirmed/${token}`;

const notFound = () =>
  goneLink({
    heading: "common.gone.visitHeading",
    message: "common.gone.visit",
    next: { href: "/profile", label: "common.gone.seeVisits" },
  });

/** The visit the request may manage, or a thrown 404 (a logged-out patient area visitor goes to log in). */
export async function managedVisit(
  request: Request,
  token: string,
  access: VisitAccess
) {
  const db = await getDb();
  const appointment =
    access === "account"
      ? await visitOfAccount(
          db,
          token,
          (
            await requirePatient(request)
          ).personId
        )
      : await getAppointmentByToken(db, token);
  if (!appointment) throw notFound();
  return { db, appointment };
}

/**
 * Whose visit this is, when it is a family member's (issue 33 C: a parent booking one child's visit): named to the
 * browser that booked it (its bookedHere cookie) and to the account that holds the member; null for anyone else, so
 * a viewer holding only the link learns no name. The holder's own visit names nobody (it is the reader's).
 */
async function visitForName(request: Request, db: Db, appointment: { token: string; patientId: number }): Promise<string | null> {
  const [patient] = await db
    .select({ firstName: patients.firstName, lastName: patients.lastName, holder: patients.familyOfPersonId })
    .from(patients)
    .where(eq(patients.id, appointment.patientId));
  if (!patient || patient.holder === null) return null;
  const shown = bookedHere(request, appointment.token) || (await getPatient(request))?.personId === patient.holder;
  return shown ? `${patient.firstName} ${patient.lastName}`.trim() || null : null;
}

export async function visitPage(
  request: Request,
  token: string,
  access: VisitAccess
) {
  const { db, appointment } = await managedVisit(request, token, access);
  const facts = await visitFacts(db, appointment, new Date(), localeOf(request));
  if (!facts) throw notFound();
  const forName = await visitForName(request, db, appointment);
  return { appointment, facts: { ...facts, forName }, base: manageBase(access, token) };
}

const MESSAGES: Record<ChangeRefused, string> = {
  changed: "visit.errors.changed",
  not_changeable: "visit.errors.notChangeable",
  terms_changed: "visit.errors.termsChanged",
  availability_conflict: "visit.errors.availabilityConflict",
  conflict: "visit.errors.conflict",
  same_time: "visit.errors.sameTime",
  generic_error: "visit.errors.generic",
};

const refused = (request: Request, code: ChangeRefused, field = "") =>
  rejected({}, { [field]: [MESSAGES[code]] }, { status: code === "generic_error" ? 503 : 409, t: i18nOf(request).t });

const sequenceField = z.coerce
  .number("visit.errors.reload")
  .int()
  .min(0)
  .max(1_000_000);

// The fee the patient was shown: "none" or the amount in cents (a series' choices: each choice's sum).
const shownFee = z.union([z.literal("none"), z.string().regex(/^\d{1,7}$/)]);
const cancelSchema = z.object({
  sequence: sequenceField,
  shownFee,
  shownFeeFollowing: shownFee.optional(),
  shownFeeAll: shownFee.optional(),
  scope: z.enum(["this", "following", "all"]).default("this"),
});

/** The cancel page's data: the visit and its terms now (never the appointment row: it holds contact details). */
export async function cancelPage(
  request: Request,
  token: string,
  access: VisitAccess
) {
  const { facts, base, appointment } = await visitPage(request, token, access);
  const locale = localeOf(request);
  const { t } = i18nOf(request);
  // A series visit (decision 081): this one, this and the following, or all of the series still ahead.
  const scopes = (await seriesCancelChoices(await getDb(), appointment)).map((c) => {
    const label =
      c.scope === "this"
        ? t("visit.cancel.scope.this", { position: facts.series?.position ?? 1, of: facts.series?.of ?? 1 })
        : c.scope === "following"
          ? t("visit.cancel.scope.following", { count: c.count })
          : t("visit.cancel.scope.all", { count: c.count });
    return {
      value: c.scope,
      field: SHOWN_FEE_FIELDS[c.scope],
      shownFee: shownFeeValue(c.feeCents),
      label: c.feeCents ? t("visit.cancel.scope.withFee", { label, fee: formatUsd(c.feeCents, { locale }) }) : label,
    };
  });
  return { facts, base, scopes };
}

/** Cancels on the terms the page showed; then back to the visit's page, which says it is cancelled. */
export async function submitCancel(
  request: Request,
  token: string,
  access: VisitAccess
) {
  const { db, appointment } = await managedVisit(request, token, access);
  const { form } = await readFormPost(request);
  // Hidden fields the patient cannot fix: whatever is wrong, one message at the form's top.
  const parsed = await validateForm(form, cancelSchema, i18nOf(request).t, undefined, { keep: [], errors: () => ({ "": ["visit.errors.incomplete"] }) });
  if (!parsed.ok) return parsed.response;
  const { scope } = parsed.value;
  const shownFeeCents = shownFeeOf(parsed.value, scope);
  if (shownFeeCents === undefined) return rejected({}, { "": ["visit.errors.incomplete"] }, { status: 400, t: i18nOf(request).t });
  const outcome = await cancelVisit(db, {
    appointmentId: appointment.id,
    sequence: parsed.value.sequence,
    shownFeeCents,
    scope,
  });
  if (!outcome.ok) return refused(request, outcome.code);
  return redirect(`${manageBase(access, token)}?cancelled=${outcome.count > 1 ? "series" : "1"}`, 303);
}

const rescheduleSchema = z.object({
  sequence: sequenceField,
  slot: z.iso.datetime({ message: "visit.errors.chooseTime" }),
});

export async function reschedulePage(
  request: Request,
  token: string,
  access: VisitAccess
) {
  const page = await visitPage(request, token, access);
  const { appointment } = page;
  const db = await getDb();
  // Only while it may still move online (the terms the page shows), at a studio that still takes bookings.
  const studio = page.facts.terms.canReschedule
    ? await getBookableStudio(db, appointment.studioSlug)
    : null;
  const service = studio
    ? await getService(db, appointment.serviceType)
    : null;
  const picker =
    studio && service
      ? await timePickerWeek(db, {
          studio,
          service,
          now: new Date(),
          url: new URL(request.url),
          selected: null,
          timeoutMs: getEnv().AVAILABILITIES_TIMEOUT_MS,
          moving: {
            appointmentId: appointment.id,
            startsAt: appointment.startsAt,
          },
          locale: localeOf(request),
        })
      : null;
  return { facts: page.facts, base: page.base, picker };
}

/** Moves the visit to the chosen time; then back to its page, which shows the new time. */
export async function submitReschedule(
  request: Request,
  token: string,
  access: VisitAccess
) {
  const { db, appointment } = await managedVisit(request, token, access);
  const { form } = await readFormPost(request);
  // A time not chosen is the patient's to fix; anything else wrong (a hidden field) asks for a reload.
  const errors = (found: Record<string, string[]>): Record<string, string[]> => (found.slot ? { slot: ["visit.errors.chooseTime"] } : { "": ["visit.errors.reload"] });
  const parsed = await validateForm(form, rescheduleSchema, i18nOf(request).t, undefined, { keep: ["slot"], errors });
  if (!parsed.ok) return parsed.response;
  const outcome = await rescheduleVisit(db, {
    appointmentId: appointment.id,
    sequence: parsed.value.sequence,
    startsAt: new Date(parsed.value.slot),
  });
  if (!outcome.ok)
    return refused(
      request,
      outcome.code,
      ["availability_conflict", "conflict", "same_time"].includes(outcome.code)
        ? "slot"
        : ""
    );
  return redirect(`${manageBase(access, token)}?moved=1`, 303);
}

/**
 * The cancel and reschedule routes' loader and action, the same for a guest (/booking/confirmed/<token>/…) and the
 * account's area (/profile/appointments/<token>/…): only `access` differs.
 */
export const cancelLoader = async ({ request, params }: LoaderFunctionArgs, access: VisitAccess) => json(await cancelPage(request, params.token ?? "", access));
export const cancelAction = ({ request, params }: ActionFunctionArgs, access: VisitAccess) => submitCancel(request, params.token ?? "", access);
export const rescheduleLoader = async ({ request, params }: LoaderFunctionArgs, access: VisitAccess) => json(await reschedulePage(request, params.token ?? "", access));
export const rescheduleAction = ({ request, params }: ActionFunctionArgs, access: VisitAccess) => submitReschedule(request, params.token ?? "", access);
