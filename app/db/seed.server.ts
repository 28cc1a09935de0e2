import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { DEMO_STAFF, DEMO_WEEKLY_HOURS, MARKET_ROWS, SERVICE_ROWS, STUDIO_ROWS } from "./catalogue";
import { markets, providerHours, providers, services, studios } from "./schema";

/** Idempotent: adds what is missing from the catalogue, never overwrites an operator's edits. */
export async function seedCatalogue(db: Db) {
  await db.transaction(async (tx) => {
    // Containers starting together on one PostgreSQL seed one after the other, never twice.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    await tx.insert(markets).values([...MARKET_ROWS]).onConflictDoNothing();
    await tx
      .insert(studios)
      .values(
        STUDIO_ROWS.map((s) => ({
          slug: s.slug,
          name: s.name,
          marketSlug: s.market,
          enabled: s.enabled ?? true,
          locationId: s.locationId ?? null,
          timezone: s.timezone ?? null,
          isVirtual: s.isVirtual ?? false,
          address: s.address ?? "",
          phone: s.phone ?? "",
          openingHours: s.openingHours ?? "",
          latitude: s.latitude ?? null,
          longitude: s.longitude ?? null,
        })),
      )
      .onConflictDoNothing();
    // Studios seeded before they had contact details get them; an address an operator typed is kept.
    for (const s of STUDIO_ROWS) {
      if (!s.address && !s.phone) continue;
      await tx
        .update(studios)
        .set({ address: s.address ?? "", phone: s.phone ?? "", openingHours: s.openingHours ?? "", latitude: s.latitude ?? null, longitude: s.longitude ?? null })
        .where(and(eq(studios.slug, s.slug), eq(studios.address, ""), eq(studios.phone, "")));
    }
    await tx.insert(services).values(SERVICE_ROWS).onConflictDoNothing();
    // Services seeded before they had a price get one; a price an operator set is kept.
    for (const s of SERVICE_ROWS) {
      if (s.priceCents === null) continue;
      await tx.update(services).set({ priceCents: s.priceCents }).where(and(eq(services.code, s.code), isNull(services.priceCents)));
    }

    for (const studio of STUDIO_ROWS) {
      if (studio.enabled === false) continue;
      const [{ n }] = await tx.select({ n: count() }).from(providers).where(eq(providers.studioSlug, studio.slug));
      if (n > 0) continue;
      const staff = studio.isVirtual ? DEMO_STAFF.filter((s) => s.role !== "hygienist") : DEMO_STAFF;
      for (const { role, names } of staff) {
        for (const name of names) {
          const [row] = await tx.insert(providers).values({ name, role, studioSlug: studio.slug }).returning({ id: providers.id });
          await tx.insert(providerHours).values(DEMO_WEEKLY_HOURS.map((h) => ({ ...h, providerId: row.id })));
        }
      }
    }
  });
}

export async function catalogueIsEmpty(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(studios);
  return n === 0;
}
