/**
 * The front desk books the caller (issue 38, decision 073): a thin layer over the patient side's code. The times are
 * the funnel's (`timePickerWeek`, the same availability), the time is held with the funnel's hold (`placeHold`), and
 * the visit is booked by the funnel's transaction (`bookAppointment`, with `patientId`, `channel: "phone"` and
 * `bookedBy`), so its outcomes are the funnel's. What is the desk's own: finding the caller, making a new patient
 * only after the likely duplicates are shown (scheduling/patients.server.ts), and a manager's squeeze-in.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { appointments, patients, providers, services } from "~/db/schema";
import { getEnv } from "~/platform/env.server";
import { CARRIERS, NOT_ACCEPTED_NOTICE } from "~/rules/insurance";
import { CANCEL_NOTICE_HOURS, cardRequired, LATE_CANCEL_FEE_CENTS } from "~/rules/cancellation-policy";
import { intakeHref, needsIntakeLink } from "~/rules/intake";
import { cardLinkPath, openCardRequest } from "~/payments/card-requests.server";
import { queueVisitText } from "~/sms/outbox.server";
import { formatUsd } from "~/rules/currency";
import { formatPhone, normalizePhone } from "~/rules/phone";
import { addDays, formatLongDateTime, formatLocalTime, formatShortDateTime, instantOfWall, isDayKey, localDayKey, localMidnight, localToday } from "~/rules/zoned-time";
import { bookAppointment, bookTogether, type BookingFailure, type BookingRequest } from "~/scheduling/book.server";
import { getBookableStudio, getService, type Service, type Studio } from "~/scheduling/catalogue.server";
import { isLive, newBookingId, placeHold, readHold } from "~/scheduling/holds.server";
import { createDeskPatient, likelyDuplicates, phoneDigits, type Caller, type Patient } from "~/scheduling/patients.server";
import { findSlots } from "~/scheduling/slots.server";
import { MAX_WEEK, timePickerWeek } from "~/scheduling/time-picker.server";
import type { Role, StaffUser } from "./staff.server";
import { viewerStudio } from "./scope.server";

const notFound = () => new Response("Not found", { status: 404 });

/** Who may squeeze a visit in (issue 38 D): managers at their studios and admins; never the front desk. */
export const SQUEEZERS: readonly Role[] = ["manager", "admin"];
export const SQUEEZE_REASONS = { emergency: "Emergency", patient_request: "Patient request", provider_asked: "Provider asked", other: "Other" } as const;
export type SqueezeReason = keyof typeof SQUEEZE_REASONS;

/** What tells two callers of one name apart, and nothing of their health: date of birth, phone's last digits, last visit. */
/** `closed`: the account was closed (decision 078): shown, never booked — a caller who comes back is a new record (decision 080). */
export type CallerRow = { id: number; name: string; born: string; phone: string; email: string; lastVisit: string; account: boolean; family: boolean; closed: boolean };

const lastDigits = (phone: string) => {
  const digits = normalizePhone(phone);
  return digits ? `ends ${digits.slice(-4)}` : "no phone";
};

async function callerRows(db: Db, rows: Patient[]): Promise<CallerRow[]> {
  if (!rows.length) return [];
  const last = await db
    .selectDistinctOn([appointments.patientId], { patientId: appointments.patientId, startsAt: appointments.startsAt, studioSlug: appointments.studioSlug })
    .from(appointments)
    .where(and(inArray(appointments.patientId, rows.map((r) => r.id)), ne(appointments.status, "CANCELLED")))
    .orderBy(appointments.patientId, desc(appointments.startsAt));
  const lastOf = new Map(last.map((l) => [l.patientId, l]));
  return rows.map((r) => {
    const visit = lastOf.get(r.id);
    return {
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim() || "(no name)",
      born: r.dateOfBirth ?? "not given",
      phone: lastDigits(r.phone),
      email: r.email || "no email",
      lastVisit: visit ? formatShortDateTime(visit.startsAt, "America/New_York").replace(/,? \d.*$/, "") : "none yet",
      account: r.personId !== null && r.closedAt === null,
      family: r.familyOfPersonId !== null,
      closed: r.closedAt !== null,
    };
  });
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A typed date of birth: 1984-03-09, 03/09/1984 or 3/9/1984; else null. */
export function typedDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const day = iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : us ? `${us[3]}-${us[1].padStart(2, "0")}-${us[2].padStart(2, "0")}` : null;
  return day && isDayKey(day) ? day : null;
}

/**
 * The desk's search over the practice's patients (one record per person, whichever studio they visited): a phone
 * (its 10 digits), an email's beginning, a date of birth, or a name's beginning ("garc", "maria garc"). Each kind
 * reads its index (migration 0024); 20 results at most.
 */
export async function findCallers(user: StaffUser, query: string): Promise<CallerRow[]> {
  if (!user.studios.length) return [];
  const q = query.trim().slice(0, 100);
  if (q.length < 2) return [];
  const db = await getDb();
  const lower = q.toLowerCase();
  const digits = normalizePhone(q);
  const born = typedDate(q);
  const live = isNull(patients.removedAt);
  const read = (where: SQL | undefined, ...order: SQL[]) => db.select().from(patients).where(and(where, live)).orderBy(...order, asc(patients.id)).limit(20);
  let rows: Patient[];
  if (digits) rows = await read(sql`${phoneDigits} = ${digits}`);
  else if (born) rows = await read(eq(patients.dateOfBirth, born));
  else if (q.includes("@")) rows = await read(sql`${patients.email} like ${`${likeEscape(lower)}%`}`);
  else {
    // A name's beginning: each way round read in its index's own order (text_pattern_ops: `using ~<~`), so a common
    // surname among 500,000 patients is the index's first 20 entries, not a sort of its 50,000 (bench/desk.ts).
    const words = lower.split(/\s+/).filter(Boolean);
    const starts = (column: typeof patients.firstName | typeof patients.lastName, word: string) => sql`lower(${column}) like ${`${likeEscape(word)}%`}`;
    const byLast = sql`lower(${patients.lastName}) using ~<~`;
    const byFirst = sql`lower(${patients.firstName}) using ~<~`;
    const top = (where: SQL | undefined, ...order: SQL[]) => db.select().from(patients).where(and(where, live)).orderBy(...order).limit(20);
    const [one, two] =
      words.length === 1
        ? await Promise.all([top(starts(patients.lastName, words[0]!), byLast, byFirst), top(starts(patients.firstName, words[0]!), byFirst)])
        : await Promise.all([
            top(and(starts(patients.firstName, words[0]!), starts(patients.lastName, words.at(-1)!)), byLast, byFirst),
            top(and(starts(patients.lastName, words[0]!), starts(patients.firstName, words.at(-1)!)), byLast, byFirst),
          ]);
    const seen = new Map([...one, ...two].map((r) => [r.id, r]));
    const key = (r: Patient) => `${r.lastName.toLowerCase()}\u0000${r.firstName.toLowerCase()}`;
    rows = [...seen.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id)).slice(0, 20);
  }
  return callerRows(db, rows);
}

/** The caller by id (any patient of the practice; no health data), or a 404 — a closed account's record too (decision 080). */
export async function deskPatient(user: StaffUser, rawId: string | undefined) {
  if (!user.studios.length || !/^\d{1,9}$/.test(rawId ?? "")) throw notFound();
  const db = await getDb();
  const [patient] = await db.select().from(patients).where(and(eq(patients.id, Number(rawId)), isNull(patients.removedAt), isNull(patients.closedAt)));
  if (!patient) throw notFound();
  const [visits] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(eq(appointments.patientId, patient.id), ne(appointments.status, "CANCELLED")));
  const [row] = await callerRows(db, [patient]);
  return { db, patient, row: { ...row, returning: visits.count > 0, phoneFull: formatPhone(patient.phone), hasTextablePhone: normalizePhone(patient.phone) !== null } };
}

export type NewCallerOutcome =
  | { ok: true; patientId: number }
  | { ok: false; code: "duplicates"; duplicates: CallerRow[] }
  | { ok: false; code: "email_taken"; duplicates: CallerRow[] };

/**
 * A new caller made a patient, unless likely duplicates exist and the desk has not yet seen them (`seenDuplicates`):
 * then they are answered, for the desk to choose one or confirm it is someone else. An email already on a record is
 * that record (one patient per email): never a second.
 */
export async function newCaller(user: StaffUser, caller: Caller, seenDuplicates: boolean): Promise<NewCallerOutcome> {
  if (!user.studios.length) throw notFound();
  const db = await getDb();
  const found = await likelyDuplicates(db, caller);
  if (found.length && !seenDuplicates) return { ok: false, code: "duplicates", duplicates: await callerRows(db, found) };
  const made = await createDeskPatient(db, caller);
  if (!made.ok) return { ok: false, code: "email_taken", duplicates: await callerRows(db, [made.patient]) };
  return { ok: true, patientId: made.patient.id };
}

/** The studio's bookable services (every one the funnel offers) and its active providers who can give one. */
export async function studioChoices(db: Db, studio: Studio) {
  const [offered, staffed] = await Promise.all([
    db.select().from(services).orderBy(asc(services.name)),
    db.select({ id: providers.id, name: providers.name, role: providers.role }).from(providers).where(and(eq(providers.studioSlug, studio.slug), eq(providers.active, true))).orderBy(asc(providers.name)),
  ]);
  return { services: offered.filter((s) => studio.slug !== "virtual" || s.virtualAllowed), providers: staffed };
}

type Choice = { service: Service | null; providerId: number | undefined };

/** `?service=&provider=` read against the studio's lists: unknown values are no choice. */
function chosen(url: URL, lists: Awaited<ReturnType<typeof studioChoices>>): Choice {
  const code = url.searchParams.get("service");
  const service = lists.services.find((s) => s.code === code) ?? null;
  const raw = url.searchParams.get("provider");
  const provider = lists.providers.find((p) => String(p.id) === raw && (!service || service.providerRoles.includes(p.role)));
  return { service, providerId: provider?.id };
}

/** The studio as the desk books it: one of the viewer's, and still taking bookings; else 404. */
export async function bookableStudio(user: StaffUser, slug: string) {
  viewerStudio(user, slug);
  const db = await getDb();
  const studio = await getBookableStudio(db, slug);
  if (!studio) throw notFound();
  return { db, studio };
}

/** The query that keeps the desk's choices on every link of the page (the time picker's pager and days). */
export function keepQuery(choice: { service?: string | null; provider?: string | null }) {
  const params = new URLSearchParams();
  if (choice.service) params.set("service", choice.service);
  if (choice.provider) params.set("provider", choice.provider);
  const text = params.toString();
  return text ? `${text}&` : "";
}

/** The booking page for one caller: the choices, the times (the funnel's), the hold and what to read out. */
export async function deskBookingPage(user: StaffUser, slug: string, rawPatientId: string | undefined, url: URL, now = new Date()) {
  const { db, studio } = await bookableStudio(user, slug);
  const { patient, row } = await deskPatient(user, rawPatientId);
  const lists = await studioChoices(db, studio);
  const choice = chosen(url, lists);
  const hold = await readHold(db, url.searchParams.get("hold"));
  // A free time chosen on the day view (`?at=`): its radio is ticked, its day shown.
  const preselected = isoInstant(url.searchParams.get("at"));
  const held =
    hold && isLive(hold, now) && hold.studioSlug === studio.slug && hold.serviceType === choice.service?.code
      ? {
          id: hold.bookingId,
          when: formatLongDateTime(hold.startsAt, studio.tz),
          until: formatLocalTime(hold.expiresAt, studio.tz),
          provider: lists.providers.find((p) => p.id === hold.providerId)?.name ?? "",
          ends: formatLocalTime(hold.endsAt, studio.tz),
        }
      : null;
  const picker =
    choice.service && !held
      ? await timePickerWeek(db, {
          studio,
          service: choice.service,
          now,
          url,
          selected: preselected,
          timeoutMs: getEnv().AVAILABILITIES_TIMEOUT_MS,
          fresh: url.searchParams.get("taken") === "1",
          providerId: choice.providerId,
        })
      : null;
  const needsCard = cardRequired(studio.marketSlug, getEnv().NASHVILLE_CC_REQUIRED);
  return {
    studio: { slug: studio.slug, name: studio.name },
    patient: { ...row, firstName: patient.firstName },
    services: lists.services.map((s) => ({ value: s.code, label: `${s.name} (${s.durationMinutes} min)` })),
    providers: lists.providers.map((p) => ({ value: String(p.id), label: `${p.name} (${p.role})`, role: p.role })),
    choice: { service: choice.service?.code ?? null, serviceName: choice.service?.name ?? null, provider: choice.providerId ? String(choice.providerId) : "any" },
    keep: keepQuery({ service: choice.service?.code, provider: choice.providerId ? String(choice.providerId) : "any" }),
    picker,
    held,
    heldExpired: Boolean(url.searchParams.get("hold")) && !held,
    taken: url.searchParams.get("taken") === "1",
    carriers: CARRIERS.map((c) => ({ value: c.value, label: c.label })),
    notAccepted: NOT_ACCEPTED_NOTICE,
    policy: needsCard
      ? `You can cancel or move your visit for free up to ${CANCEL_NOTICE_HOURS} hours before it. With less notice, or if you miss it, there is a ${formatUsd(LATE_CANCEL_FEE_CENTS)} fee: we will send you a secure link to add a card.`
      : `You can cancel or move your visit for free up to ${CANCEL_NOTICE_HOURS} hours before it. Please call us if you cannot make it.`,
    preselected,
    // Two at once: the account's other people, offered the time right after the held one.
    family: held ? (await familyOfCaller(db, patient)).map((m) => ({ value: String(m.id), label: m.name })) : [],
    canSqueeze: SQUEEZERS.includes(user.role),
    squeezeReasons: Object.entries(SQUEEZE_REASONS).map(([value, label]) => ({ value, label })),
  };
}

const isoInstant = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/.test(raw) && !Number.isNaN(Date.parse(raw)) ? new Date(raw).toISOString() : null);

/**
 * What a free time on the day view carries into the booking (the caller is found first): the service, the provider,
 * the time's week and day and the time itself, each checked; anything else is dropped. "" when there is nothing.
 */
export function carriedChoice(url: URL): string {
  const params = new URLSearchParams();
  const service = url.searchParams.get("service");
  const provider = url.searchParams.get("provider");
  const week = url.searchParams.get("week");
  const day = url.searchParams.get("day");
  const at = isoInstant(url.searchParams.get("at"));
  if (service && /^[A-Z]{2,12}$/.test(service)) params.set("service", service);
  if (provider && /^(any|\d{1,9})$/.test(provider)) params.set("provider", provider);
  if (week && /^\d{1,2}$/.test(week) && Number(week) <= MAX_WEEK) params.set("week", week);
  if (day && isDayKey(day)) params.set("day", day);
  if (at) params.set("at", at);
  return params.toString();
}

/**
 * The day view's free times (issue 38 A: "book from a free time on the day"): per provider, the times the funnel's
 * availability offers on that day for a cleaning or an emergency (else the shortest service their role gives), each
 * a link into the desk's booking with
 * the service, provider and time chosen. None for a day already past.
 */
export async function freeTimesOfDay(db: Db, studio: Studio, day: string, now = new Date()) {
  if (day < localToday(now, studio.tz)) return [];
  const [offered, staffed] = await Promise.all([
    db.select().from(services).orderBy(asc(services.durationMinutes), asc(services.code)),
    db.select({ id: providers.id, name: providers.name, role: providers.role }).from(providers).where(and(eq(providers.studioSlug, studio.slug), eq(providers.active, true))).orderBy(asc(providers.name)),
  ]);
  const bookable = offered.filter((s) => studio.slug !== "virtual" || s.virtualAllowed);
  const from = localMidnight(day, studio.tz);
  const to = localMidnight(addDays(day, 1), studio.tz);
  const week = Math.floor((Date.UTC(...(day.split("-").map(Number) as [number, number, number])) - Date.UTC(...(localToday(now, studio.tz).split("-").map(Number) as [number, number, number]))) / (7 * 86_400_000));
  const slotsOf = new Map<string, Awaited<ReturnType<typeof findSlots>>>();
  const out: { providerId: number; provider: string; service: string; times: { label: string; href: string }[] }[] = [];
  for (const provider of staffed) {
    // The visit most booked by phone where the role gives it (a cleaning, an emergency), else the role's shortest.
    const gives = bookable.filter((s) => s.providerRoles.includes(provider.role));
    const service = gives.find((s) => s.code === "CLNCHK") ?? gives.find((s) => s.code === "EMERG") ?? gives[0];
    if (!service) continue;
    if (!slotsOf.has(service.code)) slotsOf.set(service.code, await findSlots(db, studio, service, { from, to, now }, { cacheBlocked: true }));
    const times = slotsOf
      .get(service.code)!
      .filter((slot) => slot.providerIds.includes(provider.id) && localDayKey(slot.startsAt, studio.tz) === day)
      .map((slot) => ({
        label: formatLocalTime(slot.startsAt, studio.tz),
        href: `/staff/studios/${studio.slug}/book?service=${service.code}&provider=${provider.id}&week=${Math.min(Math.max(week, 0), MAX_WEEK)}&day=${day}&at=${encodeURIComponent(slot.startsAt.toISOString())}`,
      }));
    out.push({ providerId: provider.id, provider: provider.name, service: service.name, times });
  }
  return out;
}

export type HoldAnswer = { ok: true; bookingId: string } | { ok: false; code: "taken" | "generic_error" };

/** The desk chose a time: held with the patient side's hold, for this booking only (decision 021). */
export async function holdForCaller(user: StaffUser, slug: string, input: { service: string; provider: string; startsAt: Date; now?: Date }): Promise<HoldAnswer> {
  const { db, studio } = await bookableStudio(user, slug);
  const lists = await studioChoices(db, studio);
  const choice = chosen(new URL(`http://x/?service=${encodeURIComponent(input.service)}&provider=${encodeURIComponent(input.provider)}`), lists);
  if (!choice.service) return { ok: false, code: "taken" };
  const bookingId = newBookingId();
  const outcome = await placeHold(db, { bookingId, studioSlug: studio.slug, serviceCode: choice.service.code, startsAt: input.startsAt, providerId: choice.providerId, now: input.now });
  return outcome.ok ? { ok: true, bookingId } : outcome;
}

export type DeskDetails = {
  insurance: { kind: "carrier"; carrier: string; memberId?: string } | { kind: "self-pay" } | null;
  smsConsent: boolean;
  note: string;
  /** A family member of the same account, booked right after the caller (their patient id, as posted). */
  together?: string;
};

/**
 * The other people of the caller's account (issue 38 A: "two at once"): the account holder and the members they hold,
 * the caller left out. A caller without an account has none.
 */
export async function familyOfCaller(db: Db, patient: Patient): Promise<{ id: number; name: string }[]> {
  const holder = patient.personId ?? patient.familyOfPersonId;
  if (holder === null) return [];
  const rows = await db
    .select({ id: patients.id, firstName: patients.firstName, lastName: patients.lastName })
    .from(patients)
    .where(and(or(eq(patients.personId, holder), eq(patients.familyOfPersonId, holder)), isNull(patients.removedAt), ne(patients.id, patient.id)))
    .orderBy(asc(patients.firstName));
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() }));
}

/** What the desk's booking answers: the funnel's outcomes, or the visit's id. */
export type DeskBookingOutcome = { ok: true; visitId: number } | { ok: false; code: BookingFailure | "hold_gone" | "pair_taken" };

/** Books the held time for the caller through the funnel's transaction (`channel: "phone"`, the staff member recorded). */
export async function bookForCaller(user: StaffUser, slug: string, rawPatientId: string | undefined, input: { holdId: string; service: string; details: DeskDetails; now?: Date }): Promise<DeskBookingOutcome> {
  const { db, studio } = await bookableStudio(user, slug);
  const { patient } = await deskPatient(user, rawPatientId);
  const hold = await readHold(db, input.holdId);
  if (!hold || hold.studioSlug !== studio.slug || hold.serviceType !== input.service) return { ok: false, code: "hold_gone" };
  const request: BookingRequest = {
    studioSlug: studio.slug,
    serviceCode: hold.serviceType,
    startsAt: hold.startsAt,
    patientId: patient.id,
    patient: { email: patient.email, firstName: patient.firstName, lastName: patient.lastName, phone: patient.phone, dateOfBirth: patient.dateOfBirth, preferences: [] },
    needsInsurance: input.details.insurance?.kind === "carrier" && (input.details.insurance.carrier === "OTHER" || !input.details.insurance.memberId),
    details: { ...(input.details.insurance ? { insurance: input.details.insurance } : {}), ...(input.details.note ? { deskNote: input.details.note } : {}) },
    holdId: hold.bookingId,
    smsConsent: input.details.smsConsent,
    locale: patient.locale,
    channel: "phone",
    bookedBy: { id: user.id, email: user.email },
    now: input.now,
  };
  if (input.details.together) {
    // Two at once (issue 38 A): the family member right after the caller, same service, any free provider — both in
    // the funnel's one transaction for two (bookTogether), so both are booked or neither is.
    const member = (await familyOfCaller(db, patient)).find((m) => String(m.id) === input.details.together);
    if (!member) return { ok: false, code: "invalid" };
    const [row] = await db.select().from(patients).where(eq(patients.id, member.id));
    const second: BookingRequest = {
      ...request,
      startsAt: hold.endsAt,
      patientId: row.id,
      patient: { email: row.email, firstName: row.firstName, lastName: row.lastName, phone: row.phone, dateOfBirth: row.dateOfBirth, preferences: [] },
      holdId: undefined,
      smsConsent: false,
      locale: row.locale,
    };
    const pair = await bookTogether(db, request, second, [patient.firstName, row.firstName], patient.firstName);
    if (!pair.ok) return pair.code === "availability_conflict" ? { ok: false, code: "pair_taken" } : pair;
    for (const visit of pair.appointments) await afterDeskBooking(db, user, studio, visit.id, input.now);
    return { ok: true, visitId: pair.appointments[0].id };
  }
  const outcome = await bookAppointment(db, request);
  if (!outcome.ok) return outcome;
  await afterDeskBooking(db, user, studio, outcome.appointment.id, input.now);
  return { ok: true, visitId: outcome.appointment.id };
}

/**
 * What a phone call adds to the funnel's confirmation (issue 38 C), which bookAppointment has already queued (the
 * email when there is an address, the "booked" text when the caller agreed to texts): where the studio needs a card,
 * the card link (by email and/or text; the desk never types a card); and for a caller without email, the intake link
 * by text where the service needs intake (the email carries it otherwise). One transaction, after the booking's:
 * the visit is booked whatever happens here, and "card requested" shows only once the link is on its way.
 */
async function afterDeskBooking(db: Db, user: StaffUser, studio: Studio, visitId: number, at: Date | undefined) {
  const now = at ?? new Date();
  const siteOrigin = getEnv().SITE_ORIGIN;
  try {
    await db.transaction(async (tx) => {
      const [visit] = await tx
        .select({ token: appointments.token, serviceType: appointments.serviceType, needsInsurance: appointments.needsInsurance, email: patients.email })
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patientId))
        .where(eq(appointments.id, visitId));
      if (!visit) return;
      if (cardRequired(studio.marketSlug, getEnv().NASHVILLE_CC_REQUIRED)) {
        const token = await openCardRequest(tx, { appointmentId: visitId, staffId: user.id, now, siteOrigin });
        if (token) await queueVisitText(tx, { appointmentId: visitId, kind: "card_link", now, siteOrigin, link: siteOrigin + cardLinkPath(token) });
      }
      if (!visit.email && needsIntakeLink(visit)) {
        await queueVisitText(tx, { appointmentId: visitId, kind: "intake_link", now, siteOrigin, link: siteOrigin + intakeHref(visit.token, { booked: true }) });
      }
    });
  } catch (error) {
    // The visit stands; the desk sees no "card requested" and can tell the caller. Never the patient's data in a log.
    console.error(`[desk] card or intake link not queued: ${error instanceof Error ? error.name : "unknown"}`);
  }
}

export type SqueezeInput = { service: string; providerId: number; day: string; time: string; reason: SqueezeReason; other: string };

/** The instant of a studio-local day and HH:MM (the first of a repeated hour; a skipped one is null). */
function wallInstant(day: string, time: string, tz: string): Date | null {
  const [y, m, d] = day.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  const at = instantOfWall(Date.UTC(y, m - 1, d, h, min), tz);
  return at.exists ? new Date(at.instant) : null;
}

/**
 * A manager's squeeze-in, looked at before it is saved: the provider's visits it overlaps. Refused (404, like every
 * page a role does not have) for the front desk, whatever the post says.
 */
export async function squeezeConflicts(user: StaffUser, slug: string, input: SqueezeInput) {
  if (!SQUEEZERS.includes(user.role)) throw new Response("Not allowed", { status: 403 });
  const { db, studio } = await bookableStudio(user, slug);
  const service = await getService(db, input.service);
  const provider = (await studioChoices(db, studio)).providers.find((p) => p.id === input.providerId);
  const startsAt = wallInstant(input.day, input.time, studio.tz);
  if (!service || !provider || !service.providerRoles.includes(provider.role) || !startsAt) return null;
  const endsAt = new Date(startsAt.getTime() + service.durationMinutes * 60_000);
  const overlaps = await db
    .select({ id: appointments.id, startsAt: appointments.startsAt, endsAt: appointments.endsAt, firstName: patients.firstName, service: services.name })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(services, eq(services.code, appointments.serviceType))
    .where(and(eq(appointments.providerId, provider.id), ne(appointments.status, "CANCELLED"), lt(appointments.startsAt, endsAt), gt(appointments.endsAt, startsAt)))
    .orderBy(asc(appointments.startsAt));
  return {
    studio,
    service,
    provider,
    startsAt,
    when: formatLongDateTime(startsAt, studio.tz),
    conflicts: overlaps.map((o) => `${formatLocalTime(o.startsAt, studio.tz)}–${formatLocalTime(o.endsAt, studio.tz)}: ${o.firstName}, ${o.service}`),
  };
}

/** The squeeze-in saved, through the funnel's transaction with the reason (migration 0024 lets only it overlap). */
export async function squeezeIn(user: StaffUser, slug: string, rawPatientId: string | undefined, input: SqueezeInput & { details: DeskDetails; now?: Date }): Promise<DeskBookingOutcome | null> {
  const seen = await squeezeConflicts(user, slug, input);
  if (!seen) return null;
  const { patient, db } = await deskPatient(user, rawPatientId);
  const reason = input.reason === "other" ? `Other: ${input.other.trim()}` : SQUEEZE_REASONS[input.reason];
  const outcome = await bookAppointment(db, {
    studioSlug: seen.studio.slug,
    serviceCode: seen.service.code,
    startsAt: seen.startsAt,
    patientId: patient.id,
    patient: { email: patient.email, firstName: patient.firstName, lastName: patient.lastName, phone: patient.phone, dateOfBirth: patient.dateOfBirth, preferences: [] },
    needsInsurance: input.details.insurance?.kind === "carrier" && (input.details.insurance.carrier === "OTHER" || !input.details.insurance.memberId),
    details: { ...(input.details.insurance ? { insurance: input.details.insurance } : {}), ...(input.details.note ? { deskNote: input.details.note } : {}) },
    smsConsent: input.details.smsConsent,
    locale: patient.locale,
    channel: "phone",
    bookedBy: { id: user.id, email: user.email },
    squeeze: { providerId: seen.provider.id, reason },
    now: input.now,
  });
  if (!outcome.ok) return outcome;
  await afterDeskBooking(db, user, seen.studio, outcome.appointment.id, input.now);
  return { ok: true, visitId: outcome.appointment.id };
}

export const DESK_REFUSALS: Record<BookingFailure | "hold_gone" | "pair_taken", string> = {
  availability_conflict: "Sorry, that time was just taken. Choose another time below.",
  conflict: "The patient already has another visit at that time. Choose another time.",
  has_srp_tx_plan: "This patient has a periodontal treatment plan: book their cleaning as a periodontal maintenance visit with the studio's dentist.",
  invalid: "This patient's record changed meanwhile. Find the patient again.",
  generic_error: "Something went wrong on our side and nothing was booked. Try again.",
  hold_gone: "The time is no longer held for this call. Choose the time again.",
  pair_taken: "The time right after is not free for the family member, so nothing was booked. Book the caller alone, then the family member at a time of their own.",
};
