/**
 * The Sentry tunnel (spec §7: "optionally through a tunnel path"): the browser SDK posts its envelopes to
 * this site (SENTRY_TUNNEL_PATH) and they are passed on to the ingest URL of the configured DSN — only
 * envelopes addressed to that DSN (its host, project and key), so the route is no open relay. The body
 * arrives already size-capped (http-guards.server.ts) and is never logged or read past its header line.
 */
const HEADER_MAX_BYTES = 8 * 1024;
const UPSTREAM_TIMEOUT_MS = 10_000;
/** What Sentry answers that the SDK acts on (rate limits), passed back to the browser. */
const PASSED_BACK = ["x-sentry-rate-limits", "retry-after"];

type Dsn = { origin: string; host: string; prefix: string; projectId: string; publicKey: string };

function parseDsn(value: unknown): Dsn | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    const parts = url.pathname.split("/").filter(Boolean);
    const projectId = parts.pop();
    if (!/^https?:$/.test(url.protocol) || !url.username || !projectId || !/^\d+$/.test(projectId)) return null;
    return { origin: url.origin, host: url.host, prefix: parts.length ? `/${parts.join("/")}` : "", projectId, publicKey: url.username };
  } catch {
    return null;
  }
}

/** The DSN named in an envelope's first line (its JSON header), or null. */
function envelopeDsn(body: Uint8Array): Dsn | null {
  const end = body.indexOf(0x0a);
  const headerBytes = body.subarray(0, end === -1 ? body.length : end);
  if (headerBytes.length === 0 || headerBytes.length > HEADER_MAX_BYTES) return null;
  try {
    const header = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(headerBytes)) as { dsn?: unknown };
    return parseDsn(header?.dsn);
  } catch {
    return null;
  }
}

const sameDsn = (a: Dsn, b: Dsn) => a.origin === b.origin && a.prefix === b.prefix && a.projectId === b.projectId && a.publicKey === b.publicKey;

const plain = (status: number, text: string) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** Without a DSN there is no tunnel: 404, as for any other unknown path. */
export const tunnelOff = () => plain(404, "Not found");

/**
 * Passes one envelope on to Sentry: 400 when it is not an envelope for our DSN, Sentry's own status (and
 * rate-limit headers) when it answered, 502 when it could not be reached.
 */
export async function tunnelEnvelope(request: Request, configuredDsn: string): Promise<Response> {
  const ours = parseDsn(configuredDsn);
  if (!ours) return tunnelOff();
  const body = new Uint8Array(await request.arrayBuffer());
  const named = envelopeDsn(body);
  if (!named || !sameDsn(named, ours)) return plain(400, "Not an envelope for this site's project.");
  let upstream: Response;
  try {
    upstream = await fetch(`${ours.origin}${ours.prefix}/api/${ours.projectId}/envelope/`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-sentry-envelope" },
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    // The error's name only: never the envelope, which may hold what a patient's browser reported.
    console.warn(`[sentry-tunnel] ${ours.host} not reached (${error instanceof Error ? error.name : "error"})`);
    return plain(502, "Error reporting is unavailable.");
  }
  const headers = new Headers({ "Cache-Control": "no-store", "Content-Type": upstream.headers.get("content-type") ?? "application/json" });
  for (const name of PASSED_BACK) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(await upstream.arrayBuffer(), { status: upstream.status, headers });
}
