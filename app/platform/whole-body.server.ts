/**
 * A Response whose body the server already holds whole (a rendered page, decision 019): the response writer
 * (app/server/remix.server.ts) sends that text in one write instead of reading it back from the Response's web
 * stream. The Response carries the same text as its body, so anything else that reads it (tests, the bench's
 * in-process handler) reads the page as before. The key is in the global symbol registry: the Remix build
 * (build/index.js) has its own copy of this module, server.ts another.
 */
const WHOLE_BODY = Symbol.for("dental.whole-body");

type Marked = Response & { [WHOLE_BODY]?: string };

export function wholeResponse(body: string, init: ResponseInit): Response {
  const response: Marked = new Response(body, init);
  response[WHOLE_BODY] = body;
  return response;
}

/** The text a Response was built from by wholeResponse, while nothing has read its body; else undefined (stream it). */
export function wholeBodyOf(response: Response): string | undefined {
  return response.bodyUsed ? undefined : (response as Marked)[WHOLE_BODY];
}
