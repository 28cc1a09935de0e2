import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, notFound, withApiKey } from "~/api/http.server";
import { readVisit } from "~/api/visits.server";

/** GET /api/v1/visits/{id} (decision 033): the visit at one of the key's studios, else 404. */
export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  withApiKey(request, context, async (db, key) => {
    const visit = await readVisit(db, key, params.id ?? "");
    return visit ? apiJson(visit) : notFound();
  });
