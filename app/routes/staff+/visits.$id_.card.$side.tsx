import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/console/staff.server";
import { cardPhotoForStaff } from "~/console/visit.server";

/** A visit's insurance card photo for its studio's staff; each view audited. Served like the patient side's. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const side = params.side;
  if (side !== "front" && side !== "back") throw new Response("Not found", { status: 404 });
  const size = new URL(request.url).searchParams.get("size") === "thumbnail" ? "thumbnail" : "full";
  const photo = await cardPhotoForStaff(user, params.id, side, size);
  if (!photo) throw new Response("Not found", { status: 404 });
  return new Response(Buffer.from(photo.bytes), {
    headers: {
      "Cache-Control": "private, no-store",
      "Content-Type": photo.mime === "image/jpeg" ? "image/jpeg" : "application/octet-stream",
      "Content-Length": String(photo.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
