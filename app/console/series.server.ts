/**
 * The desk books a series (issue 39 A, decision 076): from the desk's booking of one visit, "repeat this visit" — the
 * rule, a preview of every occurrence (free and held for this desk, or in conflict with why and up to three free
 * times), a choice per conflict (an alternative, skip, or a manager's squeeze-in with a reason), and "Book the series"
 * in ONE transaction (`bookSeries`). A time taken between the preview and the confirm brings the preview back with
 * that visit in conflict; nothing is half-booked. The preview, holds and booking are scheduling's (decision 075).
 */
import { z } from "zod/v4";
import { msg } from "~/i18n/translate";
import { localInstant, seriesRuleProblems, SERIES_MAX_OCCURRENCES, type SeriesRule } from "~/rules/series";
import { formatLocalTime, formatLongDateTime, isDayKey, localDayKey, localToday, localWallTime } from "~/rules/zoned-time";
import { bookSeries, type BookingFailure, type SeriesPlan } from "~/scheduling/book.server";
import { getService } from "~/scheduling/catalogue.server";
import { BOOKING_ID, holdMinutes, readHold, releaseHold } from "~/scheduling/holds.server";
import { holdSeries, occurrenceHoldId, previewSeries, type Conflict, type PreviewOccurrence } from "~/scheduling/series.server";
import { bookableStudio, deskPatient, SQUEEZE_REASONS, SQUEEZERS, studioChoices, type DeskDetails } from "./desk.server";
import type { StaffUser } from "./staff.server";

const notFound = () => new Response("Not found", { status: 404 });

/** Why an occurrence cannot be booked as planned, as the desk reads it. */
export const CONFLICT_TEXT: Record<Conflict, string> = {
  closed: "The studio is closed that day",
  no_such_time: "That time does not exist that day (the clocks go forward)",
  too_soon: "Too soon to book",
  provider_off: "The provider does not work then",
  taken: "Another visit or a held time is there",
};
/** A squeeze-in needs a time that exists and is not past. */
const FORCEABLE = (c: Conflict) => c !== "no_such_time" && c !== "too_soon";

/** The visit fields: `v1`…`v24`, each "skip", "force" or a free time's instant. */
const visitChoice = z
  .string()
  .regex(/^(skip|force|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z)$/, msg("series.errors.choice"))
  .optional();
const choices = Object.fromEntries(Array.from({ length: SERIES_MAX_OCCURRENCES }, (_, i) => [`v${i + 1}`, visitChoice])) as Record<`v${number}`, typeof visitChoice>;

/** The rule as the desk types it: the first day and time, every N weeks or months, a count or a last day, the provider. */
export const seriesRuleSchema = z.object({
  service: z.string().regex(/^[A-Z]{2,12}$/, msg("series.errors.service")),
  provider: z.string().regex(/^(any|\d{1,9})$/, msg("series.errors.provider")),
  day: z.string(msg("series.errors.day")).refine(isDayKey, msg("series.errors.day")),
  time: z.string(msg("series.errors.time")).regex(/^([01]\d|2[0-3]):[0-5]\d$/, msg("series.errors.time")),
  every: z.number(msg("series.errors.everyNumber")).int(msg("series.errors.everyNumber")),
  unit: z.enum(["weeks", "months"], msg("series.errors.unit")),
  ends: z.enum(["count", "until"], msg("series.errors.countOrUntil")),
  count: z.number(msg("series.errors.count")).optional(),
  until: z.string().refine(isDayKey, msg("series.errors.untilDay")).optional(),
  hold: z.string().regex(BOOKING_ID).optional(),
});
export type SeriesRuleInput = z.output<typeof seriesRuleSchema>;

/** The confirm: the rule again (hidden), the draft's id, a choice per conflict, and a squeeze-in's provider and reason. */
export const seriesConfirmSchema = seriesRuleSchema.extend({
  draft: z.string().regex(BOOKING_ID, msg("series.errors.draft")),
  forceProvider: z.number().int().positive().optional(),
  reason: z.enum(["emergency", "patient_request", "provider_asked", "other"], msg("series.errors.reason")).optional(),
  other: z.string().trim().max(200, msg("series.errors.other")).default(""),
  ...choices,
});
export type SeriesConfirmInput = z.output<typeof seriesConfirmSchema>;

/** The rule's problems per field (the pure rule's keys) for validateForm's `refine`; the first day not past. */
export function ruleRefusal<T extends SeriesRuleInput>(value: T, now = new Date()): T | { fieldErrors: Record<string, string[]> } {
  const rule = toRule(value);
  const problems: Record<string, string[]> = Object.fromEntries(Object.entries(seriesRuleProblems(value.day, rule)).map(([field, key]) => [field, [key as string]]));
  // The studios are in Eastern and Central time: a day before today in Chicago is past everywhere we serve.
  if (value.day < localToday(now, "America/Chicago")) problems.day = ["series.errors.dayPast"];
  if (value.ends === "until" && value.until === undefined) {
    delete problems.count;
    problems.until = ["series.errors.untilDay"];
  }
  return Object.keys(problems).length ? { fieldErrors: problems } : value;
}

function toRule(value: SeriesRuleInput): SeriesRule & { count?: number; until?: string } {
  return value.ends === "count" ? ({ every: value.every, unit: value.unit, count: value.count ?? (undefined as unknown as number) } as SeriesRule) : ({ every: value.every, unit: value.unit, until: value.until ?? (undefined as unknown as string) } as SeriesRule);
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The studio, service, patient and provider a series is for; 404 for anything not the viewer's or not bookable. */
async function seriesContext(user: StaffUser, slug: string, rawPatientId: string | undefined, input: { service: string; provider: string }) {
  const { db, studio } = await bookableStudio(user, slug);
  const { patient, row } = await deskPatient(user, rawPatientId);
  const lists = await studioChoices(db, studio);
  const service = lists.services.find((s) => s.code === input.service);
  if (!service) throw notFound();
  const full = (await getService(db, service.code))!;
  const provider = input.provider === "any" ? null : lists.providers.find((p) => String(p.id) === input.provider && full.providerRoles.includes(p.role));
  if (provider === undefined) throw notFound();
  return { db, studio, patient, row, service: full, provider, providers: lists.providers.filter((p) => full.providerRoles.includes(p.role)) };
}
type Context = Awaited<ReturnType<typeof seriesContext>>;

/** The "repeat this visit" form: the rule's first day and time from the desk's held time, when there is one. */
export async function seriesFormPage(user: StaffUser, slug: string, rawPatientId: string | undefined, url: URL, now = new Date()) {
  const input = { service: url.searchParams.get("service") ?? "", provider: url.searchParams.get("provider") ?? "any" };
  const ctx = await seriesContext(user, slug, rawPatientId, input);
  const hold = await readHold(ctx.db, url.searchParams.get("hold"));
  const held = hold && hold.studioSlug === ctx.studio.slug && hold.serviceType === ctx.service.code && hold.expiresAt > now ? hold : null;
  const start = held?.startsAt;
  return {
    ...pageBase(ctx, user),
    values: {
      service: ctx.service.code,
      provider: input.provider,
      hold: held?.bookingId ?? "",
      day: start ? localDayKey(start, ctx.studio.tz) : "",
      time: start ? localWallTime(start, ctx.studio.tz) : "",
      every: "6",
      unit: "weeks",
      ends: "count",
      count: "8",
    },
    held: start ? formatLongDateTime(start, ctx.studio.tz) : null,
  };
}

function pageBase(ctx: Context, user: StaffUser) {
  return {
    studio: { slug: ctx.studio.slug, name: ctx.studio.name },
    patient: { id: ctx.patient.id, name: ctx.row.name, firstName: ctx.patient.firstName },
    service: { code: ctx.service.code, name: ctx.service.name },
    providers: ctx.providers.map((p) => ({ value: String(p.id), label: `${p.name} (${p.role})` })),
    canSqueeze: SQUEEZERS.includes(user.role),
    squeezeReasons: Object.entries(SQUEEZE_REASONS).map(([value, label]) => ({ value, label })),
  };
}

/** One occurrence as the preview shows it. */
export type PreviewRow = {
  position: number;
  of: number;
  when: string;
  conflict: Conflict | null;
  why: string | null;
  alternatives: { value: string; label: string }[];
  forceable: boolean;
};

/**
 * The preview: every occurrence read from availability, the free ones held for this draft (a time someone took
 * between reading and holding is read again, in conflict), the desk's own single hold released first so the first
 * visit is not in conflict with itself.
 */
async function previewAndHold(ctx: Context, input: SeriesRuleInput, draftId: string, now: Date): Promise<PreviewOccurrence[]> {
  const request = { studio: ctx.studio, service: ctx.service, providerId: ctx.provider?.id ?? null, firstDay: input.day, localMinute: minuteOf(input.time), rule: toRule(input), now, draftId };
  let preview = await previewSeries(ctx.db, request);
  const held = await holdSeries(ctx.db, { ...request }, preview.filter((o) => !o.conflict).map((o) => ({ position: o.position, startsAt: o.startsAt })));
  if ([...held.values()].includes("taken")) preview = await previewSeries(ctx.db, request);
  return preview;
}

function previewPage(ctx: Context, user: StaffUser, input: SeriesRuleInput, draftId: string, preview: PreviewOccurrence[], now: Date, message?: string) {
  const tz = ctx.studio.tz;
  const rows: PreviewRow[] = preview.map((o) => ({
    position: o.position,
    of: preview.length,
    when: formatLongDateTime(o.startsAt, tz),
    conflict: o.conflict,
    why: o.conflict ? CONFLICT_TEXT[o.conflict] : null,
    alternatives: o.alternatives.map((a) => ({ value: a.toISOString(), label: localDayKey(a, tz) === o.day ? `${formatLocalTime(a, tz)} the same day` : formatLongDateTime(a, tz) })),
    forceable: Boolean(o.conflict && FORCEABLE(o.conflict)),
  }));
  return {
    intent: "preview" as const,
    ...pageBase(ctx, user),
    rule: {
      service: input.service,
      provider: input.provider,
      day: input.day,
      time: input.time,
      every: String(input.every),
      unit: input.unit,
      ends: input.ends,
      count: input.count === undefined ? "" : String(input.count),
      until: input.until ?? "",
      draft: draftId,
    },
    summary: `${ctx.service.name}, every ${input.every === 1 ? "" : `${input.every} `}${input.unit === "weeks" ? (input.every === 1 ? "week" : "weeks") : input.every === 1 ? "month" : "months"} at ${formatLocalTime(localInstant(input.day, minuteOf(input.time), tz).at, tz)}, ${ctx.provider ? `with ${ctx.provider.name}` : "any provider"}`,
    heldUntil: formatLocalTime(new Date(now.getTime() + holdMinutes() * 60_000), tz),
    rows,
    conflicts: rows.filter((r) => r.conflict).length,
    message: message ?? null,
  };
}
export type SeriesPreviewPage = ReturnType<typeof previewPage>;

/** The rule posted: the desk's single hold released (its time is held again as the series' first), the preview. */
export async function previewForCaller(user: StaffUser, slug: string, rawPatientId: string | undefined, input: SeriesRuleInput, draftId: string, now = new Date()) {
  const ctx = await seriesContext(user, slug, rawPatientId, input);
  if (input.hold) {
    const hold = await readHold(ctx.db, input.hold);
    if (hold && hold.studioSlug === ctx.studio.slug) await releaseHold(ctx.db, hold.bookingId);
  }
  return previewPage(ctx, user, input, draftId, await previewAndHold(ctx, input, draftId, now), now);
}

export type SeriesConfirmOutcome =
  | { ok: true; visitId: number; count: number }
  | { ok: false; code: "forbidden" }
  | { ok: false; code: "refused"; fieldErrors: Record<string, string[]>; page: SeriesPreviewPage }
  | { ok: false; code: "preview"; page: SeriesPreviewPage };

const FAILED_AT: Record<BookingFailure, (n: number, of: number) => string> = {
  availability_conflict: (n, of) => `Visit ${n} of ${of} was just taken, so nothing was booked. It is shown in conflict below: choose again, then book the series.`,
  conflict: (n, of) => `The patient already has another visit at the time of visit ${n} of ${of}, so nothing was booked. Choose another time for it.`,
  has_srp_tx_plan: () => "This patient has a periodontal treatment plan: book their cleanings as periodontal maintenance visits with the studio's dentist.",
  invalid: () => "This patient's record changed meanwhile. Find the patient again.",
  generic_error: () => "Something went wrong on our side and nothing was booked. Try again.",
};

/**
 * "Book the series": the occurrences read again for this draft (its holds are its own), each conflict's choice
 * applied (a free time still free, skip, or a manager's squeeze-in), then every chosen visit in ONE transaction.
 * A conflict without a choice (a time taken since the preview) or a visit refused at booking brings the preview back.
 */
export async function confirmForCaller(user: StaffUser, slug: string, rawPatientId: string | undefined, input: SeriesConfirmInput, details: DeskDetails, now = new Date()): Promise<SeriesConfirmOutcome> {
  const ctx = await seriesContext(user, slug, rawPatientId, input);
  const preview = await previewAndHold(ctx, input, input.draft, now);
  const again = (message: string, fresh = preview) => ({ ok: false as const, code: "preview" as const, page: previewPage(ctx, user, input, input.draft, fresh, now, message) });
  const visits: (SeriesPlan["visits"][number] & { position: number })[] = [];
  const errors: Record<string, string[]> = {};
  for (const o of preview) {
    const choice = (input as unknown as Record<string, string | undefined>)[`v${o.position}`];
    if (!o.conflict) {
      visits.push({ position: o.position, startsAt: o.startsAt, holdId: occurrenceHoldId(input.draft, o.position) });
      continue;
    }
    if (!choice) return again(`Visit ${o.position} of ${preview.length} is in conflict (${CONFLICT_TEXT[o.conflict].toLowerCase()}): take a free time, skip it, or squeeze it in. Nothing was booked.`);
    if (choice === "skip") continue;
    if (choice === "force") {
      if (!SQUEEZERS.includes(user.role)) return { ok: false, code: "forbidden" };
      if (!FORCEABLE(o.conflict)) {
        errors[`v${o.position}`] = ["series.errors.notForceable"];
        continue;
      }
      const providerId = ctx.provider?.id ?? input.forceProvider;
      if (!providerId || !ctx.providers.some((p) => p.id === providerId)) errors.forceProvider = ["series.errors.forceProvider"];
      if (!input.reason) errors.reason = ["series.errors.reason"];
      else if (input.reason === "other" && !input.other) errors.other = ["series.errors.other"];
      const reason = input.reason === "other" ? `Other: ${input.other}` : input.reason ? SQUEEZE_REASONS[input.reason] : "";
      visits.push({ position: o.position, startsAt: o.startsAt, squeeze: { providerId: providerId ?? 0, reason } });
      continue;
    }
    const at = new Date(choice);
    if (!o.alternatives.some((a) => a.getTime() === at.getTime())) {
      return again(`The time chosen for visit ${o.position} of ${preview.length} is no longer free, so nothing was booked. Choose again below.`);
    }
    visits.push({ position: o.position, startsAt: at });
  }
  const refused = (fieldErrors: Record<string, string[]>) => ({ ok: false as const, code: "refused" as const, fieldErrors, page: previewPage(ctx, user, input, input.draft, preview, now) });
  if (Object.keys(errors).length) return refused(errors);
  if (visits.length < 2) return refused({ "": ["series.errors.tooFew"] });
  // Alternatives may cross a neighbour's day (weekly, ±3 days): the series is booked in time order.
  const inOrder = [...visits].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  if (inOrder.some((v, i) => i > 0 && localDayKey(v.startsAt, ctx.studio.tz) === localDayKey(inOrder[i - 1].startsAt, ctx.studio.tz))) {
    return refused({ "": ["series.errors.sameDay"] });
  }
  const insurance = details.insurance;
  const outcome = await bookSeries(
    ctx.db,
    {
      studioSlug: ctx.studio.slug,
      serviceCode: ctx.service.code,
      patientId: ctx.patient.id,
      patient: { email: ctx.patient.email, firstName: ctx.patient.firstName, lastName: ctx.patient.lastName, phone: ctx.patient.phone, dateOfBirth: ctx.patient.dateOfBirth, preferences: [] },
      needsInsurance: insurance?.kind === "carrier" && (insurance.carrier === "OTHER" || !insurance.memberId),
      details: { ...(insurance ? { insurance } : {}), ...(details.note ? { deskNote: details.note } : {}) },
      smsConsent: details.smsConsent,
      locale: ctx.patient.locale,
      channel: "phone",
      bookedBy: { id: user.id, email: user.email },
      now,
    },
    { every: input.every, unit: input.unit, localMinute: minuteOf(input.time), providerId: ctx.provider?.id ?? null, visits: inOrder.map(({ startsAt, holdId, squeeze }) => ({ startsAt, holdId, squeeze })) },
  );
  if (outcome.ok) return { ok: true, visitId: outcome.appointments[0].id, count: outcome.appointments.length };
  const failed = outcome.position ? inOrder[outcome.position - 1]?.position : undefined;
  // Read again (the taken time now shows in conflict), the free ones held again.
  const fresh = await previewAndHold(ctx, input, input.draft, now);
  return again(failed ? FAILED_AT[outcome.code](failed, preview.length) : FAILED_AT[outcome.code](0, preview.length), fresh);
}
