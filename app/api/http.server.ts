/**
 * The read API's request handling (decision 033): the key from `Authorization: Bearer`, the rate limit, JSON
 * answers that are never cached. The key is only ever hashed: it is not logged, stored or echoed.
 */
import { clientIp } from "~/flow/forms.server";
import { consume, RateLimited } from "~/auth/rate-limit.server";
import { getDb, type Db } from "~/db/client.server";
import { authenticateApiKey, type ApiKey } from "./keys.server";

export const API_ERROR_CODES = ["unauthorized", "not_found", "bad_request", "rate_limited", "method_not_allowed"] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The API only reads: any other method is a JSON 405 with these in `Allow`, answered before Remix (request-guards). */
export const API_METHODS = ["GET", "HEAD"] as const;
export const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");
export const methodNotAllowedBody = (method: string) =>
  JSON.stringify({ error: { code: "method_not_allowed", message: `The API only reads: ${API_METHODS.join(" and ")}, not ${method.replace(/[^A-Z-]/gi, "").slice(0, 20)}.` } });

export function apiJson(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers } });
}

export const apiError = (status: number, code: ApiErrorCode, message: string, headers: Record<string, string> = {}) =>
  apiJson({ error: { code, message } }, status, headers);

export const notFound = () => apiError(404, "not_found", "No such visit or studio for this key.");

/**
 * Runs `answer` for a request with a live key, counted against the key's limit. Without one: 401 (requests
 * without a good key are counted per client address, so guessing is rate limited too).
 */
export async function withApiKey(request: Request, context: { clientIp?: unknown }, answer: (db: Db, key: ApiKey) => Promise<Response>): Promise<Response> {
  const db = await getDb();
  const key = await authenticateApiKey(db, request.headers.get("Authorization"));
  try {
    await consume("api", key ? `key:${key.id}` : `ip:${clientIp(context)}`);
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    return apiError(429, "rate_limited", "Too many requests; try again after Retry-After seconds.", { "Retry-After": String(error.retryAfterSeconds) });
  }
  if (!key) return apiError(401, "unauthorized", "A valid API key is required: Authorization: Bearer <key>.", { "WWW-Authenticate": 'Bearer realm="api"' });
  return answer(db, key);
}
