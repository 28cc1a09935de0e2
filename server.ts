import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { CONTENTFUL_IMAGES_ORIGIN, contentfulSettings } from "./app/content/source.server";
import { DataDirLockedError, openDatabase, setDatabase, type Database } from "./app/db/client.server";
import { catalogueIsEmpty, seedCatalogue } from "./app/db/seed.server";
import { EnvError, getEnv, getPublicEnv } from "./app/platform/env.server";
import { startOutboxWorker } from "./app/platform/email.server";
import { startReminderWorker } from "./app/scheduling/reminders.server";
import { isCrossSiteRequest } from "./app/platform/csrf";
import { observabilityCsp, sentryOptions } from "./app/platform/observability";
import {
  ALLOWED_METHODS,
  BodyTooLarge,
  bodyLimitFor,
  countFields,
  isAllowedMethod,
  readBody,
  refusalPage,
  SERVER_TIMEOUTS,
} from "./app/platform/http-guards.server";
import { loggablePath, redactForLog } from "./app/platform/redact";
import { securityHeaders } from "./app/platform/security-headers.server";
import { health } from "./app/server/health.server";
import { exitGracefully } from "./app/server/shutdown.server";

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
  const csp = observabilityCsp({ segmentWriteKey: env.SEGMENT_WRITE_KEY, chat: getPublicEnv(env).chat });
  // A real Contentful space's pictures come from its Images API; the embedded content's from this site.
  const contentImages = contentfulSettings("marketing", env) || contentfulSettings("profile", env) ? [CONTENTFUL_IMAGES_ORIGIN] : [];

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
  const reminders = startReminderWorker(database.db, { siteOrigin: env.SITE_ORIGIN });

  const build = (await import(path.resolve("build/index.js"))) as ServerBuild;
  const probes = health(database);
  const app = express();
  app.disable("x-powered-by");
  // Only the configured proxy hops may name the client (X-Forwarded-For): anyone can send that header.
  app.set("trust proxy", env.TRUST_PROXY_HOPS);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.locals.nonce = randomBytes(16).toString("base64");
    // The client's address as the trusted proxy hops name it (TRUST_PROXY_HOPS), read before a post's body is replayed.
    res.locals.clientIp = req.ip ?? "unknown";
    res.set(securityHeaders({ nonce: res.locals.nonce, production, extraConnect: csp.connect, extraScript: csp.script, extraFrame: csp.frame, extraStyle: csp.style, extraImg: contentImages }));
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // Method, path without query, status and time only: no bodies, no personal data.
      console.info(`${req.method} ${loggablePath(req.originalUrl)} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  });
  app.use(probes.closeConnectionsWhileDraining);
  app.use(compression());

  const refuse = (res: express.Response, status: number, title: string, message: string) => {
    res.status(status).set("Cache-Control", "no-store").type("html").send(refusalPage(title, message, env.SUPPORT_EMAIL));
  };

  // TRACE, PUT, OPTIONS…: no route serves them (Remix would answer some with a 500).
  app.use((req, res, next) => {
    if (isAllowedMethod(req.method)) return next();
    res.set("Allow", ALLOWED_METHODS.join(", "));
    refuse(res, 405, "Not allowed", `This address does not accept ${req.method.replace(/[^A-Z-]/gi, "").slice(0, 20)} requests.`);
  });

  // A cross-site, opaque (`Origin: null`) or malformed Origin on a post: refused before anything reads it.
  app.use((req, res, next) => {
    const headers = new Headers();
    for (const name of ["origin", "host", "x-forwarded-host", "sec-fetch-site"]) {
      const value = req.get(name);
      if (value !== undefined) headers.set(name, value);
    }
    if (!isCrossSiteRequest(req.method, headers)) {
      // `Origin: null` accepted above is a no-referrer page of ours posting to itself (csrf.ts); Remix's own
      // origin check would abort it, so the opaque value is dropped once it has been judged.
      if (req.get("origin")?.trim() === "null") delete req.headers.origin;
      return next();
    }
    refuse(res, 403, "Form not accepted", "This form was sent from another site and was not accepted. Nothing was changed.");
  });

  // Form bodies are read here, within their limit (bytes and fields), and handed to Remix from memory.
  app.use((req, res, next) => {
    if (req.method !== "POST") return next();
    const limit = bodyLimitFor(req.path, req.get("content-type"));
    // The rest of the body is read and discarded so the client, still sending, can read the answer (cut off while
    // sending, it would see a reset instead of the page); a sender that goes on longer is disconnected.
    const discardRest = () => {
      req.resume();
      res.on("finish", () => {
        if (req.complete) return;
        const cutOff = setTimeout(() => req.socket.destroy(), 5_000).unref();
        req.once("end", () => clearTimeout(cutOff));
      });
    };
    const tooLarge = () => {
      discardRest();
      if (!limit.upload) {
        return refuse(res, 413, "Too much data", "What was sent is larger than this form accepts. Please go back and try again with less.");
      }
      // An upload page answers for itself (400, the form with the reason), given no body: never a 413 page.
      res.locals.body = Buffer.alloc(0);
      res.locals.uploadTooLarge = true;
      next();
    };
    const declared = Number(req.get("content-length") ?? 0);
    if (declared > limit.maxBytes) return tooLarge();
    readBody(req, limit.maxBytes).then(
      (body) => {
        if (countFields(body, req.get("content-type")) > limit.maxFields) {
          refuse(res, 413, "Too many fields", "This form was sent with far more fields than it has. Please go back and try again.");
          return;
        }
        res.locals.body = body;
        next();
      },
      (error) => {
        if (error instanceof BodyTooLarge) return tooLarge();
        if (!res.headersSent) refuse(res, 400, "Form not received", "The form did not arrive completely. Please try again.");
      },
    );
  });

  app.use(probes.routes);

  // Remix fingerprints everything under /build: cache it for a year.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // The other public files only under their own names, listed once at start: a page request never stats the disk.
  const publicNames = new Set(readdirSync("public").filter((name) => name !== "build" && !name.startsWith(".")));
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (publicNames.has(req.path.split("/", 2)[1]) ? publicFiles(req, res, next) : next()));

  const remix = createRequestHandler({
    build,
    mode: production ? "production" : "development",
    getLoadContext: (_req, res) => ({ nonce: res.locals.nonce as string, clientIp: res.locals.clientIp as string, uploadTooLarge: res.locals.uploadTooLarge === true }),
  });
  app.all("*", (req, res, next) => remix(res.locals.body !== undefined ? withBody(req, res.locals.body as Buffer) : req, res, next));

  // Slow senders are cut off: headers, whole request and idle keep-alive each have a timeout (README).
  const server: Server = createServer({ connectionsCheckingInterval: SERVER_TIMEOUTS.connectionsCheckingInterval }, app);
  server.headersTimeout = SERVER_TIMEOUTS.headersTimeout;
  server.requestTimeout = SERVER_TIMEOUTS.requestTimeout;
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
  server.listen(env.PORT, env.HOST, () => {
    console.info(`[http] listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`);
  });

  exitGracefully(server, {
    drainMs: env.SHUTDOWN_DRAIN_MS,
    drain: probes.drain,
    cleanup: async () => {
      outbox.stop();
      reminders.stop();
      await database.close();
    },
  });
}

/**
 * The same request with its body replayed from memory (the body middleware has read it): the Remix adapter
 * reads only these properties of the request, and the body as a stream.
 */
function withBody(req: express.Request, body: Buffer): express.Request {
  const replay = Readable.from([body], { objectMode: false });
  return Object.assign(replay, {
    method: req.method,
    headers: req.headers,
    originalUrl: req.originalUrl,
    hostname: req.hostname,
    protocol: req.protocol,
    get: (name: string) => req.get(name),
  }) as unknown as express.Request;
}

main().catch((error) => {
  console.error("[fatal]", redactForLog(error));
  process.exit(1);
});
