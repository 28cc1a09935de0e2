import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getDb } from "~/db/client.server";
import { MARKETS } from "~/rules/markets";
import { bookableWeeklyHours, listStudioDirectory } from "~/scheduling/catalogue.server";
import { getEnv } from "~/platform/env.server";
import { dentistJsonLd, jsonLdGraph, organizationJsonLd } from "~/rules/structured-data";
import { BRAND as BRAND_NAME } from "~/platform/brand";
import { JsonLd } from "~/ui/json-ld";
import { metaT, useT } from "~/i18n/use-t";
import { StudioContact } from "~/ui/studio";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("marketing.studios.metaTitle", { brand: BRAND_NAME }) },
    { name: "description", content: t("marketing.studios.metaDescription") },
  ];
};

/** `/studios`: every studio by market, from the catalogue, each with an anchor (`/studios#fenway`) and a booking link. */
export async function loader() {
  const studios = await listStudioDirectory(await getDb());
  const markets = MARKETS.map((m) => ({
    slug: m.slug,
    name: m.name,
    studios: studios
      .filter((s) => s.marketSlug === m.slug)
      .map((s) => ({ slug: s.slug, name: s.name, address: s.address, phone: s.phone, openingHours: s.openingHours, mapUrl: s.mapUrl, isVirtual: false, open: s.enabled })),
  })).filter((m) => m.studios.length > 0);
  // For search engines: a Dentist per studio open for booking, its hours the ones the booking offers. The same in
  // every language: it holds names, an address, a phone and schema.org's days and times, no sentence to translate.
  const hours = await bookableWeeklyHours(await getDb());
  const site = { siteOrigin: getEnv().SITE_ORIGIN, brand: BRAND_NAME };
  const jsonLd = jsonLdGraph(
    organizationJsonLd(site),
    ...studios.filter((s) => s.enabled).map((s) => dentistJsonLd({ ...s, hours: hours.get(s.slug) ?? [] }, site)),
  );
  return json({ markets, jsonLd }, { headers: { "Cache-Control": "public, max-age=300" } });
}

export default function Studios() {
  const { markets, jsonLd } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="page studios-page">
      <JsonLd data={jsonLd} />
      <h1>{t("marketing.studios.heading")}</h1>
      <p className="lead">{t("marketing.studios.lead", { count: markets.length })}</p>
      <nav aria-label={t("marketing.studios.cities")}>
        <ul className="inline-list">
          {markets.map((m) => (
            <li key={m.slug}>
              <a href={`#${m.slug}`}>{m.name}</a>
            </li>
          ))}
        </ul>
      </nav>
      {markets.map((m) => (
        <section key={m.slug} aria-labelledby={m.slug}>
          <h2 id={m.slug}>{m.name}</h2>
          <ul className="studio-directory">
            {m.studios.map((s) => (
              <li key={s.slug} id={`studio-${s.slug}`} className="studio-card">
                <h3>{s.name}</h3>
                {s.open ? null : <p className="badge-soon">{t("marketing.studios.comingSoon")}</p>}
                <StudioContact studio={s} />
                {s.open ? (
                  <p>
                    <a className="button" href={`/booking?studio=${encodeURIComponent(s.slug)}`}>
                      {t("marketing.studios.bookAt", { name: s.name })}
                    </a>
                  </p>
                ) : (
                  <p>{t("marketing.studios.notOpen")}</p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
