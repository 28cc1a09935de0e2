import express from "express";
import { redactForLog } from "./app/platform/redact";
import { pageCompression } from "./app/server/compression.server";
import { loadConfig } from "./app/server/config.server";
import { openAppDatabase } from "./app/server/database.server";
import { health } from "./app/server/health.server";
import { listen } from "./app/server/http-server.server";
import { answerDatabaseOutages, loadRemixBuild, remixPages } from "./app/server/remix.server";
import { requestContext } from "./app/server/request-context.server";
import { requestGuards } from "./app/server/request-guards.server";
import { requestLog, useJsonConsole } from "./app/server/request-log.server";
import { routePatterns } from "./app/server/route-patterns.server";
import { securityHeadersFor } from "./app/server/security.server";
import { startSentry } from "./app/server/sentry.server";
import { exitGracefully } from "./app/server/shutdown.server";
import { staticFiles } from "./app/server/static-files.server";
import { startWorkers } from "./app/server/workers.server";

/** The process, piece by piece (each in app/server/): the order of the middleware is the order a request meets them. */
async function main() {
  const env = loadConfig();
  if (env.LOG_FORMAT === "json") useJsonConsole();
  await startSentry(env);
  const database = await openAppDatabase(env);
  const workers = startWorkers(database, env);
  const build = await loadRemixBuild();
  const routeOf = routePatterns(build.routes);
  const probes = health(database);
  // prom-client is loaded only when the metrics are on.
  const metrics = env.METRICS_PORT ? (await import("./app/server/metrics.server")).operatorMetrics(database, routeOf) : undefined;

  const app = express();
  app.disable("x-powered-by");
  // Only the configured proxy hops may name the client (X-Forwarded-For) or the request (X-Request-Id).
  app.set("trust proxy", env.TRUST_PROXY_HOPS);
  app.use(requestContext({ trustedProxy: env.TRUST_PROXY_HOPS > 0 }));
  app.use(requestLog({ json: env.LOG_FORMAT === "json", routeOf }));
  if (metrics) app.use(metrics.record);
  app.use(securityHeadersFor(env));
  app.use(probes.closeConnectionsWhileDraining);
  app.use(pageCompression());
  app.use(requestGuards({ supportEmail: env.SUPPORT_EMAIL }));
  app.use(probes.routes);
  app.use(staticFiles());
  app.all("*", remixPages(answerDatabaseOutages(build, metrics?.countUnavailable), { production: env.NODE_ENV === "production" }));

  const server = listen(app, { host: env.HOST, port: env.PORT });
  if (metrics && env.METRICS_PORT) metrics.listen({ host: env.HOST, port: env.METRICS_PORT });
  exitGracefully(server, {
    drainMs: env.SHUTDOWN_DRAIN_MS,
    drain: probes.drain,
    cleanup: async () => {
      await workers.stop();
      await database.close();
    },
  });
}

main().catch((error) => {
  console.error("[fatal]", redactForLog(error));
  process.exit(1);
});
