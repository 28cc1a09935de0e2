import express from "express";
import { migrationsApplied, type Database } from "~/db/client.server";

/**
 * Liveness and readiness (decision 028). /healthz: this process can answer (restart me if not) — whatever the
 * database does, or a database blip would restart every container at once. /readyz: send me traffic — the
 * database answers, every migration of this build is applied, and no SIGTERM has arrived.
 */
export function health(database: Database) {
  let draining = false;
  const routes = express.Router();
  routes.use(["/healthz", "/readyz"], (req, res, next) => {
    res.locals.route = req.baseUrl; // their own name in the logs and metrics
    next();
  });
  routes.get("/healthz", (_req, res) => {
    res.status(200).set("Cache-Control", "no-store").json({ status: "ok" });
  });
  routes.get("/readyz", async (_req, res) => {
    const status = draining ? "stopping" : (await database.ping()) && (await migrationsApplied(database.db)) ? "ready" : "unavailable";
    res.status(status === "ready" ? 200 : 503).set("Cache-Control", "no-store").json({ status });
  });
  return {
    routes,
    /** From SIGTERM on: /readyz answers 503, and every answer closes its connection so clients reconnect elsewhere. */
    drain() {
      draining = true;
    },
    closeConnectionsWhileDraining: ((_req, res, next) => {
      if (draining) res.set("Connection", "close");
      next();
    }) satisfies express.RequestHandler,
  };
}
