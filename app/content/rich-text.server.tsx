import { documentToReactComponents, type Options } from "@contentful/rich-text-react-renderer";
import { BLOCKS, INLINES, type Document, type Node } from "@contentful/rich-text-types";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { imageOf } from "./images";

/** The text of a node, for heading anchors ("Cookie Policy" → #cookies). */
function plainText(node: Node): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  return "content" in node && Array.isArray(node.content) ? (node.content as Node[]).map(plainText).join("") : "";
}
const anchorOf = (heading: string) => (/cookie/i.test(heading) ? "cookies" : heading.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, ""));

/** An image embedded in rich text: below the fold, so lazy. */
function EmbeddedImage({ asset }: { asset: unknown }) {
  const image = imageOf(asset, { maxWidth: 720, sizes: "(max-width: 760px) 100vw, 720px" });
  return image ? <img {...image} className="content-image" loading="lazy" decoding="async" /> : null;
}

const OPTIONS: Options = {
  renderNode: {
    [BLOCKS.HEADING_2]: (node, children: ReactNode) => <h2 id={anchorOf(plainText(node))}>{children}</h2>,
    [BLOCKS.EMBEDDED_ASSET]: (node) => <EmbeddedImage asset={node.data.target} />,
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
