import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type Child = {
  proc: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
};

/** libfaketime's settings, passed on to children when the suite runs under a moved clock (docs/guides/testing.md). */
function movedClock(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => name === "LD_PRELOAD" || name.startsWith("FAKETIME")) as [string, string][]);
}

/** Runs `node --import tsx <script>` from the repository root with the given environment. */
export function runNode(script: string, env: Record<string, string>, args: string[] = []): Child {
  const proc = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    // A clean environment: only what the test sets, plus what node needs to run and the run's moved clock, if any
    // (scripts/test-at-clock.sh: a server on the real clock beside tests on a moved one would be a different world).
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...movedClock(), ...env } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (err += d));
  const exited = new Promise<number | string>((resolve) => {
    proc.on("exit", (code, signal) => resolve(code ?? signal ?? -1));
  });
  return { proc, stdout: () => out, stderr: () => err, exited };
}

export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type ServerChild = Child & { port: number; url: string };

/**
 * Starts the real server (the build must exist) and waits until /healthz answers 200. It stops without the
 * load balancer's drain (SHUTDOWN_DRAIN_MS=0) unless the test sets one. On a port the OS picks unless one is given.
 */
export async function startServer(env: Record<string, string>, { port: asked }: { port?: number } = {}): Promise<ServerChild> {
  const port = asked ?? (await freePort());
  const child = runNode("server.ts", { HOST: "127.0.0.1", PORT: String(port), SHUTDOWN_DRAIN_MS: "0", ...env });
  const url = `http://127.0.0.1:${port}`;
  let ended: number | string | undefined;
  void child.exited.then((code) => (ended = code));
  await waitFor(
    async () => {
      if (ended !== undefined) throw new Error(`server exited (${ended}) before answering:\n${child.stderr()}${child.stdout()}`);
      try {
        return (await fetch(`${url}/healthz`)).status === 200 || undefined;
      } catch {
        return undefined;
      }
    },
    // Generous: a first start (PGlite, migrations, seed) on a loaded CI machine has taken over a minute.
    120_000,
    "the server's /healthz",
  );
  return { ...child, port, url };
}

/** Sends a signal and resolves with the exit code, or rejects when the process outlives the timeout. */
export async function stop(child: Child, signal: NodeJS.Signals = "SIGTERM", timeoutMs = 10_000) {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return child.exited;
  child.proc.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      child.exited,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`process still running ${timeoutMs} ms after ${signal}`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
