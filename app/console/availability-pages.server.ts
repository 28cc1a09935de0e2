/**
 * The availability pages' server code (issue 18 C, decision 023): services, a studio's weekly hours, its closures
 * and its time off. Closures and time off are one kind of form: a dated change added (or refused per field) and
 * removed by id (a 404 once gone); each page says what the change touched.
 */
import { redirect } from "@remix-run/node";
import type { z } from "zod/v4";
import { getDb, type Db } from "~/db/client.server";
import { readFormPost, rejected, textValues, validateForm, type FieldErrors } from "~/flow/forms.server";
import { formatUsd } from "~/rules/currency";
import { WEEK_ORDER, WEEKDAYS } from "~/rules/weekly-hours";
import { localToday } from "~/rules/zoned-time";
import {
  addClosure,
  addTimeOff,
  closureImpact,
  closuresAndHolidays,
  isFederalHoliday,
  listServices,
  PROVIDER_ROLE_LABELS,
  removeClosure,
  removeTimeOff,
  setWeeklyHours,
  shaperStudio,
  studioProvider,
  studioRoster,
  timeOffImpact,
  upcomingTimeOff,
  updateService,
} from "./availability.server";
import { dayPath } from "./paths";
import { closureSchema, consoleWords, hoursSchema, removeSchema, serviceSchema, timeOffSchema, weekdayField } from "./schemas.server";
import type { StaffUser } from "./staff.server";

type Studio = { slug: string; name: string; tz: string };

const notFound = () => new Response("Not found", { status: 404 });

/** What every page of a studio's availability shows: the studio and the viewer's studios (its nav). */
const frame = (user: StaffUser, studio: Studio) => ({
  studio: { slug: studio.slug, name: studio.name },
  studios: user.studios.map((s) => ({ slug: s.slug, name: s.name })),
});

/* Services (chain-wide; admins change them) */

export async function servicesPage(user: StaffUser, saved: string | null) {
  const services = await listServices(await getDb());
  return {
    studios: user.studios.map((s) => ({ slug: s.slug, name: s.name })),
    canEdit: user.role === "admin",
    saved: services.find((s) => s.code === saved)?.name ?? null,
    services: services.map((s) => ({
      code: s.code,
      name: s.name,
      minutes: s.durationMinutes,
      price: s.priceCents === null ? "—" : s.priceCents === 0 ? "Free" : formatUsd(s.priceCents),
      roles: s.providerRoles.map((r) => PROVIDER_ROLE_LABELS[r as keyof typeof PROVIDER_ROLE_LABELS] ?? r).join(", "),
    })),
  };
}

/** A service by its code, or the 404. */
export async function serviceOf(code: string | undefined) {
  const service = (await listServices(await getDb())).find((s) => s.code === code);
  if (!service) throw notFound();
  return service;
}

export async function servicePage(code: string | undefined) {
  const service = await serviceOf(code);
  return {
    service: { code: service.code, name: service.name },
    values: {
      durationMinutes: String(service.durationMinutes),
      price: service.priceCents === null ? "" : (service.priceCents / 100).toFixed(2),
      roles: service.providerRoles,
    },
  };
}

export async function serviceFromForm(user: StaffUser, code: string, form: FormData) {
  const parsed = await validateForm(form, serviceSchema, consoleWords());
  if (!parsed.ok) return parsed.response;
  await updateService(await getDb(), user, code, { durationMinutes: parsed.value.durationMinutes, priceCents: parsed.value.price, providerRoles: parsed.value.roles });
  throw redirect(`/staff/services?saved=${code}`, 303);
}

/* Weekly hours */

export async function hoursPage(user: StaffUser, studio: Studio, saved: string | null) {
  const roster = await studioRoster(await getDb(), studio);
  return { ...frame(user, studio), roster, saved: roster.find((p) => String(p.id) === saved)?.name ?? null };
}

/** A provider of the studio the viewer shapes, or the 404. */
export async function shapedProvider(request: Request, params: { slug?: string; providerId?: string }) {
  const { user, studio } = await shaperStudio(request, params.slug);
  const provider = await studioProvider(await getDb(), studio, params.providerId);
  if (!provider) throw notFound();
  return { user, studio, provider };
}

export function providerHoursPage(studio: Studio, provider: { id: number; name: string; role: string; week: { weekday: number; text: string }[] }) {
  return {
    studio: { slug: studio.slug, name: studio.name },
    provider: { id: provider.id, name: provider.name, role: provider.role },
    values: Object.fromEntries(provider.week.map((d) => [weekdayField(d.weekday), d.text])),
    // The fields' names come from here: the schemas' module is the server's only (never in the browser build).
    days: WEEK_ORDER.map((d) => ({ name: weekdayField(d), label: WEEKDAYS[d]! })),
  };
}

export async function hoursFromForm(user: StaffUser, studio: Studio, providerId: number, form: FormData) {
  const parsed = await validateForm(form, hoursSchema, consoleWords());
  if (!parsed.ok) return parsed.response;
  const outcome = await setWeeklyHours(await getDb(), user, studio, providerId, parsed.value);
  if (outcome === "not_found") throw notFound();
  if (outcome === "overlap") return rejected(textValues(form, WEEK_ORDER.map(weekdayField)), { "": ["Two stretches of hours overlap on one day. Check each day and try again."] });
  throw redirect(`/staff/studios/${studio.slug}/hours?saved=${providerId}`, 303);
}

/* Closures and time off: one kind of dated change */

type DatedChange<V> = {
  /** The page's path under the studio. */
  path: "closures" | "time-off";
  /** What the remove form says when the change is gone (404). */
  gone: string;
  /** The add form's fields, kept when a valid form is refused. */
  fields: string[];
  schema: (db: Db, studio: Studio) => Promise<z.ZodType<V>>;
  /** Adds it: the `?added=` of the page, or messages by field. */
  add: (db: Db, user: StaffUser, studio: Studio, value: V) => Promise<string | FieldErrors>;
  remove: (db: Db, user: StaffUser, studio: Studio, id: number) => Promise<boolean>;
};

async function datedChangePost<V>(request: Request, slug: string | undefined, kind: DatedChange<V>) {
  const { user, studio } = await shaperStudio(request, slug);
  const db = await getDb();
  const { form } = await readFormPost(request);
  const page = `/staff/studios/${studio.slug}/${kind.path}`;
  if (form.get("intent") === "remove") {
    const parsed = await validateForm(form, removeSchema, consoleWords());
    if (!parsed.ok || !(await kind.remove(db, user, studio, parsed.value.id))) return rejected({}, { "": [kind.gone] }, { status: 404 });
    throw redirect(`${page}?removed=1`, 303);
  }
  const parsed = await validateForm(form, await kind.schema(db, studio), consoleWords());
  if (!parsed.ok) return parsed.response;
  const added = await kind.add(db, user, studio, parsed.value);
  if (typeof added !== "string") return rejected(textValues(form, kind.fields), added);
  throw redirect(`${page}?added=${added}`, 303);
}

export async function closuresPage(request: Request, slug: string | undefined) {
  const { user, studio } = await shaperStudio(request, slug);
  const db = await getDb();
  const query = new URL(request.url).searchParams;
  const [days, added] = await Promise.all([closuresAndHolidays(db, studio), closureImpact(db, studio, query.get("added"))]);
  return {
    ...frame(user, studio),
    days: days.map((d) => ({ ...d, href: dayPath(studio.slug, d.day) })),
    added: added ? { ...added, href: dayPath(studio.slug, added.day) } : null,
    removed: query.get("removed") === "1",
    today: localToday(new Date(), studio.tz),
  };
}

export const closuresPost = (request: Request, slug: string | undefined) =>
  datedChangePost(request, slug, {
    path: "closures",
    gone: "That closure is no longer there. Reload the page.",
    fields: ["day", "reason"],
    schema: async (_db, studio) => closureSchema(studio.tz, new Date(), isFederalHoliday),
    add: async (db, user, studio, value) => ((await addClosure(db, user, studio, value)) === "exists" ? { day: ["The studio is already closed that day."] } : value.day),
    remove: removeClosure,
  });

export async function timeOffPage(request: Request, slug: string | undefined) {
  const { user, studio } = await shaperStudio(request, slug);
  const db = await getDb();
  const query = new URL(request.url).searchParams;
  const [roster, upcoming, added] = await Promise.all([studioRoster(db, studio), upcomingTimeOff(db, studio), timeOffImpact(db, studio, query.get("added"))]);
  return {
    ...frame(user, studio),
    providers: roster.map((p) => ({ value: String(p.id), label: `${p.name} (${p.role})` })),
    upcoming,
    added: added ? { ...added, days: added.days.map((d) => ({ ...d, href: dayPath(studio.slug, d.day) })) } : null,
    removed: query.get("removed") === "1",
    today: localToday(new Date(), studio.tz),
  };
}

export const timeOffPost = (request: Request, slug: string | undefined) =>
  datedChangePost(request, slug, {
    path: "time-off",
    gone: "That time off is no longer there. Reload the page.",
    fields: ["provider", "startDate", "startTime", "endDate", "endTime", "reason"],
    schema: async (db, studio) => timeOffSchema(studio.tz, (await studioRoster(db, studio)).map((p) => p.id), new Date()),
    add: async (db, user, studio, value) => {
      const outcome = await addTimeOff(db, user, studio, value);
      return outcome.ok ? String(outcome.id) : { provider: ["Choose whose time off it is."] };
    },
    remove: removeTimeOff,
  });
