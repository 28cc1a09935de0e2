/**
 * Each staff member's calendar feed (issue 38 F, decision 074): a secret `.ics` URL from /staff/account that Google
 * Calendar, Apple Calendar or Outlook subscribe to — one provider's schedule at a studio of theirs, or (managers and
 * admins) a whole studio's. Only the token's SHA-256 is stored; "new link" replaces it (the old URL is dead from that
 * commit on), "stop" deletes it; a disabled staff member's feeds and a studio no longer theirs answer 404. Each fetch
 * reads the visits fresh (a change shows on the calendar's next poll; the answer may be cached 60 s), counted against
 * a per-feed limit. No surname and nothing of health: first name, service, studio, time; a cancelled visit stays in
 * the feed as STATUS:CANCELLED, so a calendar that saw it removes it.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { json } from "@remix-run/node";
import { getDb, type Db } from "~/db/client.server";
import { appointments, patients, providers, services, staff, staffCalendarFeeds, staffStudios, studios } from "~/db/schema";
import { appendAudit } from "~/platform/audit.server";
import { getEnv } from "~/platform/env.server";
import { tryConsume } from "~/auth/rate-limit.server";
import { rejected, validateForm } from "~/flow/forms.server";
import { escapeText, foldLine } from "~/scheduling/ics";
import { consoleWords, feedSchema, removeSchema } from "./schemas.server";
import { sha256, type Role, type StaffUser } from "./staff.server";

/** Who may take a whole studio's feed. */
const STUDIO_FEEDS: readonly Role[] = ["manager", "admin"];
/** The feed's window: the last 30 days and the next 180. */
const PAST_DAYS = 30;
const AHEAD_DAYS = 180;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const feedPath = (token: string) => `/calendar/staff/${token}.ics`;

type Target = { kind: "provider"; providerId: number; label: string } | { kind: "studio"; studioSlug: string; label: string };

/** The schedules this staff member may subscribe to: every active provider at their studios; the studios for managers. */
async function targetsOf(db: Db, user: StaffUser): Promise<(Target & { value: string })[]> {
  const slugs = user.studios.map((s) => s.slug);
  if (!slugs.length) return [];
  const staffed = await db
    .select({ id: providers.id, name: providers.name, studio: studios.name })
    .from(providers)
    .innerJoin(studios, eq(studios.slug, providers.studioSlug))
    .where(and(inArray(providers.studioSlug, slugs), eq(providers.active, true)))
    .orderBy(asc(studios.name), asc(providers.name));
  return [
    ...staffed.map((p) => ({ kind: "provider" as const, providerId: p.id, label: `${p.name}, ${p.studio}`, value: `provider-${p.id}` })),
    ...(STUDIO_FEEDS.includes(user.role) ? user.studios.map((s) => ({ kind: "studio" as const, studioSlug: s.slug, label: `All of ${s.name}`, value: `studio-${s.slug}` })) : []),
  ];
}

/** The account page's part: the feeds this person has (never their URLs: those are shown once) and what they may add. */
export async function feedsSection(user: StaffUser) {
  const db = await getDb();
  const [targets, feeds] = await Promise.all([targetsOf(db, user), db.select().from(staffCalendarFeeds).where(eq(staffCalendarFeeds.staffId, user.id)).orderBy(asc(staffCalendarFeeds.id))]);
  const labelOf = (f: typeof staffCalendarFeeds.$inferSelect) =>
    targets.find((t) => (t.kind === "provider" ? t.providerId === f.providerId : t.studioSlug === f.studioSlug))?.label ?? "A schedule you no longer have";
  return {
    targets: targets.map((t) => ({ value: t.value, label: t.label })),
    feeds: feeds.map((f) => ({ id: f.id, label: labelOf(f), target: f.providerId ? `provider-${f.providerId}` : `studio-${f.studioSlug}`, since: f.createdAt.toISOString().slice(0, 10) })),
  };
}

/** Makes (or makes anew: the old URL dies in the same transaction) the feed of one target; returns its URL once. */
export async function makeFeed(user: StaffUser, targetValue: string, now = new Date()): Promise<string | null> {
  const db = await getDb();
  const target = (await targetsOf(db, user)).find((t) => t.value === targetValue);
  if (!target) return null;
  const token = randomBytes(32).toString("base64url");
  const which = target.kind === "provider" ? { providerId: target.providerId, studioSlug: null } : { providerId: null, studioSlug: target.studioSlug };
  await db.transaction(async (tx) => {
    await tx
      .delete(staffCalendarFeeds)
      .where(
        and(
          eq(staffCalendarFeeds.staffId, user.id),
          which.providerId ? eq(staffCalendarFeeds.providerId, which.providerId) : isNull(staffCalendarFeeds.providerId),
          which.studioSlug ? eq(staffCalendarFeeds.studioSlug, which.studioSlug) : isNull(staffCalendarFeeds.studioSlug),
        ),
      );
    await tx.insert(staffCalendarFeeds).values({ staffId: user.id, ...which, tokenHash: sha256(token), createdAt: now });
    await appendAudit(tx, { actor: "staff", staff: { id: user.id, email: user.email }, action: "staff.calendar_feed", studioSlug: which.studioSlug, after: { target: target.value }, at: now });
  });
  return getEnv().SITE_ORIGIN + feedPath(token);
}

/** Stops a feed of this person's: its URL answers 404 from now on. */
export async function revokeFeed(user: StaffUser, id: number, now = new Date()): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const gone = await tx.delete(staffCalendarFeeds).where(and(eq(staffCalendarFeeds.id, id), eq(staffCalendarFeeds.staffId, user.id))).returning();
    if (!gone.length) return false;
    await appendAudit(tx, { actor: "staff", staff: { id: user.id, email: user.email }, action: "staff.calendar_feed_revoke", studioSlug: gone[0]!.studioSlug, at: now });
    return true;
  });
}

/** The account page's feed posts (`intent` feed / feed-stop); null for another intent. */
export async function feedPost(user: StaffUser, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const t = consoleWords();
  if (intent === "feed") {
    const parsed = await validateForm(form, feedSchema, t, undefined, { intent });
    if (!parsed.ok) return parsed.response;
    const url = await makeFeed(user, parsed.value.target);
    if (!url) return rejected({ target: parsed.value.target }, { target: ["Choose a schedule of your studios."] }, { intent });
    // Shown once, in this answer only (only its hash is stored).
    return json({ intent, status: "success" as const, initialValue: {}, error: null, feedUrl: url, feedTarget: parsed.value.target });
  }
  if (intent === "feed-stop") {
    const parsed = await validateForm(form, removeSchema, t, undefined, { intent });
    if (!parsed.ok) return parsed.response;
    if (!(await revokeFeed(user, parsed.value.id))) return rejected({}, { "": ["That feed is already stopped."] }, { intent, status: 404 });
    return json({ intent, status: "success" as const, initialValue: {}, error: null, feedUrl: null, feedTarget: null });
  }
  return null;
}

const utc = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** The feed's calendar (RFC 5545): one VEVENT per visit of the window, cancelled ones as STATUS:CANCELLED. */
export function feedIcs(input: { name: string; host: string; organizer: string; now: Date; visits: { id: number; sequence: number; startsAt: Date; endsAt: Date; status: string; firstName: string; service: string; studio: string; provider: string }[] }) {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Studio Dental//Staff schedule//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.name)}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT15M",
    "X-PUBLISHED-TTL:PT15M",
  ];
  for (const v of input.visits) {
    const cancelled = v.status === "CANCELLED";
    lines.push(
      "BEGIN:VEVENT",
      `UID:staff-visit-${v.id}@${input.host}`,
      `SEQUENCE:${v.sequence}`,
      `DTSTAMP:${utc(input.now)}`,
      `DTSTART:${utc(v.startsAt)}`,
      `DTEND:${utc(v.endsAt)}`,
      `SUMMARY:${escapeText(`${v.firstName || "Patient"}: ${v.service}`)}`,
      `LOCATION:${escapeText(v.studio)}`,
      `DESCRIPTION:${escapeText(`${v.service} with ${v.provider} at ${v.studio}`)}`,
      `STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`,
      `ORGANIZER;CN="${v.studio.replace(/["\r\n]/g, "")}":mailto:${input.organizer}`,
      "TRANSP:OPAQUE",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

const gone = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

/** The subscribed URL: the feed's calendar, or 404 (unknown, stopped, replaced, disabled staff, studio no longer theirs). */
export async function feedResponse(rawToken: string | undefined, now = new Date()): Promise<Response> {
  const token = rawToken?.replace(/\.ics$/, "") ?? "";
  if (!TOKEN_SHAPE.test(token)) return gone();
  const db = await getDb();
  const hash = sha256(token);
  const [feed] = await db
    .select({ feed: staffCalendarFeeds, role: staff.role })
    .from(staffCalendarFeeds)
    .innerJoin(staff, eq(staff.id, staffCalendarFeeds.staffId))
    .where(and(eq(staffCalendarFeeds.tokenHash, hash), isNull(staff.disabledAt), isNotNull(staff.activatedAt)));
  if (!feed) return gone();
  if (!(await tryConsume("calendarFeed", hash))) return new Response("Too many requests", { status: 429, headers: { "Retry-After": "3600", "Cache-Control": "no-store" } });
  // Still theirs: the provider's studio (or the studio) among the staff member's, unless an admin.
  const slug = feed.feed.studioSlug ?? (await db.select({ slug: providers.studioSlug }).from(providers).where(eq(providers.id, feed.feed.providerId!)))[0]?.slug;
  if (!slug) return gone();
  if (feed.role !== "admin") {
    const [held] = await db.select().from(staffStudios).where(and(eq(staffStudios.staffId, feed.feed.staffId), eq(staffStudios.studioSlug, slug)));
    if (!held || (feed.feed.studioSlug && !STUDIO_FEEDS.includes(feed.role))) return gone();
  }
  const from = new Date(now.getTime() - PAST_DAYS * 86_400_000);
  const to = new Date(now.getTime() + AHEAD_DAYS * 86_400_000);
  const visits = await db
    .select({
      id: appointments.id,
      sequence: appointments.sequence,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
      firstName: patients.firstName,
      service: services.name,
      studio: studios.name,
      provider: providers.name,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(services, eq(services.code, appointments.serviceType))
    .innerJoin(studios, eq(studios.slug, appointments.studioSlug))
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .where(
      and(
        feed.feed.providerId ? eq(appointments.providerId, feed.feed.providerId) : eq(appointments.studioSlug, slug),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(5000);
  const [name] = feed.feed.providerId
    ? await db.select({ name: providers.name }).from(providers).where(eq(providers.id, feed.feed.providerId))
    : await db.select({ name: studios.name }).from(studios).where(eq(studios.slug, slug));
  const origin = new URL(getEnv().SITE_ORIGIN);
  const body = feedIcs({ name: `${name?.name ?? "Schedule"} (Studio Dental)`, host: origin.hostname, organizer: getEnv().MAIL_FROM.replace(/^.*<([^>]+)>.*$/, "$1"), now, visits });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, max-age=60",
      "Content-Disposition": 'inline; filename="schedule.ics"',
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
