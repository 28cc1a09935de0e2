import { createServer, type RequestListener, type Server } from "node:http";
import { SERVER_TIMEOUTS } from "~/platform/http-guards.server";

/** The HTTP server on HOST:PORT. Slow senders are cut off: headers, whole request and idle keep-alive each have a timeout (README). */
export function listen(app: RequestListener, { host, port }: { host: string; port: number }): Server {
  const server = createServer({ connectionsCheckingInterval: SERVER_TIMEOUTS.connectionsCheckingInterval }, app);
  server.headersTimeout = SERVER_TIMEOUTS.headersTimeout;
  server.requestTimeout = SERVER_TIMEOUTS.requestTimeout;
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
  server.listen(port, host, () => {
    console.info(`[http] listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
  });
  return server;
}
