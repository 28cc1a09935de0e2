import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedResponse } from "~/fhir/http.server";

/**
 * The open slot feed (SMART Scheduling Links, decision 064): GET /fhir/$bulk-publish, its manifest, and
 * GET /fhir/{file}.ndjson, the files it lists. One route for both: the flat routes' file names cannot spell a literal `$`.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => feedResponse(request, params.file);
