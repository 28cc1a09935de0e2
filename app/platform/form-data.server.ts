import { json } from "@remix-run/node";
import { isCrossSiteRequest } from "./csrf";

/** A form post from another site is refused (the same rule server.ts applies to every request). */
export function assertSameOrigin(request: Request) {
  if (isCrossSiteRequest(request.method, request.headers, new URL(request.url).host)) {
    throw json({ status: "error", error: { "": ["This form was sent from another site and was not accepted."] } }, { status: 403 });
  }
}

/** Form data of any post; a body that is not a form (JSON, garbage) reads as an empty form, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  assertSameOrigin(request);
  return request.formData().catch(() => new FormData());
}
