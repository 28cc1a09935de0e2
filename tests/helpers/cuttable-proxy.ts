import { createServer, connect, type Server, type Socket } from "node:net";
import { freePort } from "./process";

/**
 * A TCP proxy in the test process between the app's processes and PostgreSQL, to take the database away without
 * touching the real server (others use it): `cut()` destroys every connection and stops listening, so a new one is
 * refused (ECONNREFUSED, as a stopped server answers); `restore()` listens again on the same port.
 */
export async function cuttableProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => resolve());
      server = next;
    });
  await listen();
  return {
    port,
    /** The database URL through the proxy. */
    url(databaseUrl: string) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    async cut() {
      const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
      for (const socket of sockets) socket.destroy();
      await closing;
    },
    restore: listen,
    close() {
      return this.cut();
    },
  };
}
