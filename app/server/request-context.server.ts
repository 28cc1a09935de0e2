import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { requestStorage } from "~/platform/request-scope.server";

const context = requestStorage;

/** The id of the request this code runs for (every log line of a request carries it), if any. */
export const currentRequestId = () => context.getStore()?.requestId;

/** A proxy's id: letters, digits and `.-_:` only, 8 to 128 of them (a UUID, a trace id…); anything else is ignored. */
const VALID_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The incoming X-Request-Id when a trusted proxy (TRUST_PROXY_HOPS > 0) sent a valid one; else a new UUID. */
export function requestIdFor(incoming: string | undefined, trustedProxy: boolean): string {
  return trustedProxy && incoming !== undefined && VALID_ID.test(incoming) ? incoming : randomUUID();
}

/** Gives each request its id (X-Request-Id in the response too) and runs the rest of it under that id. */
export function requestContext({ trustedProxy }: { trustedProxy: boolean }): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFor(req.get("x-request-id"), trustedProxy);
    res.locals.requestId = requestId;
    res.set("X-Request-Id", requestId);
    context.run({ requestId }, next);
  };
}

/** A request's route pattern, worked out once when something asks (the log, the metrics), or set by a piece (probes, static files). */
export function routeLabel(req: { path: string }, res: { locals: Record<string, unknown> }, routeOf: (path: string) => string): string {
  res.locals.route ??= routeOf(req.path);
  return res.locals.route as string;
}
