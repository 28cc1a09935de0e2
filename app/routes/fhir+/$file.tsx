import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileResponse } from "~/fhir/http.server";

/** GET /fhir/{file}.ndjson: a file the feed's manifest lists (decision 064). */
export const loader = ({ request, params }: LoaderFunctionArgs) => fileResponse(request, params.file);
