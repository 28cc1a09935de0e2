import type { Server } from "node:http";

/** Past this, counted from the signal, the process exits 1 whatever is still running (an image's stop waits 10 s). */
const FORCE_EXIT_MS = 9_000;

/**
 * SIGTERM / SIGINT: `drain()` at once (readiness turns 503), keep serving for `drainMs` so a load balancer
 * polling /readyz stops sending, then stop accepting, let in-flight requests finish, `cleanup()` and exit 0.
 */
export function exitGracefully(server: Server, { drainMs, drain, cleanup }: { drainMs: number; drain: () => void; cleanup: () => Promise<void> }) {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    drain();
    console.info(`[http] ${signal}: not ready any more; finishing in-flight requests`);
    setTimeout(() => {
      console.error("[http] shutdown took too long; exiting");
      process.exit(1);
    }, FORCE_EXIT_MS).unref();
    setTimeout(() => {
      server.close(async () => {
        await cleanup();
        console.info("[http] stopped");
        process.exit(0);
      });
      server.closeIdleConnections();
    }, drainMs);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
