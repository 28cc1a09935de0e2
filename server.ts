import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { DataDirLockedError, openDatabase, setDatabase, type Database } from "./app/db/client.server";
import { catalogueIsEmpty, seedCatalogue } from "./app/db/seed.server";
import { EnvError, getEnv } from "./app/platform/env.server";
import { startOutboxWorker } from "./app/platform/email.server";
import { isCrossSiteRequest } from "./app/platform/csrf";
import { observabilityCsp, sentryOptions } from "./app/platform/observability";
import { redactForLog } from "./app/platform/redact";
import { loggablePath, securityHeaders } from "./app/platform/security-headers.server";

async function main() {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const production = env.NODE_ENV === "production";
  const sentry = sentryOptions({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV, siteOrigin: env.SITE_ORIGIN });
  if (sentry) {
    const Sentry = await import("@sentry/remix");
    Sentry.init(sentry);
    // entry.server's handleError reports through this hook, so the bundle needs no Sentry import.
    (globalThis as { __reportError?: (error: unknown) => void }).__reportError = (error) => Sentry.captureException(error);
  }
  const csp = observabilityCsp({ sentryDsn: env.SENTRY_DSN, segmentWriteKey: env.SEGMENT_WRITE_KEY });

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  setDatabase(Promise.resolve(database));
  if (await catalogueIsEmpty(database.db)) {
    await seedCatalogue(database.db);
    console.info("[db] seeded the studio catalogue");
  }
  console.info(`[db] ${database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${env.DATA_DIR}`} ready`);
  const outbox = startOutboxWorker(database.db, env);

  const build = (await import(path.resolve("build/index.js"))) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", true);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.locals.nonce = randomBytes(16).toString("base64");
    res.set(securityHeaders({ nonce: res.locals.nonce, production, extraConnect: csp.connect, extraScript: csp.script }));
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // Method, path without query, status and time only: no bodies, no personal data.
      console.info(`${req.method} ${loggablePath(req.originalUrl)} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  });
  app.use(compression());

  // Remix answers a cross-site (or malformed) Origin on a form post with a thrown error, a 500: refuse it first.
  app.use((req, res, next) => {
    const headers = new Headers();
    for (const name of ["origin", "host", "x-forwarded-host"]) {
      const value = req.get(name);
      if (value) headers.set(name, value);
    }
    if (!isCrossSiteRequest(req.method, headers)) return next();
    res.status(403).type("text/plain").send("This form was sent from another site and was not accepted.");
  });

  app.get("/healthz", async (_req, res) => {
    const ok = await database.ping();
    res.status(ok ? 200 : 503).set("Cache-Control", "no-store").json({ status: ok ? "ok" : "unavailable" });
  });

  // Remix fingerprints everything under /build: cache it for a year.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: production ? "production" : "development",
      getLoadContext: (_req, res) => ({ nonce: res.locals.nonce as string }),
    }),
  );

  const server: Server = app.listen(env.PORT, env.HOST, () => {
    console.info(`[http] listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`);
  });
  server.keepAliveTimeout = 5_000;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`[http] ${signal}: finishing in-flight requests`);
    const force = setTimeout(() => {
      console.error("[http] shutdown took too long; exiting");
      process.exit(1);
    }, 9_000);
    force.unref();
    server.close(async () => {
      outbox.stop();
      await database.close();
      console.info("[http] stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error("[fatal]", redactForLog(error));
  process.exit(1);
});
