import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { studioDirectory } from "~/scheduling/studio-directory.server";
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

/** `/studios`: every studio by market, each with an anchor (`/studios#fenway`) and a booking link. */
export const loader = async () => json(await studioDirectory(), { headers: { "Cache-Control": "public, max-age=300" } });

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
