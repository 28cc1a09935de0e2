/**
 * The join form behind the times page (/booking/waitlist): for the booking's studio and service, a range of days,
 * parts of the day and the email (the account's, or the flow's, or typed here). Validated here with zod (400 with
 * every message and the values kept); the cookie's studio and service are read, never posted.
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { emailField, fieldErrors, textValues } from "~/auth/forms.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { tryConsume } from "~/auth/rate-limit.server";
import { getPatient } from "~/auth/sessions.server";
import { bookingCookie } from "~/booking/step.server";
import { getDb } from "~/db/client.server";
import { readForm } from "~/platform/form-data.server";
import { DAY_PARTS, DAY_PART_VALUES, describeDayParts } from "~/rules/day-parts";
import { wishDayBounds } from "~/rules/waitlist";
import { addDays, formatCalendarDate } from "~/rules/zoned-time";
import { getBookableStudio, getService } from "~/scheduling/catalogue.server";
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
const dayField = (missing: string) =>
  z
    .string(missing)
    .trim()
    .min(1, missing)
    .max(10, "Enter a date like 2027-03-15.")
    .refine(isRealDay, "Enter a real date, like 2027-03-15.");

function joinSchema(bounds: { min: string; max: string }, askEmail: boolean) {
  return z
    .object({
      firstDay: dayField("Enter the first day you could come."),
      lastDay: dayField("Enter the last day you could come."),
      parts: z
        .array(z.enum(DAY_PART_VALUES, "Choose morning, afternoon or evening."), "Choose at least one part of the day.")
        .min(1, "Choose at least one part of the day.")
        .max(DAY_PART_VALUES.length, "Choose morning, afternoon or evening.")
        .transform((parts) => DAY_PART_VALUES.filter((p) => parts.includes(p))),
      email: askEmail ? emailField : z.unknown().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.firstDay < bounds.min) ctx.addIssue({ code: "custom", path: ["firstDay"], message: "The first day can’t be in the past." });
      if (v.firstDay > bounds.max) ctx.addIssue({ code: "custom", path: ["firstDay"], message: `We can wait up to 60 days ahead: choose a first day by ${formatCalendarDate(bounds.max)}.` });
      if (v.lastDay > bounds.max) ctx.addIssue({ code: "custom", path: ["lastDay"], message: `We can wait up to 60 days ahead: choose a last day by ${formatCalendarDate(bounds.max)}.` });
      if (v.lastDay < v.firstDay) ctx.addIssue({ code: "custom", path: ["lastDay"], message: "The last day must be on or after the first day." });
    });
}

export async function joinPage(request: Request) {
  const { state, studio, service } = await place(request);
  const patient = await getPatient(request);
  const bounds = wishDayBounds(new Date(), studio.tz);
  return json(
    {
      studioName: studio.name,
      serviceName: service.name,
      accountEmail: patient?.email ?? null,
      bounds,
      values: { firstDay: bounds.min, lastDay: addDays(bounds.min, 13), parts: [...DAY_PART_VALUES], email: state.email ?? "" },
      parts: DAY_PARTS.map((p) => ({ value: p.value, label: p.name, hours: p.hours })),
    },
    { headers: PRIVATE_PAGE },
  );
}

export async function joinAction(request: Request) {
  const { db, studio, service } = await place(request);
  const patient = await getPatient(request);
  const form = await readForm(request);
  const values = { ...textValues(form, ["firstDay", "lastDay", "email"]), parts: form.getAll("parts").filter((p): p is string => typeof p === "string").slice(0, 10) };
  const parsed = joinSchema(wishDayBounds(new Date(), studio.tz), !patient).safeParse({ ...Object.fromEntries(form), parts: form.getAll("parts") });
  if (!parsed.success) {
    // In the form's order, so the summary reads top to bottom like the form.
    const errors = fieldErrors(parsed.error);
    const ordered = Object.fromEntries(["firstDay", "lastDay", "parts", "email"].filter((name) => errors[name]).map((name) => [name, errors[name]]));
    return json({ status: "error" as const, initialValue: values, error: ordered }, { status: 400, headers: PRIVATE_PAGE });
  }
  const email = patient ? patient.email : String(parsed.data.email);
  await joinWaitlist(db, {
    email,
    personId: patient?.personId ?? null,
    studio,
    service,
    firstDay: parsed.data.firstDay,
    lastDay: parsed.data.lastDay,
    parts: parsed.data.parts,
    sendEmail: await tryConsume("email", email),
  });
  const query = new URLSearchParams({ from: parsed.data.firstDay, to: parsed.data.lastDay, parts: parsed.data.parts.join(" ") });
  return redirect(`/booking/waitlist/joined?${query}`, { status: 303, headers: PRIVATE_PAGE });
}

/** The confirmation: what the patient waits for, read back from the address (days and parts only, nothing personal). */
export async function joinedPage(request: Request) {
  const { studio, service } = await place(request);
  const url = new URL(request.url);
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const parts = (url.searchParams.get("parts") ?? "").split(" ").filter((p) => (DAY_PART_VALUES as string[]).includes(p));
  const known = isRealDay(from) && isRealDay(to) && from <= to && parts.length > 0;
  return json(
    {
      studioName: studio.name,
      serviceName: service.name,
      days: known ? daysLabel(from, to) : null,
      parts: known ? describeDayParts(parts) : null,
    },
    { headers: PRIVATE_PAGE },
  );
}
