import { documentToReactComponents, type Options } from "@contentful/rich-text-react-renderer";
import { BLOCKS, INLINES, type Document, type Node } from "@contentful/rich-text-types";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** The text of a node, for heading anchors ("Cookie Policy" → #cookies). */
function plainText(node: Node): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  return "content" in node && Array.isArray(node.content) ? (node.content as Node[]).map(plainText).join("") : "";
}
const anchorOf = (heading: string) => (/cookie/i.test(heading) ? "cookies" : heading.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, ""));

type Asset = { fields?: { title?: string; description?: string; file?: { url?: string; contentType?: string; details?: { image?: { width?: number; height?: number } } } } };

/** An image asset through Contentful's Images API: WebP at the widths a phone and a desktop need, sized, lazy. */
function ContentImage({ asset }: { asset: Asset }) {
  const file = asset.fields?.file;
  const size = file?.details?.image;
  if (!file?.url || !file.contentType?.startsWith("image/") || !size?.width || !size.height) return null;
  const base = file.url.startsWith("//") ? `https:${file.url}` : file.url;
  const at = (w: number) => `${base}?w=${w}&fm=webp&q=75`;
  const width = Math.min(size.width, 720);
  return (
    <img
      src={at(width)}
      srcSet={[360, 720, 1080].filter((w) => w <= size.width!).map((w) => `${at(w)} ${w}w`).join(", ") || undefined}
      sizes="(max-width: 760px) 100vw, 720px"
      width={width}
      height={Math.round((size.height * width) / size.width)}
      alt={asset.fields?.description ?? asset.fields?.title ?? ""}
      loading="lazy"
      decoding="async"
    />
  );
}

const OPTIONS: Options = {
  renderNode: {
    [BLOCKS.HEADING_2]: (node, children: ReactNode) => <h2 id={anchorOf(plainText(node))}>{children}</h2>,
    [BLOCKS.EMBEDDED_ASSET]: (node) => <ContentImage asset={(node.data.target ?? {}) as Asset} />,
    // An embedded or linked entry is shown as a link to its page when it is one; otherwise nothing.
    [BLOCKS.EMBEDDED_ENTRY]: (node) => {
      const slug = (node.data.target as { fields?: { slug?: string; heading?: string } } | undefined)?.fields;
      return slug?.slug ? (
        <p>
          <a href={slug.slug === "home" ? "/" : `/${slug.slug}`}>{slug.heading ?? slug.slug}</a>
        </p>
      ) : null;
    },
    [INLINES.ENTRY_HYPERLINK]: (node, children: ReactNode) => {
      const slug = (node.data.target as { fields?: { slug?: string } } | undefined)?.fields?.slug;
      return slug ? <a href={slug === "home" ? "/" : `/${slug}`}>{children}</a> : <>{children}</>;
    },
    [INLINES.HYPERLINK]: (node, children: ReactNode) => {
      const uri = String(node.data.uri ?? "").trim();
      const external = /^https?:\/\//i.test(uri);
      // Links from content go to our pages, the web, email or phone; anything else (javascript:, data:) is text.
      if (!external && !/^(mailto:|tel:)/i.test(uri) && !/^\/(?![/\\])/.test(uri)) return <>{children}</>;
      return (
        <a href={uri} {...(external ? { rel: "noopener noreferrer" } : {})}>
          {children}
        </a>
      );
    },
  },
};

/**
 * Rich text from content as HTML, rendered on the server (React escapes every text): the page shows it as
 * it is, so the renderer never ships to the browser (client JS budget, decision 008).
 */
export function richTextHtml(document: Document): string {
  return renderToStaticMarkup(<>{documentToReactComponents(document, OPTIONS)}</>);
}
