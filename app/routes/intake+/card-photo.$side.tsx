import type { LoaderFunctionArgs } from "@remix-run/node";
import { intakeAccess, notFound } from "~/intake/access.server";
import { PRIVATE_PAGE } from "~/auth/headers";
import { readPhoto } from "~/intake/store.server";

const EXTENSION: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/**
 * `/intake/card-photo/front?token=…[&size=thumbnail]`: a stored card photo, to the visit's token holder only
 * (the one access function). Re-encoded without metadata when it was stored; served as an attachment-safe
 * inline image that no shared cache keeps and no browser sniffs.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const visit = await intakeAccess(request);
  const side = params.side;
  if (side !== "front" && side !== "back") throw notFound();
  const size = new URL(request.url).searchParams.get("size") === "thumbnail" ? "thumbnail" : "full";
  const photo = await readPhoto(visit, side, size);
  if (!photo) throw notFound();
  const mime = EXTENSION[photo.mime] ? photo.mime : "application/octet-stream";
  return new Response(Buffer.from(photo.bytes), {
    headers: {
      ...PRIVATE_PAGE,
      "Content-Type": mime,
      "Content-Length": String(photo.bytes.byteLength),
      "Content-Disposition": `inline; filename="insurance-card-${side}${size === "thumbnail" ? "-small" : ""}.${EXTENSION[mime] ?? "bin"}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
