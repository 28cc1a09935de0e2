import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, notFound, withApiKey } from "~/api/http.server";
import { listQuerySchema, listVisits } from "~/api/visits.server";

/** GET /api/v1/visits?studio=…&from=…&to=…[&limit=…&cursor=…] (decision 033): a page of a studio's visits. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  withApiKey(request, context, async (db, key) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const query = listQuerySchema.safeParse(params);
    if (!query.success) {
      const issue = query.error.issues[0]!;
      return apiError(400, "bad_request", `${issue.path.join(".") || "query"}: ${issue.message}`);
    }
    const page = await listVisits(db, key, query.data);
    if (!page.ok) return page.code === "not_found" ? notFound() : apiError(400, "bad_request", page.message);
    return apiJson({ data: page.data, nextCursor: page.nextCursor });
  });
