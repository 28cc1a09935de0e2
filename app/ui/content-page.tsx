export type ContentPageData = { heading: string; intro: string; bodyHtml: string; cta: { label: string; href: string } | null };

/** A page of the public site from content: heading, intro, the body, and a clear way into booking. */
export function ContentPageView({ page, wide = false }: { page: ContentPageData; wide?: boolean }) {
  return (
    <div className={wide ? "page content-page" : "page narrow content-page"}>
      <h1>{page.heading}</h1>
      {page.intro ? <p className="lead">{page.intro}</p> : null}
      {page.cta ? (
        <p>
          <a className="button" href={page.cta.href}>
            {page.cta.label}
          </a>
        </p>
      ) : null}
      {/* HTML rendered on the server from the content's rich text (app/content/rich-text.server.tsx), escaped there. */}
      {page.bodyHtml ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: page.bodyHtml }} /> : null}
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

/** The document title and description of a content page (from its loader data). */
export function contentPageMeta({ data }: { data?: { title?: string; description?: string } }) {
  if (!data?.title) return [{ title: "Page not found — Studio Dental" }];
  return [{ title: data.title }, ...(data.description ? [{ name: "description", content: data.description }] : [])];
}
