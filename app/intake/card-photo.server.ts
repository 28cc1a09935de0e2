/**
 * The insurance card photos, verified (issue 7 C, decision 006): read from the multipart post with a cap per
 * file enforced while the bytes arrive, recognised by their magic bytes (never the name or Content-Type),
 * decoded and re-encoded by sharp (turned upright by EXIF, every metadata field dropped — GPS included —,
 * at most 2,000 px a side), with a pixel cap that refuses decompression bombs. Each problem is a sentence
 * for the form, never an exception.
 */
import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import sharp from "sharp";
import { assertSameOrigin } from "~/platform/form-data.server";
import type { CardSide, StoredPhoto } from "./store.server";

export const CARD_SIDES: readonly CardSide[] = ["front", "back"];
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** A phone camera makes at most ~50 MP; a small file that decodes to more is a decompression bomb. */
const MAX_INPUT_PIXELS = 60_000_000;
const MAX_SIDE = 2000;
const THUMBNAIL_WIDTH = 320;
const TEXT_FIELD_MAX_BYTES = 1024;

export type PhotoUpload = { bytes: Buffer; filename: string } | { tooLarge: true };
export type CardUpload = { later: boolean; photos: Partial<Record<CardSide, PhotoUpload>>; broken: boolean };

async function collect(data: AsyncIterable<Uint8Array>, max: number): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    // Past the cap the rest is read and dropped: the other fields still arrive, nothing more is kept.
    if (size <= max) chunks.push(chunk);
  }
  return size > max ? null : Buffer.concat(chunks);
}

/**
 * The card form: the `later` box and up to one photo per side. A file input left empty (no name, no bytes)
 * is no photo; anything that is not a readable multipart form reads as "broken" (the page says so).
 */
export async function readCardUpload(request: Request): Promise<CardUpload> {
  assertSameOrigin(request);
  const photos: CardUpload["photos"] = {};
  let later = false;
  if (!/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
    const form = await request.formData().catch(() => new FormData());
    return { later: form.get("later") === "on", photos, broken: false };
  }
  const handler = async (part: UploadHandlerPart) => {
    const side = CARD_SIDES.find((s) => s === part.name);
    if (side && typeof part.filename === "string") {
      const bytes = await collect(part.data, PHOTO_MAX_BYTES);
      if (!bytes) photos[side] = { tooLarge: true };
      else if (part.filename !== "" || bytes.length > 0) photos[side] = { bytes, filename: part.filename };
      return undefined;
    }
    const text = await collect(part.data, TEXT_FIELD_MAX_BYTES);
    if (part.name === "later" && text?.toString("utf8") === "on") later = true;
    return undefined;
  };
  try {
    await unstable_parseMultipartFormData(request, handler);
    return { later, photos, broken: false };
  } catch {
    return { later, photos, broken: true };
  }
}

type Format = "jpeg" | "png" | "webp" | "heif";

/** What the file is, from its first bytes. */
export function sniffImage(bytes: Uint8Array): Format | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  const brand = Buffer.from(bytes.subarray(8, 12)).toString("latin1");
  if (at(4, 0x66, 0x74, 0x79, 0x70) && ["heic", "heix", "hevc", "mif1", "msf1"].includes(brand)) return "heif";
  return null;
}

// A refused photo's reason, a catalogue key per side (the page words it in the reader's language).
const PHOTO_ERRORS = {
  front: {
    tooLarge: "intake.photo.front.tooLarge",
    empty: "intake.photo.front.empty",
    notImage: "intake.photo.front.notImage",
    heic: "intake.photo.front.heic",
    tooManyPixels: "intake.photo.front.tooManyPixels",
    unreadable: "intake.photo.front.unreadable",
  },
  back: {
    tooLarge: "intake.photo.back.tooLarge",
    empty: "intake.photo.back.empty",
    notImage: "intake.photo.back.notImage",
    heic: "intake.photo.back.heic",
    tooManyPixels: "intake.photo.back.tooManyPixels",
    unreadable: "intake.photo.back.unreadable",
  },
} satisfies Record<CardSide, Record<string, string>>;

/** A photo as it is stored (re-encoded JPEG and thumbnail), or the key of the sentence that says why it was refused. */
export async function preparePhoto(side: CardSide, upload: PhotoUpload): Promise<StoredPhoto | { error: string }> {
  const why = PHOTO_ERRORS[side];
  if ("tooLarge" in upload) return { error: why.tooLarge };
  if (upload.bytes.length === 0) return { error: why.empty };
  const format = sniffImage(upload.bytes);
  if (!format) return { error: why.notImage };
  try {
    const image = () => sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" }).rotate();
    const { data, info } = await image()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await image().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
    return { mime: "image/jpeg", bytes: data, thumbnail, width: info.width, height: info.height };
  } catch (error) {
    if (format === "heif") return { error: why.heic };
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { error: why.tooManyPixels };
    return { error: why.unreadable };
  }
}
