import { openApiDocument } from "~/api/openapi";
import { getEnv } from "~/platform/env.server";

/** GET /api/v1/openapi.json: the API and webhook payloads, OpenAPI 3.1 (decision 033). Public, cacheable. */
export const loader = () =>
  new Response(JSON.stringify(openApiDocument(getEnv().SITE_ORIGIN), null, 2), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
