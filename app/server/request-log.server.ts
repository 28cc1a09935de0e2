import type { RequestHandler } from "express";
import { loggablePath } from "~/platform/redact";

/** One access-log line per request when it finishes: method, path without query (tokens masked), status, time. */
export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // No bodies, no personal data.
      console.info(`${req.method} ${loggablePath(req.originalUrl)} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}
