/**
 * Images from content, whichever the source: the asset's file through Contentful's Images API parameters
 * (`w`, `fm`, `q`) — on images.ctfassets.net for a real space, on our own /content-images route for the
 * embedded export (images.server.ts answers the same parameters) — with width and height set so nothing
 * shifts while it loads, and a srcset for phones and desktops.
 */
export type ImageData = { src: string; srcSet: string; sizes: string; width: number; height: number; alt: string };

type Asset = { fields?: { title?: unknown; description?: unknown; file?: { url?: unknown; contentType?: unknown; details?: { image?: { width?: unknown; height?: unknown } } } } };

const WIDTHS = [360, 540, 720, 1080, 1440];

/** An image asset as <img> attributes, shown at most `maxWidth` CSS pixels wide; null when it is not an image. */
export function imageOf(asset: unknown, { maxWidth, sizes }: { maxWidth: number; sizes: string }): ImageData | null {
  const fields = (asset as Asset | null)?.fields;
  const file = fields?.file;
  const width = Number(file?.details?.image?.width);
  const height = Number(file?.details?.image?.height);
  if (typeof file?.url !== "string" || !String(file.contentType).startsWith("image/") || !(width > 0) || !(height > 0)) return null;
  const base = file.url.startsWith("//") ? `https:${file.url}` : file.url;
  const at = (w: number) => `${base}?w=${w}&fm=webp&q=75`;
  const shown = Math.min(width, maxWidth);
  const widths = WIDTHS.filter((w) => w <= width);
  const alt = typeof fields?.description === "string" ? fields.description : typeof fields?.title === "string" ? fields.title : "";
  return {
    src: at(shown),
    srcSet: widths.map((w) => `${at(w)} ${w}w`).join(", "),
    sizes,
    width: shown,
    height: Math.round((height * shown) / width),
    alt,
  };
}
