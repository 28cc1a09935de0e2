/**
 * Whether an error means the database is out of reach — down, restarting, the network cut, the pool unable to
 * connect in time, PGlite closed — rather than a fault of the query itself (decision 028). Such a request is
 * answered 503 with Retry-After, never 500. Answers a short reason for the log (a code or a fixed phrase: never
 * the error's message, which for a failed query carries its SQL and parameters), or null.
 */
export function databaseUnavailableReason(error: unknown): string | null {
  // Drizzle wraps the driver's error (DrizzleQueryError, its `cause`); Node wraps a connect to several addresses
  // in an AggregateError (its `errors`).
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const next = queue.shift();
    if (!(next instanceof Error) || seen.has(next)) continue;
    seen.add(next);
    const code = (next as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08"))) return code;
    const phrase = PHRASES.find(([pattern]) => pattern.test(next.message));
    if (phrase) return phrase[1];
    queue.push(next.cause, ...(next instanceof AggregateError ? next.errors : []));
  }
  return null;
}

/** The socket to the server failed or was refused. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * PostgreSQL's own "not now" answers (class 08, connection exception, is matched by prefix): shut down by an
 * administrator or a crash, starting up or recovering, too many connections.
 */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres and PGlite say these in words only (no code). */
const PHRASES: [RegExp, string][] = [
  [/^Connection terminated/, "connection terminated"],
  [/timeout exceeded when trying to connect/, "pool connect timeout"],
  [/Client has encountered a connection error and is not queryable/, "connection error"],
  [/Cannot use a pool after calling end on the pool/, "pool closed"],
  [/PGlite is closed/, "PGlite closed"],
];
