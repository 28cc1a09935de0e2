import type { LoaderFunctionArgs } from "@remix-run/node";
import { manifestResponse } from "~/fhir/http.server";

/** GET /fhir/$bulk-publish: the open slot feed's manifest (SMART Scheduling Links, decision 064). */
export const loader = ({ request }: LoaderFunctionArgs) => manifestResponse(request);
