/**
 * Waitlist entries (issue 19 B, decision 022): joining, leaving (by the email's link or from /profile), an account's
 * entries, and leaving on booking (called inside the booking transaction).
 */
import { and, asc, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { persons, services, studios, waitlistEntries, waitlistOffers } from "~/db/schema";
import { tFor } from "~/i18n/catalogues.server";
import { serviceName, studioName as studioNameIn } from "~/scheduling/service-names";
import { DEFAULT_LOCALE } from "~/i18n/translate";
import { enqueueEmail } from "~/platform/email.server";
import { getEnv } from "~/platform/env.server";
import { describeDayParts, type DayPart } from "~/rules/day-parts";
import { studioTimezone } from "~/rules/timezones";
import { wishExpired } from "~/rules/waitlist";
import { localToday } from "~/rules/zoned-time";
import { daysLabel, joinedEmail } from "./email";
import { hashLinkToken, isLinkTokenShape, newLinkToken } from "./tokens.server";

export type Join = {
  email: string;
  personId: number | null;
  studio: { slug: string; name: string; tz: string };
  service: { code: string; name: string };
  firstDay: string;
  lastDay: string;
  parts: DayPart[];
  /** False when the address had its share of emails this hour. */
  sendEmail: boolean;
  /** The language the patient joined in: this email and the offers later speak it. */
  locale?: string;
  now?: Date;
};

/**
 * Puts the patient on the waitlist for that studio and service, and queues the email saying so (with its leave link),
 * in one transaction. Joining again for the same studio and service changes the days and parts of the live entry and
 * keeps its place in line.
 */
export async function joinWaitlist(db: Db, join: Join): Promise<{ entryId: number }> {
  const now = join.now ?? new Date();
  const email = join.email.trim().toLowerCase();
  const locale = join.locale ?? DEFAULT_LOCALE;
  const token = newLinkToken();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(waitlistEntries)
      .values({
        email,
        personId: join.personId,
        studioSlug: join.studio.slug,
        serviceCode: join.service.code,
        firstDay: join.firstDay,
        lastDay: join.lastDay,
        parts: join.parts,
        leaveTokenHash: hashLinkToken(token),
        createdAt: now,
        locale,
      })
      .onConflictDoUpdate({
        target: [waitlistEntries.email, waitlistEntries.studioSlug, waitlistEntries.serviceCode],
        targetWhere: sql`${waitlistEntries.leftAt} is null`,
        set: {
          firstDay: join.firstDay,
          lastDay: join.lastDay,
          parts: join.parts,
          leaveTokenHash: hashLinkToken(token),
          locale,
          personId: sql`coalesce(${waitlistEntries.personId}, excluded.person_id)`,
        },
      })
      .returning({ id: waitlistEntries.id });
    // At most a few emails an hour to one address (the account forms' limit): joining again still works, silently.
    if (!join.sendEmail) return { entryId: row.id };
    await enqueueEmail(
      tx,
      joinedEmail({
        to: email,
        studio: join.studio,
        service: join.service,
        firstDay: join.firstDay,
        lastDay: join.lastDay,
        parts: describeDayParts(join.parts, tFor(locale), locale),
        leaveUrl: leaveUrl(token),
        locale,
      }),
    );
    return { entryId: row.id };
  });
}

export const leaveUrl = (token: string) => `${getEnv().SITE_ORIGIN}/waitlist/leave/${token}`;

export type EntryView = {
  id: number;
  studioName: string;
  serviceName: string;
  firstDay: string;
  lastDay: string;
  /** "March 1, 2027 to March 14, 2027" */
  days: string;
  parts: string;
  left: boolean;
};

/**
 * The live entry a leave link names: its own leave token, or the claim token of an offer made to it (every waitlist
 * email carries one of the two). Null for an unknown token.
 */
export async function entryByLinkToken(db: Db, token: string | undefined, locale = DEFAULT_LOCALE): Promise<EntryView | null> {
  if (!isLinkTokenShape(token)) return null;
  const hash = hashLinkToken(token);
  const columns = { entry: waitlistEntries, studioName: studios.name, serviceName: services.name };
  const [own] = await db
    .select(columns)
    .from(waitlistEntries)
    .innerJoin(studios, eq(studios.slug, waitlistEntries.studioSlug))
    .innerJoin(services, eq(services.code, waitlistEntries.serviceCode))
    .where(eq(waitlistEntries.leaveTokenHash, hash));
  if (own) return view(own, locale);
  const [viaOffer] = await db
    .select(columns)
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(studios, eq(studios.slug, waitlistEntries.studioSlug))
    .innerJoin(services, eq(services.code, waitlistEntries.serviceCode))
    .where(eq(waitlistOffers.tokenHash, hash));
  return viaOffer ? view(viaOffer, locale) : null;
}

function view({ entry, studioName, serviceName: name }: { entry: typeof waitlistEntries.$inferSelect; studioName: string; serviceName: string }, locale = DEFAULT_LOCALE): EntryView {
  const t = tFor(locale);
  return {
    id: entry.id,
    studioName: studioNameIn(t, locale, { slug: entry.studioSlug, name: studioName }),
    serviceName: serviceName(t, locale, { code: entry.serviceCode, name }),
    firstDay: entry.firstDay,
    lastDay: entry.lastDay,
    days: daysLabel(entry.firstDay, entry.lastDay, locale),
    parts: describeDayParts(entry.parts, t, locale),
    left: entry.leftAt !== null,
  };
}

/** Ends an entry (idempotent: leaving twice is leaving). `personId` restricts it to that account's entries. */
export async function leaveWaitlist(db: Db, entryId: number, { now = new Date(), personId }: { now?: Date; personId?: number } = {}): Promise<boolean> {
  const rows = await db
    .update(waitlistEntries)
    .set({ leftAt: now, leftReason: "left" })
    .where(and(eq(waitlistEntries.id, entryId), isNull(waitlistEntries.leftAt), personId === undefined ? undefined : eq(waitlistEntries.personId, personId)))
    .returning({ id: waitlistEntries.id });
  return rows.length > 0;
}

/**
 * An account's live entries for /profile: those it joined, and those under its own email (joined as a guest before
 * signing up). An entry whose last day has passed is not shown (the sender marks it expired).
 */
export async function accountEntries(db: Db, account: { personId: number }, now = new Date(), locale = DEFAULT_LOCALE): Promise<EntryView[]> {
  const [person] = await db.select({ email: persons.email }).from(persons).where(eq(persons.id, account.personId));
  // The earliest zone of our studios is a day behind UTC at most: "yesterday in UTC" keeps every entry still open.
  const yesterday = localToday(new Date(now.getTime() - 86_400_000), "UTC");
  const rows = await db
    .select({ entry: waitlistEntries, studioName: studios.name, serviceName: services.name, studio: { slug: studios.slug, timezone: studios.timezone } })
    .from(waitlistEntries)
    .innerJoin(studios, eq(studios.slug, waitlistEntries.studioSlug))
    .innerJoin(services, eq(services.code, waitlistEntries.serviceCode))
    .where(
      and(
        isNull(waitlistEntries.leftAt),
        gte(waitlistEntries.lastDay, yesterday),
        or(eq(waitlistEntries.personId, account.personId), person ? eq(waitlistEntries.email, person.email) : undefined),
      ),
    )
    .orderBy(asc(waitlistEntries.firstDay), asc(waitlistEntries.id));
  return rows.filter((r) => !wishExpired(r.entry, now, studioTimezone(r.studio.slug, r.studio.timezone))).map((r) => view(r, locale));
}

/** Whether the entry is one this account may leave from /profile (its own, or under its own email). */
export async function accountMayLeave(db: Db, account: { personId: number }, entryId: number): Promise<boolean> {
  return (await accountEntries(db, account)).some((e) => e.id === entryId);
}

/**
 * A patient booked this service at this studio (by any route): their live entry for it ends, in the booking's own
 * transaction. Matched by the visit's email and by the account booking.
 */
export async function leaveOnBooking(tx: Pick<Db, "update">, booked: { email: string; personId: number | null; studioSlug: string; serviceCode: string; now: Date }) {
  await tx
    .update(waitlistEntries)
    .set({ leftAt: booked.now, leftReason: "booked" })
    .where(
      and(
        isNull(waitlistEntries.leftAt),
        eq(waitlistEntries.studioSlug, booked.studioSlug),
        eq(waitlistEntries.serviceCode, booked.serviceCode),
        or(eq(waitlistEntries.email, booked.email.trim().toLowerCase()), booked.personId ? eq(waitlistEntries.personId, booked.personId) : undefined),
      ),
    );
}
