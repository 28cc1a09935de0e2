/**
 * Issue 25 C: /studios describes every studio open for booking as a schema.org Dentist (JSON-LD), and the home
 * page the brand as an Organization. Compared with the studio rows and with the providers' weekly hours the
 * booking offers: change a provider's hours and the opening hours follow (one source).
 */
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { providerHours, providers, studios as studioTable } from "~/db/schema";
import { forgetCached } from "~/scheduling/catalogue.server";
import { mergeWeeklyHours } from "~/rules/structured-data";

process.env.SITE_ORIGIN = "https://book.example.com";
const home = await import("~/routes/_marketing+/_index");
const studiosRoute = await import("~/routes/_marketing+/studios");
const { describeEachEngine } = await import("../helpers/db");

type Node = Record<string, unknown> & { "@type": string };
const graphOf = async (res: Response) => {
  const { jsonLd } = (await res.json()) as { jsonLd: { "@context": string; "@graph": Node[] } };
  expect(jsonLd["@context"]).toBe("https://schema.org");
  // What a crawler reads is the JSON text: it must survive a round trip.
  return (JSON.parse(JSON.stringify(jsonLd)) as typeof jsonLd)["@graph"];
};
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

describeEachEngine("schema.org JSON-LD of the brand and its studios", ({ db }) => {
  it("the home page names the Organization: name, url, logo", async () => {
    const graph = await graphOf(await home.loader({ request: new Request("http://localhost/"), params: {}, context: {} }));
    expect(graph).toEqual([
      { "@type": "Organization", "@id": "https://book.example.com/#organization", name: "Studio Dental", url: "https://book.example.com/", logo: "https://book.example.com/logo.svg" },
    ]);
  });

  it("/studios has a Dentist per enabled studio, matching its row and the weekly hours the booking offers", async () => {
    const rows = await db().db.select().from(studioTable).where(and(eq(studioTable.enabled, true), eq(studioTable.isVirtual, false)));
    const hours = await db()
      .db.select({ slug: providers.studioSlug, weekday: providerHours.weekday, startMinute: providerHours.startMinute, endMinute: providerHours.endMinute })
      .from(providerHours)
      .innerJoin(providers, eq(providers.id, providerHours.providerId))
      .where(eq(providers.active, true));
    const graph = await graphOf(await studiosRoute.loader());
    const dentists = graph.filter((n) => n["@type"] === "Dentist");
    expect(dentists).toHaveLength(rows.length);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const d = dentists.find((n) => n.url === `https://book.example.com/studios#studio-${row.slug}`)!;
      expect(d, row.slug).toBeDefined();
      expect(d.name).toBe(`Studio Dental ${row.name}`);
      expect(d.telephone).toBe(`+1-${row.phone.slice(0, 3)}-${row.phone.slice(3, 6)}-${row.phone.slice(6)}`);
      expect(d.geo).toEqual({ "@type": "GeoCoordinates", latitude: row.latitude, longitude: row.longitude });
      const a = d.address as Record<string, string>;
      expect(`${a.streetAddress}, ${a.addressLocality}, ${a.addressRegion} ${a.postalCode}`).toBe(row.address);
      const expected = mergeWeeklyHours(hours.filter((h) => h.slug === row.slug)).map((h) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${DAYS[h.weekday]}`,
        opens: hhmm(h.startMinute),
        closes: hhmm(h.endMinute),
      }));
      expect(expected.length, row.slug).toBeGreaterThan(0);
      expect(d.openingHoursSpecification, row.slug).toEqual(expected);
    }
    // A studio not open for booking yet is not described.
    const closed = await db().db.select().from(studioTable).where(eq(studioTable.enabled, false));
    for (const row of closed) expect(dentists.some((n) => String(n.url).endsWith(`#studio-${row.slug}`))).toBe(false);
  });

  it("one source: a provider who starts working Sundays opens the studio on Sundays in the JSON-LD", async () => {
    const [row] = await db().db.select().from(studioTable).where(and(eq(studioTable.enabled, true), eq(studioTable.isVirtual, false))).limit(1);
    const [provider] = await db().db.select().from(providers).where(eq(providers.studioSlug, row.slug)).limit(1);
    await db().db.insert(providerHours).values({ providerId: provider.id, weekday: 0, startMinute: 600, endMinute: 840 });
    forgetCached(db().db, "bookable-weekly-hours");
    const dentist = (await graphOf(await studiosRoute.loader())).find((n) => String(n.url).endsWith(`#studio-${row.slug}`))!;
    expect(dentist.openingHoursSpecification).toContainEqual({ "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Sunday", opens: "10:00", closes: "14:00" });
  });
});
