/**
 * A Response whose body the server holds whole (a rendered page, decision 019): the response writer
 * (app/server/remix.server.ts) sends that text in one write instead of reading it back from the Response's web
 * stream. When the load context says that writer serves the request (`writesWholeBody`), the Response carries no
 * copy of the text (an undici body scans the whole text and builds a web stream: ≈ 8 % of a page's CPU); for any
 * other caller (tests, the bench's in-process handler) it carries the text as its body, as any Response does.
 * The key is in the global symbol registry: the Remix build (build/index.js) has its own copy of this module,
 * server.ts another.
 */
const WHOLE_BODY = Symbol.for("dental.whole-body");

type Marked = Response & { [WHOLE_BODY]?: string };

export function wholeResponse(body: string, init: ResponseInit, loadContext: unknown): Response {
  const written = (loadContext as { writesWholeBody?: boolean } | undefined)?.writesWholeBody === true;
  const response: Marked = new Response(written ? null : body, init);
  response[WHOLE_BODY] = body;
  return response;
}

/** The text a Response was built from by wholeResponse, while nothing has read its body; else undefined (stream it). */
export function wholeBodyOf(response: Response): string | undefined {
  return response.bodyUsed ? undefined : (response as Marked)[WHOLE_BODY];
}
