import compression from "compression";
import express from "express";
import { redactForLog } from "./app/platform/redact";
import { loadConfig } from "./app/server/config.server";
import { openAppDatabase } from "./app/server/database.server";
import { health } from "./app/server/health.server";
import { listen } from "./app/server/http-server.server";
import { remixPages } from "./app/server/remix.server";
import { requestGuards } from "./app/server/request-guards.server";
import { requestLog } from "./app/server/request-log.server";
import { securityHeadersFor } from "./app/server/security.server";
import { startSentry } from "./app/server/sentry.server";
import { exitGracefully } from "./app/server/shutdown.server";
import { staticFiles } from "./app/server/static-files.server";
import { startWorkers } from "./app/server/workers.server";

/** The process, piece by piece (each in app/server/): the order of the middleware is the order a request meets them. */
async function main() {
  const env = loadConfig();
  await startSentry(env);
  const database = await openAppDatabase(env);
  const workers = startWorkers(database, env);
  const probes = health(database);

  const app = express();
  app.disable("x-powered-by");
  // Only the configured proxy hops may name the client (X-Forwarded-For): anyone can send that header.
  app.set("trust proxy", env.TRUST_PROXY_HOPS);
  app.use(requestLog());
  app.use(securityHeadersFor(env));
  app.use(probes.closeConnectionsWhileDraining);
  app.use(compression());
  app.use(requestGuards({ supportEmail: env.SUPPORT_EMAIL }));
  app.use(probes.routes);
  app.use(staticFiles());
  app.all("*", await remixPages({ production: env.NODE_ENV === "production" }));

  const server = listen(app, { host: env.HOST, port: env.PORT });
  exitGracefully(server, {
    drainMs: env.SHUTDOWN_DRAIN_MS,
    drain: probes.drain,
    cleanup: async () => {
      workers.stop();
      await database.close();
    },
  });
}

main().catch((error) => {
  console.error("[fatal]", redactForLog(error));
  process.exit(1);
});
