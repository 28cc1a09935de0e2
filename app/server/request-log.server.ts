import { format } from "node:util";
import type { RequestHandler } from "express";
import { loggablePath } from "~/platform/redact";
import { currentRequestId, routeLabel } from "./request-context.server";

/**
 * One access-log line per request when it finishes. Text: method, path without query (tokens masked), status,
 * time. JSON (LOG_FORMAT=json): the request's id, method, route pattern, status, duration and pid. Never a
 * query string, a body or personal data.
 */
export function requestLog({ json, routeOf }: { json: boolean; routeOf: (path: string) => string }): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (!json) {
        console.info(`${req.method} ${loggablePath(req.originalUrl)} ${res.statusCode} ${ms.toFixed(1)}ms`);
        return;
      }
      writeJson("info", "request", {
        requestId: res.locals.requestId as string,
        method: req.method,
        route: routeLabel(req, res, routeOf),
        status: res.statusCode,
        durationMs: Math.round(ms * 10) / 10,
      });
    });
    next();
  };
}

function writeJson(level: string, msg: string, fields: Record<string, unknown> = {}) {
  const requestId = currentRequestId();
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...(requestId ? { requestId } : {}), ...fields, pid: process.pid });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

/** LOG_FORMAT=json: every console line of the process (ours and the Remix bundle's) becomes a JSON line with the request's id. */
export function useJsonConsole() {
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    console[level] = (...args: unknown[]) => writeJson(level === "log" ? "info" : level, format(...args));
  }
}
