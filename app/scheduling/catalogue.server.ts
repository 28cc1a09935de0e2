import { and, asc, eq, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { services, studios } from "~/db/schema";
import { studioTimezone } from "~/rules/timezones";

export type Studio = typeof studios.$inferSelect & { tz: string };
export type Service = typeof services.$inferSelect;

const withTz = (row: typeof studios.$inferSelect): Studio => ({ ...row, tz: studioTimezone(row.slug, row.timezone) });

export async function getService(db: Db, code: string): Promise<Service | null> {
  const [row] = await db.select().from(services).where(eq(services.code, code));
  return row ?? null;
}

export async function listServices(db: Db): Promise<Service[]> {
  return db.select().from(services).orderBy(asc(services.code));
}

/** An enabled studio by slug, or null (unknown and coming-soon studios cannot be booked). */
export async function getBookableStudio(db: Db, slug: string): Promise<Studio | null> {
  const [row] = await db.select().from(studios).where(and(eq(studios.slug, slug), eq(studios.enabled, true)));
  return row ? withTz(row) : null;
}

export async function listAllStudios(db: Db): Promise<Studio[]> {
  return (await db.select().from(studios).orderBy(asc(studios.name))).map(withTz);
}

/** Enabled studios of a market, plus the virtual studio when the service can be done by video. */
export async function listBookableStudios(db: Db, market: string, service?: Service | null): Promise<Studio[]> {
  const rows = await db
    .select()
    .from(studios)
    .where(
      and(
        eq(studios.enabled, true),
        service?.virtualAllowed ? or(eq(studios.marketSlug, market), eq(studios.isVirtual, true)) : eq(studios.marketSlug, market),
      ),
    )
    .orderBy(asc(studios.isVirtual), asc(studios.name));
  return rows.map(withTz);
}
