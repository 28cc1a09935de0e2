import { metaT } from "~/i18n/use-t";
import { BRAND_NAME } from "./brand";
import { ContentImage, type ContentImageData } from "./content-image";

export type ContentPageData = { heading: string; intro: string; bodyHtml: string; cta: { label: string; href: string } | null; image?: ContentImageData | null };

/**
 * A page of the public site from content: heading, intro, a clear way into booking, the body. With a
 * picture, the heading and the picture share the top (side by side from 900 px) and the body follows.
 */
export function ContentPageView({ page, wide = false }: { page: ContentPageData; wide?: boolean }) {
  const intro = (
    <>
      <h1>{page.heading}</h1>
      {page.intro ? <p className="lead">{page.intro}</p> : null}
      {page.cta ? (
        <p>
          <a className="button" href={page.cta.href}>
            {page.cta.label}
          </a>
        </p>
      ) : null}
    </>
  );
  const pictured = Boolean(page.image);
  return (
    <div className={wide || pictured ? "page content-page" : "page narrow content-page"}>
      {page.image ? (
        <div className="content-hero">
          <div className="content-hero-text">{intro}</div>
          <ContentImage image={page.image} priority className="content-hero-image" />
        </div>
      ) : (
        intro
      )}
      {/* HTML rendered on the server from the content's rich text (app/content/rich-text.server.tsx), escaped there. */}
      {page.bodyHtml ? <div className={pictured && !wide ? "rich-text content-body" : "rich-text"} dangerouslySetInnerHTML={{ __html: page.bodyHtml }} /> : null}
      {page.cta ? (
        <p>
          <a className="button button-secondary" href={page.cta.href}>
            {page.cta.label}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** The document title and description of a content page (from its loader data, already in the page's locale). */
export function contentPageMeta({ data, matches }: { data?: { title?: string; description?: string }; matches: readonly { id: string; data?: unknown }[] }) {
  if (!data?.title) return [{ title: metaT(matches)("marketing.meta.notFound", { brand: BRAND_NAME }) }];
  return [{ title: data.title }, ...(data.description ? [{ name: "description", content: data.description }] : [])];
}
