import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { seedCatalogue } from "~/db/seed.server";
import { providers, services, studios } from "~/db/schema";
import { requiresIntake } from "~/rules/intake";
import { describeEachEngine } from "../helpers/db";

describeEachEngine("catalogue seed", ({ db }) => {
  it("holds the 35 studio slugs of the spec with their markets and location ids", async () => {
    const rows = await db().db.select().from(studios);
    expect(rows).toHaveLength(35);
    const bySlug = Object.fromEntries(rows.map((r) => [r.slug, r]));
    expect(bySlug["kendall-square"].locationId).toBe(1297);
    expect(bySlug["post-office-square"].locationId).toBe(1298);
    expect(bySlug.fenway.locationId).toBe(1299);
    expect(bySlug["east-nashville"].timezone).toBe("America/Chicago");
    expect(bySlug["wall-street"].timezone).toBe("America/New_York");
    expect(bySlug.buckhead.marketSlug).toBe("atlanta");
    expect(bySlug.westport.marketSlug).toBe("new-york-city");
    expect(bySlug.virtual.isVirtual).toBe(true);
  });

  it("offers each intake-required service of the rule (spec §5), which the database does not define a second time", async () => {
    const rows = await db().db.select({ code: services.code }).from(services);
    const codes = rows.map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(["BOTOXCON", "BRGCON", "COSCON", "CRNCON", "GENOCON", "IMPCON", "INVISALN"]));
    expect(codes.filter(requiresIntake).sort()).toEqual(["BOTOXCON", "BRGCON", "COSCON", "CRNCON", "GENOCON", "IMPCON", "INVISALN"]);
    // Migration 0002 dropped the old requires_intake column (a second, editable copy of the rule).
    const columns = await db().db.execute(
      sql`select column_name from information_schema.columns where table_name = 'services' and column_name = 'requires_intake'`,
    );
    expect(columns.rows).toEqual([]);
  });

  it("staffs every enabled studio and is idempotent", async () => {
    const before = await db().db.select({ n: sql<number>`count(*)::int` }).from(providers);
    await seedCatalogue(db().db);
    const after = await db().db.select({ n: sql<number>`count(*)::int` }).from(providers);
    expect(after[0].n).toBe(before[0].n);
    const unstaffed = await db().db.execute(
      sql`select s.slug from studios s where s.enabled and not exists (select 1 from providers p where p.studio_slug = s.slug)`,
    );
    expect(unstaffed.rows).toEqual([]);
  });
});
