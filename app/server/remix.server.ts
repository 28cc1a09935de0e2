import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { withBody } from "./request-guards.server";

/** The Remix build that `npm run build` wrote (build/index.js). */
export async function loadRemixBuild(): Promise<ServerBuild> {
  return (await import(path.resolve("build/index.js"))) as ServerBuild;
}

/** The Remix build answering every request left, with the load context our routes read. */
export function remixPages(build: ServerBuild, { production }: { production: boolean }): RequestHandler {
  const remix = createRequestHandler({
    build,
    mode: production ? "production" : "development",
    getLoadContext: (_req, res) => ({ nonce: res.locals.nonce as string, clientIp: res.locals.clientIp as string, uploadTooLarge: res.locals.uploadTooLarge === true }),
  });
  return (req, res, next) => remix(res.locals.body !== undefined ? withBody(req, res.locals.body as Buffer) : req, res, next);
}
