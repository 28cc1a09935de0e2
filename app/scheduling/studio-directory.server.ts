import { getDb } from "~/db/client.server";
import { BRAND } from "~/platform/brand";
import { getEnv } from "~/platform/env.server";
import { MARKETS } from "~/rules/markets";
import { dentistJsonLd, jsonLdGraph, organizationJsonLd } from "~/rules/structured-data";
import { bookableWeeklyHours, listStudioDirectory } from "./catalogue.server";

/** `/studios`: every studio by market, from the catalogue, and the page's structured data (decision 069). */
export async function studioDirectory() {
  const db = await getDb();
  const studios = await listStudioDirectory(db);
  const markets = MARKETS.map((m) => ({
    slug: m.slug,
    name: m.name,
    studios: studios
      .filter((s) => s.marketSlug === m.slug)
      .map((s) => ({ slug: s.slug, name: s.name, address: s.address, phone: s.phone, openingHours: s.openingHours, mapUrl: s.mapUrl, isVirtual: false, open: s.enabled })),
  })).filter((m) => m.studios.length > 0);
  // For search engines: a Dentist per studio open for booking, its hours the ones the booking offers. The same in
  // every language: it holds names, an address, a phone and schema.org's days and times, no sentence to translate.
  const hours = await bookableWeeklyHours(db);
  const site = { siteOrigin: getEnv().SITE_ORIGIN, brand: BRAND };
  const jsonLd = jsonLdGraph(
    organizationJsonLd(site),
    ...studios.filter((s) => s.enabled).map((s) => dentistJsonLd({ ...s, hours: hours.get(s.slug) ?? [] }, site)),
  );
  return { markets, jsonLd };
}
