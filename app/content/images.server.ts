/**
 * The embedded export's image files, served like Contentful's Images API serves a real space's: the export
 * keeps contentful-export's URLs (`//images.ctfassets.net/embedded/<asset>/<token>/<name>`) and files
 * (content/assets/…); the embedded source points those URLs here (`/content-images/<asset>/<token>/<name>`),
 * and this answers `w` (width), `fm` (webp, avif, jpg, png) and `q` (quality) with sharp, so pages build
 * image URLs one way for both sources (images.ts). Results are kept in memory; the URL holds the file's
 * hash, so browsers may keep them for a year.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { BoundedMap } from "~/rules/bounded-map";

const EXPORT_PREFIX = "//images.ctfassets.net/embedded/";
export const LOCAL_PREFIX = "/content-images/";
const FILES = path.join(process.cwd(), "content", "assets", "images.ctfassets.net", "embedded");

/** An embedded asset's URL as served by this site (other URLs unchanged). */
export const localImageUrl = (url: string) => (url.startsWith(EXPORT_PREFIX) ? LOCAL_PREFIX + url.slice(EXPORT_PREFIX.length) : url);

/** `<asset>/<token>/<name>.<png|jpg|webp>`: nothing else is a file here (no `..`, no other folder). */
const FILE_PATH = /^[A-Za-z0-9_-]{1,64}\/[a-f0-9]{32}\/[A-Za-z0-9_-]{1,100}\.(png|jpe?g|webp)$/;
const FORMATS = { webp: "image/webp", avif: "image/avif", jpg: "image/jpeg", png: "image/png" } as const;
type Format = keyof typeof FORMATS;
const MAX_KEPT = 96;

const kept = new BoundedMap<string, Promise<{ body: Buffer; type: string } | null>>("content images", MAX_KEPT);

function intParam(value: string | null, min: number, max: number): number | null | undefined {
  if (value === null) return undefined;
  if (!/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

async function render(file: string, width: number | undefined, format: Format | undefined, quality: number): Promise<{ body: Buffer; type: string } | null> {
  let source: Buffer;
  try {
    source = await readFile(path.join(FILES, file));
  } catch {
    return null;
  }
  let image = sharp(source);
  // Like the Images API: never larger than the original.
  if (width) image = image.resize({ width, withoutEnlargement: true });
  const fm: Format = format ?? (file.endsWith(".png") ? "png" : file.endsWith(".webp") ? "webp" : "jpg");
  if (fm === "webp") image = image.webp({ quality });
  else if (fm === "avif") image = image.avif({ quality, effort: 2 });
  else if (fm === "jpg") image = image.jpeg({ quality, mozjpeg: true });
  else image = image.png({ compressionLevel: 9 });
  return { body: await image.toBuffer(), type: FORMATS[fm] };
}

/** The response for `/content-images/<file>?w=&fm=&q=`: the image, 400 for parameters out of range, 404 otherwise. */
export async function embeddedImageResponse(file: string, params: URLSearchParams): Promise<Response> {
  if (!FILE_PATH.test(file)) return new Response("Not found", { status: 404 });
  const width = intParam(params.get("w"), 1, 4000);
  const quality = intParam(params.get("q"), 1, 100);
  const fm = params.get("fm");
  if (width === null || quality === null || (fm !== null && !(fm in FORMATS))) {
    return new Response("Bad image parameters: w 1–4000, q 1–100, fm webp|avif|jpg|png.", { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const key = `${file}|${width ?? ""}|${fm ?? ""}|${quality ?? ""}`;
  let result = kept.get(key);
  if (!result) {
    result = render(file, width, (fm ?? undefined) as Format | undefined, quality ?? 80);
    kept.set(key, result);
    result.then((r) => r ?? kept.delete(key)).catch(() => kept.delete(key));
  }
  const image = await result.catch(() => null);
  if (!image) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(image.body), {
    headers: { "Content-Type": image.type, "Content-Length": String(image.body.length), "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
