/**
 * The join form behind the times page (/booking/waitlist): for the booking's studio and service, a range of days,
 * parts of the day and the email (the account's, or the flow's, or typed here). Validated here with zod (400 with
 * every message and the values kept); the cookie's studio and service are read, never posted.
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { readFormPost, validateForm } from "~/flow/forms.server";
import { emailField } from "~/auth/schemas.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { tryConsume } from "~/auth/rate-limit.server";
import { getPatient } from "~/auth/sessions.server";
import { bookingCookie } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { i18nOf } from "~/i18n/locale.server";
import { msg } from "~/i18n/translate";
import { DAY_PARTS, DAY_PART_VALUES, describeDayParts, type DayPart } from "~/rules/day-parts";
import { WAITLIST_MAX_DAYS_AHEAD, wishDayBounds } from "~/rules/waitlist";
import { addDays, formatCalendarDate } from "~/rules/zoned-time";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
import { serviceName, studioName } from "~/scheduling/service-names";
import { daysLabel } from "./email";
import { joinWaitlist } from "./entries.server";

/** The studio and service the booking is at; the join form needs both (else: back to the booking). */
async function place(request: Request) {
  const state = await bookingCookie().read(request);
  const db = await getDb();
  const studio = state.studio ? await getBookableStudio(db, state.studio) : null;
  const service = state.serviceType ? await getService(db, state.serviceType) : null;
  if (!studio || !service) throw redirect("/booking");
  return { db, state, studio, service };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day, 'YYYY-MM-DD' (not 2027-02-30, not 9999-99-99). */
function isRealDay(s: string) {
  if (!DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
// Messages are catalogue keys (decision 027), worded by the action in the reader's language.
const dayField = (missing: string) =>
  z
    .string(missing)
    .trim()
    .min(1, missing)
    .max(10, "waitlist.errors.dayFormat")
    .refine(isRealDay, "waitlist.errors.dayReal");

function joinSchema(bounds: { min: string; max: string }, askEmail: boolean, locale: string) {
  const by = formatCalendarDate(bounds.max, locale);
  return z
    .object({
      firstDay: dayField("waitlist.errors.firstDayMissing"),
      lastDay: dayField("waitlist.errors.lastDayMissing"),
      parts: z
        .array(z.enum(DAY_PART_VALUES, "waitlist.errors.partsInvalid"), "waitlist.errors.partsMissing")
        .min(1, "waitlist.errors.partsMissing")
        .max(DAY_PART_VALUES.length, "waitlist.errors.partsInvalid")
        .transform((parts) => DAY_PART_VALUES.filter((p) => parts.includes(p))),
      email: askEmail ? emailField : z.unknown().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.firstDay < bounds.min) ctx.addIssue({ code: "custom", path: ["firstDay"], message: "waitlist.errors.firstDayPast" });
      if (v.firstDay > bounds.max) ctx.addIssue({ code: "custom", path: ["firstDay"], message: msg("waitlist.errors.firstDayTooFar", { days: WAITLIST_MAX_DAYS_AHEAD, date: by }) });
      if (v.lastDay > bounds.max) ctx.addIssue({ code: "custom", path: ["lastDay"], message: msg("waitlist.errors.lastDayTooFar", { days: WAITLIST_MAX_DAYS_AHEAD, date: by }) });
      if (v.lastDay < v.firstDay) ctx.addIssue({ code: "custom", path: ["lastDay"], message: "waitlist.errors.lastBeforeFirst" });
    });
}

const FORM_ORDER = ["firstDay", "lastDay", "parts", "email"];

/** The times of day to choose from, in the reader's words. */
const PART_WORDS: Record<DayPart, { name: string; hours: string }> = {
  morning: { name: "waitlist.parts.morning", hours: "waitlist.parts.morningHours" },
  afternoon: { name: "waitlist.parts.afternoon", hours: "waitlist.parts.afternoonHours" },
  evening: { name: "waitlist.parts.evening", hours: "waitlist.parts.eveningHours" },
};

export async function joinPage(request: Request) {
  const { state, studio, service } = await place(request);
  const patient = await getPatient(request);
  const { locale, t } = i18nOf(request);
  const bounds = wishDayBounds(new Date(), studio.tz);
  return json(
    {
      studioName: studioName(t, locale, studio),
      serviceName: serviceName(t, locale, service),
      accountEmail: patient?.email ?? null,
      bounds,
      values: { firstDay: bounds.min, lastDay: addDays(bounds.min, 13), parts: [...DAY_PART_VALUES], email: state.email ?? "" },
      parts: DAY_PARTS.map((p) => ({ value: p.value, label: t(PART_WORDS[p.value].name), hours: t(PART_WORDS[p.value].hours) })),
    },
    { headers: PRIVATE_PAGE },
  );
}

export async function joinAction(request: Request) {
  const { db, studio, service } = await place(request);
  const patient = await getPatient(request);
  const { form } = await readFormPost(request);
  const { locale, t } = i18nOf(request);
  const schema = joinSchema(wishDayBounds(new Date(), studio.tz), !patient, locale);
  // In the form's order, so the summary reads top to bottom like the form.
  const inFormOrder = (found: Record<string, string[]>) => Object.fromEntries(FORM_ORDER.filter((name) => found[name]).map((name) => [name, found[name]]));
  const parsed = await validateForm(form, schema, t, undefined, { keep: ["firstDay", "lastDay", "email"], lists: ["parts"], headers: PRIVATE_PAGE, errors: inFormOrder });
  if (!parsed.ok) return parsed.response;
  const joined = parsed.value;
  const email = patient ? patient.email : String(joined.email);
  await joinWaitlist(db, {
    email,
    personId: patient?.personId ?? null,
    studio,
    service,
    firstDay: joined.firstDay,
    lastDay: joined.lastDay,
    parts: joined.parts,
    sendEmail: await tryConsume("email", email),
    locale,
  });
  const query = new URLSearchParams({ from: joined.firstDay, to: joined.lastDay, parts: joined.parts.join(" ") });
  return redirect(`/booking/waitlist/joined?${query}`, { status: 303, headers: PRIVATE_PAGE });
}

/** The confirmation: what the patient waits for, read back from the address (days and parts only, nothing personal). */
export async function joinedPage(request: Request) {
  const { studio, service } = await place(request);
  const { locale, t } = i18nOf(request);
  const url = new URL(request.url);
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const parts = (url.searchParams.get("parts") ?? "").split(" ").filter((p) => (DAY_PART_VALUES as string[]).includes(p));
  const known = isRealDay(from) && isRealDay(to) && from <= to && parts.length > 0;
  return json(
    {
      studioName: studioName(t, locale, studio),
      serviceName: serviceName(t, locale, service),
      days: known ? daysLabel(from, to, locale) : null,
      parts: known ? describeDayParts(parts, t, locale) : null,
    },
    { headers: PRIVATE_PAGE },
  );
}
